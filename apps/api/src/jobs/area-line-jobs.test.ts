import type { CreateAnalysisResponse } from '@gprhub/contract';
import {
  claimJob,
  findJobEvents,
  findJobsOfRun,
  findJobUnscoped,
  listAreaLines,
  listSubAnalyses,
  storeAreaLine,
} from '@gprhub/db';
import { analyzeAreaScan } from '@gprhub/gpr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticAreaZip } from '../../../../e2e/support/synthetic-area-scan.js';
import { loadAreaScanLines } from '../scan-data/gpr-scan-data.js';
import { createFolder, importScanFiles } from '../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../test/support.js';
import { lineResults } from './compute.js';
import { runAreaCombine, runAreaLine, splitAreaJob } from './area-line-jobs.js';
import type { AreaLineMessage } from './queue.js';
import { ThreadRunner } from './thread-runner.js';

// No queue worker runs here: the test plays the workers, so it can deliver line jobs twice and out of order.
let t: TestApp;
let member: TestMember;
let runner: ThreadRunner;
let areaId: string;

beforeAll(async () => {
  t = await getTestApp();
  member = await createMember(t.app);
  runner = new ThreadRunner(1);
  const folderId = await createFolder(t.app, member);
  const imported = await importScanFiles(t.app, member, folderId, [
    { name: 'area.zip', bytes: syntheticAreaZip('Slab 7', 300) },
  ]);
  areaId = imported.areaScanGroups[0]!.node.nodeId;
}, 120_000);
afterAll(async () => {
  await runner?.close();
  await t?.close();
});

const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k, v]) => k !== 'id' && v !== undefined)
            .map(([k, v]) => [k, withoutIds(v)]),
        )
      : value;

async function startAreaJob(rerunIfExists = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analyses',
    headers: member.headers,
    payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId }, rerunIfExists },
  });
  expect(res.statusCode).toBe(200);
  const created = res.json() as CreateAnalysisResponse;
  const [queued] = await findJobsOfRun(t.ctx.db, member.organization.id, created.analysisRun.id);
  const job = await claimJob(t.ctx.db, queued!.id, 'test worker');
  const messages: AreaLineMessage[] = [];
  await splitAreaJob(t.ctx, job!, async (m) => void messages.push(...m));
  return { created, job: job!, messages };
}

describe('an area analysis split into line jobs', () => {
  it('stores each line once however often its job runs, combines once, and equals the one-piece analysis', async () => {
    const { created, job, messages } = await startAreaJob();
    expect(messages).toHaveLength(9);
    expect(messages.map((m) => m.lineIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await findJobUnscoped(t.ctx.db, job.id))!.lineCount).toBe(9);

    // Out of order, one delivered twice before the end: only the line that completes the set says so.
    const [b, ...others] = [messages[1]!, ...messages.filter((_, i) => i !== 1).reverse()];
    for (const [i, m] of others.entries())
      expect(await runAreaLine(t.ctx, runner, `worker-${i % 2}`, m)).toBe(false);
    expect(await runAreaLine(t.ctx, runner, 'worker-1', others[0]!)).toBe(false);
    // Partial results: the lines stored so far, while the area job is still ANALYSING.
    const partial = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    expect(partial.json()).toMatchObject({ isPartial: true, isDone: false });
    expect(Object.keys(partial.json().results.lines ?? partial.json().results).length).toBeGreaterThan(0);
    expect(await runAreaLine(t.ctx, runner, 'worker-1', b)).toBe(true);
    // A re-run after the set is complete (its worker died before queueing the combine step) says so again.
    expect(await runAreaLine(t.ctx, runner, 'worker-2', b)).toBe(true);
    const rows = await listAreaLines(t.ctx.db, member.organization.id, created.analysisRun.id);
    expect(rows.map((r) => r.lineIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await findJobUnscoped(t.ctx.db, job.id))!.linesDone).toBe(9);

    // Two combine steps (a duplicate delivery): the job settles once, with one sub-analysis per line.
    await Promise.all([
      runAreaCombine(t.ctx, runner, { jobId: job.id, step: 'combine' }),
      runAreaCombine(t.ctx, runner, { jobId: job.id, step: 'combine' }),
    ]);
    const settled = await findJobUnscoped(t.ctx.db, job.id);
    expect(settled!.status).toBe('FINISHED');
    const history = (await findJobEvents(t.ctx.db, [job.id])).get(job.id)!.map((e) => e.event);
    expect(history.filter((e) => e === 'FINISHED')).toHaveLength(1);
    expect(await listSubAnalyses(t.ctx.db, member.organization.id, created.analysis.nodeId)).toHaveLength(9);

    // The same results as analysing the whole area in one piece.
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    const results = done.json().results as Record<string, unknown>;
    const area = await loadAreaScanLines(t.ctx, member.organization.id, areaId);
    const whole = analyzeAreaScan(area.lines);
    const expected = {
      permittivity: whole.permittivity,
      rebars: whole.rebars,
      materialProperties: whole.materialProperties.values,
      materialPropertyDetails: whole.materialProperties.details,
      lines: whole.lines.map((line, i) => ({
        ...lineResults(line),
        nodeId: area.lines[i]!.nodeId,
        direction: area.lines[i]!.direction,
        offsetM: area.lines[i]!.offsetM,
      })),
      warnings: whole.warnings,
    };
    expect(whole.rebars.length).toBe(5);
    expect(withoutIds(results)).toEqual(withoutIds(JSON.parse(JSON.stringify(expected))));
  }, 120_000);

  it('counts concurrent line stores atomically: exactly one completes the set', async () => {
    const { job, messages } = await startAreaJob(true);
    const stores = await Promise.all(
      [...messages, ...messages].map((m, i) =>
        storeAreaLine(t.ctx.db, {
          jobId: job.id,
          lineNodeId: m.lineNodeId,
          lineIndex: m.lineIndex,
          detections: { line: m.lineIndex },
          result: { nodeId: m.lineNodeId },
          workerId: `w${i % 2}`,
        }),
      ),
    );
    expect(stores.filter((s) => s!.isNew)).toHaveLength(9);
    expect(stores.filter((s) => s!.isNew && s!.linesDone === 9)).toHaveLength(1);
    expect((await findJobUnscoped(t.ctx.db, job.id))!.linesDone).toBe(9);
  }, 60_000);

  it('stores nothing for an area job that is no longer ANALYSING', async () => {
    const { job, messages } = await startAreaJob(true);
    const { settleJob } = await import('@gprhub/db');
    await settleJob(t.ctx.db, job, { status: 'FAILED', message: 'stopped' });
    expect(await runAreaLine(t.ctx, runner, 'worker-1', messages[0]!)).toBe(false);
    expect(
      await storeAreaLine(t.ctx.db, {
        jobId: job.id,
        lineNodeId: messages[0]!.lineNodeId,
        lineIndex: 0,
        detections: {},
        result: {},
        workerId: 'w',
      }),
    ).toBeNull();
  }, 60_000);
});
