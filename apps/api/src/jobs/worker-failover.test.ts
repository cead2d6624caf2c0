import { spawn, type ChildProcess } from 'node:child_process';
import type { CreateAnalysisResponse } from '@gprhub/contract';
import { findJobEvents, findJobsOfRun, findJobUnscoped, listAreaLines, listSubAnalyses } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticAreaZip } from '../../../../e2e/support/synthetic-area-scan.js';
import { createFolder, importScanFiles, importSyntheticScan } from '../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../test/support.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const repoRoot = new URL('../../../../', import.meta.url).pathname;
if (!databaseUrl)
  console.warn(
    'worker-failover.test: skipped (worker processes need PostgreSQL: set TEST_DATABASE_URL, as .ci/run does)',
  );

let t: TestApp;
let member: TestMember;
const workers: ChildProcess[] = [];

/** Start `src/worker.ts` as its own process on the test database and storage; resolves when it is ready. */
function startWorker(): Promise<ChildProcess> {
  const storage = t.ctx.config.storage;
  // The app's storage, shared: its folder (api project) or its S3 bucket (api-s3 project).
  const storageEnv =
    storage.driver === 'local'
      ? { STORAGE_DRIVER: 'local', STORAGE_DIR: storage.root }
      : {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: storage.bucket,
          S3_REGION: storage.region,
          S3_ENDPOINT: storage.endpoint ?? '',
          S3_ACCESS_KEY_ID: storage.accessKeyId ?? '',
          S3_SECRET_ACCESS_KEY: storage.secretAccessKey ?? '',
          S3_FORCE_PATH_STYLE: String(storage.forcePathStyle),
        };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...storageEnv,
      DATA_DIR: t.ctx.config.dataDir,
      AUTH_SECRET: t.ctx.config.authSecret,
      ANALYSIS_THREADS: '1',
      ANALYSIS_HEARTBEAT_S: '10',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${log}`)), 60_000);
    child.stdout!.on('data', (d) => {
      log += d;
      if (log.includes('analysis worker')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (d) => (log += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}):\n${log}`));
    });
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.skipIf(!databaseUrl)('a worker process killed in the middle of a job', () => {
  beforeAll(async () => {
    // This app only enqueues: the workers are separate processes.
    t = await getTestApp({ jobs: { inProcessWorker: false, threads: 1, timeoutS: 300, heartbeatS: 10 } });
    member = await createMember(t.app);
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await t?.close();
  });

  it('does not lose the job: another worker runs it again, and it finishes exactly once', async () => {
    const folder = await createFolder(t.app, member);
    // Long enough (several seconds of computing) to be killed in the middle of it.
    const big = await importSyntheticScan(t.app, member, folder, 'long.dzt', {
      traces: 10_000,
      samplesPerTrace: 512,
    });
    const small = await importSyntheticScan(t.app, member, folder, 'short.dzt');
    const first = await startWorker();

    const start = async (analysisType: string, gprScanNodeId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analyses',
        headers: member.headers,
        payload: { analysisType, analysisInput: { gprScanNodeId } },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as CreateAnalysisResponse).analysisRun.id;
    };
    const bigRun = await start('LINE_SCAN_REBAR_2', big);
    const jobsOf = async (runId: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/analysis-runs/${runId}/analysis-jobs`,
        headers: member.headers,
      });
      return res.json().analysisJobs as { id: string }[];
    };
    const [bigJob] = await jobsOf(bigRun);
    // Queued behind it: these must not be lost either.
    const otherRuns = [await start('HYPERBOLA_DETECTION', small), await start('GPR_SCAN_PREVIEW', small)];

    await until(
      'the first worker to take the job',
      async () => (await findJobUnscoped(t.ctx.db, bigJob!.id))?.status === 'ANALYSING',
      60_000,
    );
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const killed = await findJobUnscoped(t.ctx.db, bigJob!.id);
    expect(killed).toMatchObject({ status: 'ANALYSING', attempt: 1 });

    await startWorker();
    const finished = await until(
      'the job to finish on the second worker',
      async () => {
        const job = await findJobUnscoped(t.ctx.db, bigJob!.id);
        return job && (job.status === 'FINISHED' || job.status === 'FAILED') ? job : null;
      },
      120_000,
      250,
    );
    expect(finished).toMatchObject({ status: 'FINISHED', attempt: 2 });
    const history = (await findJobEvents(t.ctx.db, [bigJob!.id])).get(bigJob!.id)!.map((e) => e.event);
    expect(history).toEqual(['CREATED', 'STARTED', 'RETRIED', 'FINISHED']);

    for (const runId of otherRuns) {
      const [job] = await jobsOf(runId);
      const done = await until(
        'the queued jobs to finish',
        async () => {
          const row = await findJobUnscoped(t.ctx.db, job!.id);
          return row && (row.status === 'FINISHED' || row.status === 'FAILED') ? row : null;
        },
        60_000,
        250,
      );
      expect(done.status).toBe('FINISHED');
      const events = (await findJobEvents(t.ctx.db, [job!.id])).get(job!.id)!.map((e) => e.event);
      expect(events.filter((e) => e === 'FINISHED')).toHaveLength(1);
    }
    const byInput = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: big } },
    });
    expect(byInput.json()).toMatchObject({ isDone: true, analysisRun: { id: bigRun, status: 'FINISHED' } });
    expect((byInput.json().results.rebars as unknown[]).length).toBe(2);
  }, 240_000);

  it("analyses an area scan's lines on both workers, loses none when one is killed, and settles it once", async () => {
    const folder = await createFolder(t.app, member, 'Area site');
    const imported = await importScanFiles(t.app, member, folder, [
      { name: 'area.zip', bytes: syntheticAreaZip('Slab 9', 500) },
    ]);
    const areaId = imported.areaScanGroups[0]!.node.nodeId;
    const lineCount = imported.gprScans.length;
    // Exactly two worker processes: the earlier test's survivor goes first.
    for (const w of workers.splice(0))
      if (w.exitCode === null && w.signalCode === null) {
        w.kill('SIGKILL');
        await new Promise((r) => w.once('exit', r));
      }
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json() as CreateAnalysisResponse;
    const org = member.organization.id;
    const storedBy = async () =>
      (await listAreaLines(t.ctx.db, org, created.analysisRun.id)).map((row) => row.workerId);
    const onWorker = (ids: string[], child: ChildProcess) =>
      ids.filter((id) => id.includes(`:${child.pid}:`));

    // Both workers take lines side by side; once each has stored one, the first is killed in the middle of its next.
    await until(
      'both workers to store a line',
      async () => {
        const ids = await storedBy();
        return (onWorker(ids, a).length > 0 && onWorker(ids, b).length > 0) || ids.length === lineCount;
      },
      120_000,
      100,
    );
    a.kill('SIGKILL');
    await new Promise((r) => a.once('exit', r));

    const [job] = await findJobsOfRun(t.ctx.db, org, created.analysisRun.id);
    const settled = await until(
      'the area job to settle',
      async () => {
        const row = await findJobUnscoped(t.ctx.db, job!.id);
        return row && (row.status === 'FINISHED' || row.status === 'FAILED') ? row : null;
      },
      180_000,
      250,
    );
    expect(settled).toMatchObject({ status: 'FINISHED', lineCount, linesDone: lineCount });
    const ids = await storedBy();
    // Every line stored exactly once, and lines ran on both worker processes.
    expect(ids).toHaveLength(lineCount);
    expect(onWorker(ids, a).length).toBeGreaterThan(0);
    expect(onWorker(ids, b).length).toBeGreaterThan(0);
    expect(onWorker(ids, a).length + onWorker(ids, b).length).toBe(lineCount);
    const history = (await findJobEvents(t.ctx.db, [job!.id])).get(job!.id)!.map((e) => e.event);
    expect(history.filter((e) => e === 'FINISHED')).toHaveLength(1);
    const subs = await listSubAnalyses(t.ctx.db, org, created.analysis.nodeId);
    expect(subs).toHaveLength(lineCount);
    expect(new Set(subs.map((s) => (s.analysis.input as { gprScanNodeId: string }).gprScanNodeId)).size).toBe(
      lineCount,
    );
    const byInput = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    expect(byInput.json()).toMatchObject({ isDone: true, analysisRun: { status: 'FINISHED' } });
    expect((byInput.json().results.lines as unknown[]).length).toBe(lineCount);
    expect((byInput.json().results.rebars as unknown[]).length).toBe(5);
  }, 360_000);
});
