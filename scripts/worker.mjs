#!/usr/bin/env node
// `npm run worker`: install and build what is missing, then run an analysis worker process
// (needs DATABASE_URL to a PostgreSQL the app also uses; see README "Analysis workers").
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib/bootstrap.mjs';

ensureInstalled();
ensureBuilt();
const worker = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/worker.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
