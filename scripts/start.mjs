#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then serve the app (the server
// migrates the database at start). Embedded PGlite in ./data unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib/bootstrap.mjs';

const started = Date.now();
ensureInstalled();
ensureBuilt();
console.log(`→ Prepared in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server…`);
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
