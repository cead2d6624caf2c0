import type { AnalysisByInputResponse, AnalysisJob, CreateAnalysisResponse } from '@gprhub/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGprScan } from '@gprhub/db';
import { createFolder, importScanFiles, importSyntheticScan } from '../../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { buildVendorZip } from '../../../../../packages/gpr/test/vendor-fixture.js';

let t: TestApp;
let member: TestMember;
let folderId: string;
let scanId: string;

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  member = await createMember(t.app);
  folderId = await createFolder(t.app, member);
  scanId = await importSyntheticScan(t.app, member, folderId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function post<T>(
  url: string,
  payload: object,
  headers = member.headers,
): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  return { status: res.statusCode, body: res.json() as T };
}
async function get<T>(url: string, headers = member.headers): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as T };
}
const q = (query: object) => `q=${encodeURIComponent(JSON.stringify(query))}`;

/** Poll by-input (as the scan pages do) until the latest run is done. */
async function waitDone(
  analysisType: string,
  analysisInput: object,
  timeoutMs = 60_000,
): Promise<AnalysisByInputResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await post<AnalysisByInputResponse>('/api/analyses/by-input', {
      analysisType,
      analysisInput,
    });
    expect(status).toBe(200);
    if (body.isDone) return body;
    if (Date.now() > deadline)
      throw new Error(`analysis not done in time: ${JSON.stringify(body.analysisRun)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('line-scan rebar analysis through the queue', () => {
  let created: CreateAnalysisResponse;
  let done: AnalysisByInputResponse;

  it('starts a run that a worker takes, and serves its results by input', async () => {
    const before = await post<AnalysisByInputResponse>('/api/analyses/by-input', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    expect(before.body).toEqual({
      analysis: null,
      analysisRun: null,
      results: null,
      isDone: false,
      isPartial: false,
    });

    const res = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    expect(res.status).toBe(200);
    created = res.body;
    expect(created.started).toBe(true);
    expect(created.analysis).toMatchObject({
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisTypeLabel: 'Line scan rebar analysis 2',
      parentId: scanId,
    });
    expect(['CREATED', 'ANALYSING', 'FINISHED']).toContain(created.analysisRun.status);

    done = await waitDone('LINE_SCAN_REBAR_2', { gprScanNodeId: scanId });
    expect(done.analysisRun).toMatchObject({ id: created.analysisRun.id, status: 'FINISHED', progress: 100 });
    expect(done.analysis!.status).toBe('FINISHED');
    const rebars = done.results!.rebars as {
      xM: number;
      coverM: number;
      R: number;
      depthCoords: number[][];
      usesDefaultRadius: boolean;
    }[];
    // The synthetic scan holds bars at 0.2 m (cover 40 mm) and 0.5 m (cover 60 mm).
    expect(rebars.map((r) => Math.round(r.xM * 100))).toEqual([20, 50]);
    // Covers come through from the engine (its accuracy is measured by `npm run bench:accuracy`, not here).
    const covers = rebars.map((r) => r.coverM * 1000);
    expect(Math.abs(covers[0]! - 40)).toBeLessThan(8);
    expect(Math.abs(covers[1]! - 60)).toBeLessThan(8);
    expect((done.results!.materialProperties as number[]).length).toBe(4);
  }, 90_000);

  it('reuses the run for the same input, and starts a new one on rerunIfExists or new run options', async () => {
    const again = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    expect(again.body.started).toBe(false);
    expect(again.body.analysisRun.id).toBe(created.analysisRun.id);
    expect(again.body.analysis.nodeId).toBe(created.analysis.nodeId);

    const rerun = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
      rerunIfExists: true,
    });
    expect(rerun.body.started).toBe(true);
    expect(rerun.body.analysis.nodeId).toBe(created.analysis.nodeId);
    expect(rerun.body.analysisRun.id).not.toBe(created.analysisRun.id);
    await waitDone('LINE_SCAN_REBAR_2', { gprScanNodeId: scanId });

    const withPermittivity = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId, permittivity: 9 },
    });
    expect(withPermittivity.body.started).toBe(true);
    const result = await waitDone('LINE_SCAN_REBAR_2', { gprScanNodeId: scanId });
    expect(result.analysisRun!.id).toBe(withPermittivity.body.analysisRun.id);
    expect(result.results!.permittivity).toMatchObject({ value: 9, source: 'user' });
  }, 120_000);

  it('lists the runs and the job with its history, engine version and payload', async () => {
    const runs = await get<{ analysisRuns: { id: string; status: string }[]; total: number }>(
      `/api/analysis-runs/query?${q({ filter: { nodeId: created.analysis.nodeId }, sort: { field: 'createdAt', direction: 'asc' } })}`,
    );
    expect(runs.body.total).toBe(3);
    expect(runs.body.analysisRuns[0]!.id).toBe(created.analysisRun.id);
    const jobs = await get<{ analysisJobs: AnalysisJob[] }>(
      `/api/analysis-runs/${created.analysisRun.id}/analysis-jobs`,
    );
    expect(jobs.status).toBe(200);
    const [job] = jobs.body.analysisJobs;
    expect(job).toMatchObject({
      status: 'FINISHED',
      isFinished: true,
      attempts: 1,
      analysisEngineVersion: expect.stringMatching(/rebar/),
    });
    expect(job!.history.map((e) => e.event)).toEqual(['CREATED', 'STARTED', 'FINISHED']);
    expect(job!.statusEvent!.event).toBe('FINISHED');

    const payload = await get<{ payload: Record<string, unknown> }>(
      `/api/analysis-jobs/${job!.id}/payload?analysisType=LINE_SCAN_REBAR_2`,
    );
    expect(payload.body.payload).toMatchObject({
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    const wrongType = await get(`/api/analysis-jobs/${job!.id}/payload?analysisType=AREA_SCAN_REBAR_2`);
    expect(wrongType.status).toBe(400);

    const byRun = await get<{ analysisJobs: AnalysisJob[]; total: number }>(
      `/api/analysis-jobs/query?${q({ filter: { analysisRunId: created.analysisRun.id } })}`,
    );
    expect(byRun.body.analysisJobs.map((j) => j.id)).toEqual([job!.id]);
  });

  it('keeps one correction per analysis, based on a run, and deletes it', async () => {
    const input = { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: scanId } };
    expect((await post('/api/analyses/corrections/by-input', input)).body).toEqual({
      analysisCorrection: null,
    });
    const rebar = {
      id: '5f0c7a52-9d1e-4c0b-8a44-4d9c2b1e7f10',
      depthCoords: [[0.31, 0, 0.051]],
      R: 0.008,
      orientation: 1,
      usesDefaultRadius: false,
    };
    const body = {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisNodeId: created.analysis.nodeId,
      basedOnAnalysisRunId: created.analysisRun.id,
    };
    const saved = await post<{ id: string; correctedAnalysisResults: { rebars: unknown[] } }>(
      '/api/analysis-corrections',
      { ...body, correctedAnalysisResults: { rebars: [rebar] } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.correctedAnalysisResults.rebars).toEqual([rebar]);
    const replaced = await post<{ id: string }>('/api/analysis-corrections', {
      ...body,
      correctedAnalysisResults: { rebars: [] },
    });
    expect(replaced.body.id).toBe(saved.body.id);
    const found = await post<{
      analysisCorrection: { id: string; correctedAnalysisResults: object; basedOnAnalysisRunId: string };
    }>('/api/analyses/corrections/by-input', input);
    expect(found.body.analysisCorrection).toMatchObject({
      id: saved.body.id,
      correctedAnalysisResults: { rebars: [] },
      basedOnAnalysisRunId: created.analysisRun.id,
    });

    const otherRun = await post<{ message: string }>('/api/analysis-corrections', {
      ...body,
      basedOnAnalysisRunId: '0b7a4a7e-3b1f-4e8e-9a55-6f3c1c1d2e4f',
      correctedAnalysisResults: {},
    });
    expect(otherRun.status).toBe(400);
    expect(otherRun.body.message).toBe('basedOnAnalysisRunId is not a run of this analysis');
    const badRebar = await post<{ message: string }>('/api/analysis-corrections', {
      ...body,
      correctedAnalysisResults: { rebars: [{ ...rebar, R: -1 }] },
    });
    expect(badRebar.status).toBe(400);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/analysis-corrections/${saved.body.id}`,
          headers: member.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/analysis-corrections/${saved.body.id}`,
          headers: member.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post('/api/analyses/corrections/by-input', input)).body).toEqual({
      analysisCorrection: null,
    });
  });
});

describe('other analysis types', () => {
  it('GPR_SCAN_PREVIEW stores a PNG that becomes the scan preview', async () => {
    await post('/api/analyses', {
      analysisType: 'GPR_SCAN_PREVIEW',
      analysisInput: { gprScanNodeId: scanId },
    });
    const done = await waitDone('GPR_SCAN_PREVIEW', { gprScanNodeId: scanId });
    expect(done.analysisRun!.status).toBe('FINISHED');
    const url = new URL(done.results!.previewImageUrl as string);
    const png = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const scan = await findGprScan(t.ctx.db, member.organization.id, scanId);
    expect(scan?.scan.previewFileId).toBeTruthy();
    const details = await get<{ previewImageUrl: string | null }>(`/api/gpr-scans/${scanId}/details`);
    expect(details.body.previewImageUrl).toMatch(/^http/);
  }, 60_000);

  it('HYPERBOLA_DETECTION answers the hyperbolas with confidences', async () => {
    await post('/api/analyses', {
      analysisType: 'HYPERBOLA_DETECTION',
      analysisInput: { gprScanNodeId: scanId },
    });
    const done = await waitDone('HYPERBOLA_DETECTION', { gprScanNodeId: scanId });
    const hyperbolas = done.results!.hyperbolas as {
      xIdx: number;
      tIdx: number;
      confidence: number;
      classification: string;
    }[];
    expect(hyperbolas.length).toBe(2);
    expect(hyperbolas.map((h) => Math.round(h.xIdx / 10))).toEqual([10, 25]); // 0.2 m and 0.5 m at 2 mm per trace
    for (const h of hyperbolas)
      expect(h).toMatchObject({ classification: 'rebar', confidence: expect.any(Number) });
  }, 60_000);

  it('LINE_SCAN_DUAL_ORIENTATION_REBAR_2 analyses both scans with one permittivity', async () => {
    const other = await importSyntheticScan(t.app, member, folderId, 'L002.dzt', {
      seed: 5,
      bars: [{ x0M: 0.3, coverM: 0.05, radiusM: 0.006 }],
    });
    const input = { parallelGprScanNodeId: scanId, perpendicularGprScanNodeId: other };
    const res = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
      analysisInput: input,
    });
    expect(res.body.analysis.parentId).toBe(scanId);
    const done = await waitDone('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', input);
    expect(done.analysisRun!.status).toBe('FINISHED');
    const parallel = done.results!.parallel as {
      rebars: { orientation: number }[];
      permittivity: { value: number };
    };
    const perpendicular = done.results!.perpendicular as {
      rebars: { orientation: number }[];
      permittivity: { value: number };
    };
    expect(parallel.rebars.length).toBe(2);
    expect(perpendicular.rebars.length).toBe(1);
    expect(parallel.permittivity.value).toBe(perpendicular.permittivity.value);
    // The same pair in the other order is another input (the roles differ).
    const swapped = await post<CreateAnalysisResponse>('/api/analyses/by-input', {
      analysisType: 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
      analysisInput: { parallelGprScanNodeId: other, perpendicularGprScanNodeId: scanId },
    });
    expect(swapped.body.analysis).toBeNull();
  }, 90_000);

  it('AREA_SCAN_REBAR_2 analyses every line of an area scan and leaves a sub-analysis per line', async () => {
    const imported = await importScanFiles(t.app, member, folderId, [
      { name: 'area.zip', bytes: buildVendorZip(undefined, 3) },
    ]);
    const areaId = imported.areaScanGroups[0]!.node.nodeId;
    const res = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'AREA_SCAN_REBAR_2',
      analysisInput: { areaScanNodeId: areaId },
    });
    expect(res.status).toBe(200);
    const done = await waitDone('AREA_SCAN_REBAR_2', { areaScanNodeId: areaId });
    expect(done.analysisRun!.status).toBe('FINISHED');
    const lines = done.results!.lines as { nodeId: string }[];
    expect(lines.map((l) => l.nodeId).sort()).toEqual(imported.gprScans.map((s) => s.node.nodeId).sort());
    const subs = await get<{
      analyses: { analysisType: string; parentAnalysisNodeId: string; status: string; parentId: string }[];
    }>(`/api/analyses/${res.body.analysis.nodeId}/sub-analyses`);
    expect(subs.body.analyses).toHaveLength(3);
    for (const sub of subs.body.analyses) {
      expect(sub).toMatchObject({
        analysisType: 'LINE_SCAN_REBAR_2',
        parentAnalysisNodeId: res.body.analysis.nodeId,
        status: 'FINISHED',
      });
    }
    // In the order of the lines (CSV line number), not by the analyses' names (all alike).
    const lineScans = await get<{ gprScans: { nodeId: string }[] }>(`/api/area-scans/${areaId}/line-scans`);
    expect(
      subs.body.analyses.map(
        (a) => (a as unknown as { analysisInput: { gprScanNodeId: string } }).analysisInput.gprScanNodeId,
      ),
    ).toEqual(lineScans.body.gprScans.map((s) => s.nodeId));
    // The analyses list can hide per-line analyses (filter parentAnalysisNodeId: null) or show only them.
    const topLevel = await get<{ analyses: { nodeId: string }[] }>(
      `/api/analyses/query?${q({ filter: { nodeId: areaId, parentAnalysisNodeId: null }, limit: 100 })}`,
    );
    expect(topLevel.body.analyses.map((a) => a.nodeId)).toEqual([res.body.analysis.nodeId]);
    const perLine = await get<{ total: number }>(
      `/api/analyses/query?${q({ filter: { parentAnalysisNodeId: res.body.analysis.nodeId } })}`,
    );
    expect(perLine.body.total).toBe(3);
    // One analysis by id, with its latest run's status.
    const one = await get<{ nodeId: string; status: string; analysisType: string }>(
      `/api/analyses/${res.body.analysis.nodeId}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      nodeId: res.body.analysis.nodeId,
      analysisType: 'AREA_SCAN_REBAR_2',
      status: 'FINISHED',
    });
    expect((await get(`/api/analyses/${areaId}`)).status).toBe(404);
  }, 90_000);
});

