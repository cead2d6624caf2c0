import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openContext } from './context.js';

/**
 * `npm run worker`: a process that only works the analysis queue, against a PostgreSQL DATABASE_URL and the
 * storage the app uses (S3, or a shared STORAGE_DIR). Start as many as you like, on any machines.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      '\nThe analysis worker needs a PostgreSQL DATABASE_URL.\n' +
        'The embedded database (PGlite) belongs to the one app process that opened it, and that process already runs\n' +
        'the analyses itself. To add workers, run the app and the workers against PostgreSQL with shared storage\n' +
        '(STORAGE_DRIVER=s3, or STORAGE_DIR on a shared disk).\n',
    );
    process.exit(1);
  }
  const here = fileURLToPath(new URL('.', import.meta.url));
  const bundledMigrations = `${here}drizzle`;
  const ctx = await openContext(config, {
    migrationsFolder: existsSync(bundledMigrations) ? bundledMigrations : undefined,
  });
  // The app is built (not listened on) so the worker shares the exact module wiring of the server.
  const app = await buildApp(ctx, { logger: { level: config.logLevel } });
  await app.ready();
  await app.analysisJobs.startWorker();
  console.log(
    `GPR Hub analysis worker ${process.pid} ready (${config.jobs.threads} thread(s), time limit ${config.jobs.timeoutS} s)`,
  );
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
