// Bundle the API into dist/server.js (and dist/worker.js): our workspace packages are bundled in, third-party packages
// stay external (resolved from node_modules at run time). Migrations are copied beside it.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
// API_OUT (a folder inside apps/api, default dist) lets parallel work keep its own build.
const out = process.env.API_OUT ?? 'dist';
rmSync(`${here}${out}`, { recursive: true, force: true });

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gprhub/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: here,
  // The server, the standalone worker (`npm run worker`), the analysis thread (loaded by both, beside them) and
  // the import-reading thread.
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    'compute-thread': 'src/jobs/compute-thread.ts',
    'import-thread': 'src/modules/gpr-scans/import-thread.ts',
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
cpSync(`${here}../../packages/db/drizzle`, `${here}${out}/drizzle`, { recursive: true });
console.log(`api: built ${out}/server.js, ${out}/worker.js, ${out}/compute-thread.js, ${out}/import-thread.js`);