describe('failures', () => {
  it('ends a job whose input cannot be read FAILED, with its message in the history', async () => {
    const broken = await importSyntheticScan(t.app, member, folderId, 'L009.dzt');
    const row = await findGprScan(t.ctx.db, member.organization.id, broken);
    const { findFilesByIds } = await import('@gprhub/db');
    const [file] = await findFilesByIds(t.ctx.db, member.organization.id, [row!.scan.fileId]);
    await t.ctx.storage.delete(file!.storageKey);
    await post('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: broken },
    });
    const done = await waitDone('LINE_SCAN_REBAR_2', { gprScanNodeId: broken });
    expect(done.analysisRun!.status).toBe('FAILED');
    expect(done.analysisRun!.message).toBeTruthy();
    expect(done.results).toBeNull();
    const jobs = await get<{ analysisJobs: AnalysisJob[] }>(
      `/api/analysis-runs/${done.analysisRun!.id}/analysis-jobs`,
    );
    const last = jobs.body.analysisJobs[0]!.history.at(-1)!;
    expect(last).toMatchObject({ event: 'FAILED', message: done.analysisRun!.message });
    // A failed run is not reused: asking again starts a new run.
    const retry = await post<CreateAnalysisResponse>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: broken },
    });
    expect(retry.body.started).toBe(true);
  }, 60_000);

  it('refuses inputs that do not fit their type, with the reason', async () => {
    const missing = await post<{ message: string }>('/api/analyses', {
      analysisType: 'AREA_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'AREA_SCAN_REBAR_2 needs areaScanNodeId in analysisInput' },
    });
    const mesh = await post<{ message: string }>('/api/analyses', {
      analysisType: 'GENERATE_MESH',
      analysisInput: { threeDModelVersionId: scanId },
    });
    // A scan's id is no 3D model version of the organization.
    expect(mesh.status).toBe(404);
    const folderAsScan = await post<{ message: string }>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: folderId },
    });
    expect(folderAsScan.status).toBe(400);
    expect(folderAsScan.body.message).toBe(`Node ${folderId} is not a GPR scan of this organization`);
    const unknown = await post('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
    });
    expect(unknown.status).toBe(404);
    const badType = await post<{ validationErrors: { path: string }[] }>('/api/analyses', {
      analysisType: 'NOPE',
      analysisInput: {},
    });
    expect(badType.status).toBe(400);
    expect(badType.body.validationErrors[0]!.path).toBe('analysisType');
    const notUuid = await post<{ validationErrors: { path: string; message: string }[] }>('/api/analyses', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: 'x' },
    });
    expect(notUuid.body.validationErrors).toEqual([
      {
        path: 'analysisInput.gprScanNodeId',
        message: 'Please provide a valid uuid for property analysisInput.gprScanNodeId',
      },
    ]);
  });
});

