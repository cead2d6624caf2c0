/**
 * The analysis queue on PostgreSQL, through 1, 2 and 4 worker processes (the bundled `dist/worker.js`, one
 * thread each): an area scan of BENCH_AREA_LINES lines (default 24; one job per line and a combine step,
 * decisions/0032), printing its wall time and the speed-up over one worker; then BENCH_QUEUE_JOBS (default 500)
 * line-scan analyses, printing throughput and the enqueue-to-done latency p50/p95. Uses BENCH_DATABASE_URL or
 * TEST_DATABASE_URL or a local server (its schema is reset); skipped when no PostgreSQL answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema, inArray } from '@gprhub/db';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openContext } from '../src/context.js';
import { createSyntheticBScan } from '@gprhub/gpr';
import { zipSync } from 'fflate';
import { encodeDzt } from '../../../packages/gpr/bench/dzt-writer.js';
import { utf16le } from '../../../packages/gpr/test/builders.js';
import { createFolder, importScanFiles, importSyntheticScan } from '../src/test/scans.js';
import type { TestMember } from '../src/test/support.js';

const JOBS = Number(process.env.BENCH_QUEUE_JOBS || 500);
const AREA_LINES = Number(process.env.BENCH_AREA_LINES || 24);
const repoRoot = new URL('../../../', import.meta.url).pathname;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function postgresUrl(): Promise<string | undefined> {
  const url =
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;',
    );
    await c.end();
    return url;
  } catch {
    return undefined;
  }
}

// Workers run as in production: the bundled dist/worker.js (and its dist/compute-thread.js).
const built = spawnSync('npm', ['run', 'build', '--workspace', '@gprhub/api'], {
  cwd: repoRoot,
  stdio: 'ignore',
});
if (built.status !== 0) throw new Error('npm run build --workspace @gprhub/api failed');
const url = await postgresUrl();
if (!url) {
  console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); queue benchmark skipped');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'gprhub-queue-bench-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench',
    AUTH_RATE_LIMIT: '100000',
  }),
  databaseUrl: url,
};
config.jobs = { ...config.jobs, inProcessWorker: false };
const ctx = await openContext(config);
const app = await buildApp(ctx);
await app.ready();
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  payload: { email: 'q@example.com', password: 'bench password 1', name: 'Q' },
});
const token = String(signUp.headers['set-auth-token']);
await app.inject({
  method: 'POST',
  url: '/api/auth/organization/create',
  headers: { authorization: `Bearer ${token}` },
  payload: { name: 'Queue', slug: 'queue' },
});
const member = {
  headers: { authorization: `Bearer ${token}`, 'x-organization': 'queue' },
} as unknown as TestMember;
const folder = await createFolder(app, member);
// A short line scan (300 traces): the benchmark measures the queue, not the engine.
const scanId = await importSyntheticScan(app, member, folder, 'L001.dzt', { traces: 300 });

function startWorker(): Promise<ChildProcess> {
  const storage = config.storage;
  if (storage.driver !== 'local') throw new Error('local storage expected');
  const child = spawn(process.execPath, ['apps/api/dist/worker.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      STORAGE_DIR: storage.root,
      DATA_DIR: dataDir,
      AUTH_SECRET: config.authSecret,
      ANALYSIS_THREADS: '1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('analysis worker') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

/** A vendor-style area export: `lines` DZT lines 5 cm apart over three bars, and its scan-area CSV. */
function areaZip(lines: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const rows: string[] = [];
  const bars = [0.15, 0.3, 0.45].map((x0M, i) => ({ x0M, coverM: 0.04 + 0.01 * i, radiusM: 0.006 }));
  for (let n = 1; n <= lines; n++) {
    const name = `L${String(n).padStart(3, '0')}.dzt`;
    files[`Bench/${name}`] = encodeDzt(
      createSyntheticBScan({ traces: 150, traceSpacingM: 0.004, bars, seed: n }),
    );
    rows.push(`${name}\t${n}\tX\t2.5`);
  }
  const csv = [
    `Grid size X [cm]\t60`,
    `Grid size Y [cm]\t${5 * (lines - 1)}`,
    'Grid spacing X [cm]\t20',
    'Grid spacing Y [cm]\t5',
    'File name\tLine number\tDirection\tScans per cm',
    ...rows,
  ];
  files['Bench/Bench.csv'] = utf16le(csv.join('\r\n'));
  return zipSync(files);
}
const area = await importScanFiles(app, member, folder, [
  { name: 'bench-area.zip', bytes: areaZip(AREA_LINES) },
]);
const areaId = area.areaScanGroups[0]!.node.nodeId;

