import { randomUUID } from 'node:crypto';
import type { CreateAnalysisResponse } from '@gprhub/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, findJobsOfRun, findJobUnscoped, listSubAnalyses } from '@gprhub/db';
import { buildVendorZip } from '../../../../packages/gpr/test/vendor-fixture.js';
import { createFolder, importScanFiles } from '../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../test/support.js';
import { finishJob } from './analysis-results.js';

// No worker runs here: the test plays the worker, so it can make the settling transaction fail half-way.
let t: TestApp;
let member: TestMember;
let areaId: string;
let lineIds: string[];

beforeAll(async () => {
  t = await getTestApp();
  member = await createMember(t.app);
  const folderId = await createFolder(t.app, member);
  const imported = await importScanFiles(t.app, member, folderId, [
    { name: 'area.zip', bytes: buildVendorZip(undefined, 3) },
  ]);
  areaId = imported.areaScanGroups[0]!.node.nodeId;
  lineIds = imported.gprScans.map((s) => s.node.nodeId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an area analysis settles together with its per-line analyses', () => {
  it('writes neither the FINISHED status nor any line when a line cannot be written, then all of them at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json() as CreateAnalysisResponse;
    const analysisNodeId = created.analysis.nodeId;
    const { db } = t.ctx;
    const orgId = member.organization.id;
    const [queued] = await findJobsOfRun(db, orgId, created.analysisRun.id);
    const job = await claimJob(db, queued!.id, 'test worker');
    expect(job).not.toBeNull();
    const line = (nodeId: string) => ({ nodeId, rebars: [], hyperbolas: [] });

    // The third line names a scan that does not exist: its analysis cannot be written (a crash at that point).
    const broken = { results: { lines: [line(lineIds[0]!), line(lineIds[1]!), line(randomUUID())] } };
    await expect(finishJob(t.ctx, job!, broken)).rejects.toThrow();
    expect((await findJobUnscoped(db, job!.id))!.status).toBe('ANALYSING');
    expect(await listSubAnalyses(db, orgId, analysisNodeId)).toHaveLength(0);

    // A retry of the attempt settles it, and whoever reads it FINISHED reads every line with it.
    expect(await finishJob(t.ctx, job!, { results: { lines: lineIds.map(line) } })).toBe(true);
    const byInput = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } },
    });
    expect((byInput.json() as { analysisRun: { status: string } }).analysisRun.status).toBe('FINISHED');
    const subs = await listSubAnalyses(db, orgId, analysisNodeId);
    expect(subs.map((s) => s.run?.status)).toEqual(['FINISHED', 'FINISHED', 'FINISHED']);
    // Settled once: a second settle of the same attempt changes nothing.
    expect(await finishJob(t.ctx, job!, { results: { lines: lineIds.map(line) } })).toBe(false);
    expect(await listSubAnalyses(db, orgId, analysisNodeId)).toHaveLength(3);
  }, 60_000);
});