describe('queries', () => {
  it('lists analyses by the node they analyse, by type, sorted', async () => {
    const ofScan = await get<{ analyses: { analysisType: string; parentId: string }[]; total: number }>(
      `/api/analyses/query?${q({ filter: { nodeId: scanId }, sort: { field: 'analysisType', direction: 'asc' }, limit: 100 })}`,
    );
    const types = ofScan.body.analyses.map((a) => a.analysisType);
    expect(types).toEqual([...types].sort());
    expect(types).toEqual(
      expect.arrayContaining([
        'GPR_SCAN_PREVIEW',
        'HYPERBOLA_DETECTION',
        'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
        'LINE_SCAN_REBAR_2',
      ]),
    );
    const onlyPreview = await get<{ analyses: { analysisType: string }[]; total: number }>(
      `/api/analyses/query?${q({ filter: { analysisTypeIn: ['GPR_SCAN_PREVIEW'] } })}`,
    );
    expect(onlyPreview.body.total).toBe(1);
    const paged = await get<{ analyses: unknown[]; total: number }>(
      `/api/analyses/query?${q({ limit: 2, skip: 0 })}`,
    );
    expect(paged.body.analyses).toHaveLength(2);
    expect(paged.body.total).toBeGreaterThan(4);
    const bad = await get<{ message: string }>(`/api/analyses/query?q=nope`);
    expect(bad.body.message).toBe('The provided data is not a valid object');
  });

  it("never shows another organization's analyses", async () => {
    const stranger = await createMember(t.app);
    const list = await get<{ total: number }>(`/api/analyses/query`, stranger.headers);
    expect(list.body.total).toBe(0);
    const byInput = await post(
      '/api/analyses/by-input',
      { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: scanId } },
      stranger.headers,
    );
    expect(byInput.status).toBe(404);
  });
});
