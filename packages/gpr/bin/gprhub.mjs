#!/usr/bin/env node
// Launcher for the gprhub command line: registers tsx so Node can load the TypeScript sources, then runs them.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
