import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { DataDirLockedError } from '@gprhub/db';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openContext } from './context.js';
import { startOrphanSweep } from './storage/index.js';

/** Start the server: open (and migrate) the database, build the app, listen. */
async function main(): Promise<void> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  // In the bundled build, migrations and the web app sit beside server.js (see build.mjs).
  const bundledMigrations = `${here}drizzle`;
  const bundledWeb = `${here}../../web/dist`;
  const config = loadConfig();
  if (!config.webDist && existsSync(`${bundledWeb}/index.html`)) config.webDist = bundledWeb;
  const started = Date.now();
  let ctx;
  try {
    ctx = await openContext(config, { migrationsFolder: existsSync(bundledMigrations) ? bundledMigrations : undefined });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(ctx, { logger: { level: config.logLevel } });
  let closing = false;
  let stopSweep = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await stopSweep();
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  // The embedded database has no other worker; with PostgreSQL, ANALYSIS_WORKER=off leaves it to `npm run worker`.
  if (config.jobs.inProcessWorker || !config.databaseUrl) await app.analysisJobs.startWorker();
  // What a crash left in storage (decisions/0020): now, then every STORAGE_SWEEP_INTERVAL_S.
  stopSweep = startOrphanSweep(ctx, config.storageSweep, app.log);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`GPR Hub ready at ${config.publicUrl} (database: ${where}; started in ${Date.now() - started} ms)`);
  if (!config.webDist) console.warn('No web build found: run `npm run build` to serve the app');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