console.log(
  `AREA_SCAN_REBAR_2 of ${AREA_LINES} lines (150 traces each; one job per line, then a combine step), ${cpus().length} cores`,
);
console.log(`${'workers'.padEnd(10)} ${'wall s'.padStart(8)} ${'speed-up'.padStart(9)}`);
let oneWorkerS = 0;
for (const count of [1, 2, 4]) {
  const workers = await Promise.all(Array.from({ length: count }, () => startWorker()));
  const t0 = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/analyses',
    headers: member.headers as Record<string, string>,
    payload: {
      analysisType: 'AREA_SCAN_REBAR_2',
      analysisInput: { areaScanNodeId: areaId },
      rerunIfExists: true,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const runId = res.json().analysisRun.id as string;
  let status: string;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(schema.analysisRuns)
      .where(inArray(schema.analysisRuns.id, [runId]));
    status = row!.status;
    if (status === 'FINISHED' || status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wall = (Date.now() - t0) / 1000;
  if (count === 1) oneWorkerS = wall;
  const note =
    count > cpus().length
      ? `  (${count} workers on ${cpus().length} cores: they share the cores, so no faster than ${cpus().length})`
      : '';
  console.log(
    `${String(count).padEnd(10)} ${wall.toFixed(1).padStart(8)} ${`${(oneWorkerS / wall).toFixed(2)}×`.padStart(9)}${status === 'FAILED' ? '  (FAILED)' : ''}${note}`,
  );
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
}
console.log('');

console.log(`${JOBS} LINE_SCAN_REBAR_2 analyses (300 traces each) on PostgreSQL, ${cpus().length} cores`);
console.log(
  `${'workers'.padEnd(10)} ${'jobs/s'.padStart(8)} ${'wall s'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}`,
);
for (const count of [1, 2, 4]) {
  const workers = await Promise.all(Array.from({ length: count }, () => startWorker()));
  const runIds: string[] = [];
  const t0 = Date.now();
  for (let i = 0; i < JOBS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: member.headers as Record<string, string>,
      payload: {
        analysisType: 'LINE_SCAN_REBAR_2',
        analysisInput: { gprScanNodeId: scanId },
        rerunIfExists: true,
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    runIds.push(res.json().analysisRun.id);
  }
  let rows: (typeof schema.analysisRuns.$inferSelect)[];
  for (;;) {
    rows = await ctx.db.select().from(schema.analysisRuns).where(inArray(schema.analysisRuns.id, runIds));
    if (rows.every((r) => r.status === 'FINISHED' || r.status === 'FAILED')) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const wall = (Date.now() - t0) / 1000;
  const failed = rows.filter((r) => r.status === 'FAILED').length;
  const latencies = rows.map((r) => r.finishedAt!.getTime() - r.createdAt.getTime()).sort((a, b) => a - b);
  console.log(
    `${String(count).padEnd(10)} ${(JOBS / wall).toFixed(1).padStart(8)} ${wall.toFixed(1).padStart(8)} ${percentile(latencies, 50).toFixed(0).padStart(9)} ${percentile(latencies, 95).toFixed(0).padStart(9)}${failed ? `  (${failed} failed)` : ''}`,
  );
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
}
await app.close();
await ctx.close();
rmSync(dataDir, { recursive: true, force: true });
