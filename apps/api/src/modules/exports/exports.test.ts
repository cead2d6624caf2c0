import { parse } from 'csv-parse/sync';
import DxfParser from 'dxf-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_TRUTH, syntheticAreaZip } from '../../../../../e2e/support/synthetic-area-scan.js';
import { createFolder, postZip } from '../../test/gpr-scan-imports.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';

// Issue #21 item 2: the fixed export contract, on an imported area with known bars.
let t: TestApp;
let m: TestMember;
let other: TestMember;
let areaId: string;
let firstLineId: string;

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  m = await createMember(t.app);
  other = await createMember(t.app);
  const folder = await createFolder(t, m);
  const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', syntheticAreaZip('Slab 7'), { parentId: folder });
  expect(res.statusCode).toBe(201);
  areaId = res.json().areaScanGroups[0].node.nodeId;
  firstLineId = res.json().gprScans.find((s: { node: { name: string } }) => s.node.name.startsWith('L001')).node.nodeId;
  for (const [analysisType, analysisInput] of [
    ['AREA_SCAN_REBAR_2', { areaScanNodeId: areaId }],
    ['LINE_SCAN_REBAR_2', { gprScanNodeId: firstLineId }],
  ] as const) {
    const started = await t.app.inject({ method: 'POST', url: '/api/analyses', headers: m.headers, payload: { analysisType, analysisInput } });
    expect(started.statusCode).toBeLessThan(300);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, member = m) => t.app.inject({ method: 'GET', url, headers: member.headers });

describe('exports', () => {
  it("answers an area's bars as CSV in metres once its analysis is done", async () => {
    await expect.poll(async () => (await get(`/api/area-scans/${areaId}/export?format=csv`)).statusCode, { timeout: 120_000, interval: 500 }).toBe(200);
    const res = await get(`/api/area-scans/${areaId}/export?format=csv`);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Slab 7-rebars.csv"');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const vertical = rows.filter((r) => r.orientation === 'VERTICAL').sort((a, b) => Number(a.x_m) - Number(b.x_m));
    const horizontal = rows.filter((r) => r.orientation === 'HORIZONTAL').sort((a, b) => Number(a.y_m) - Number(b.y_m));
    expect(vertical).toHaveLength(AREA_TRUTH.vertical.length);
    expect(horizontal).toHaveLength(AREA_TRUTH.horizontal.length);
    vertical.forEach((row, i) => {
      expect(Number(row.x_m)).toBeCloseTo(AREA_TRUTH.vertical[i]!.xM, 1);
      expect(Math.abs(Number(row.cover_m) - AREA_TRUTH.vertical[i]!.coverM)).toBeLessThan(0.008);
      expect(row.id).toMatch(/\S/);
      expect(row.corrected).toBe('no');
    });
    horizontal.forEach((row, i) => expect(Number(row.y_m)).toBeCloseTo(AREA_TRUTH.horizontal[i]!.yM, 1));
  });

  it("answers an area's rebar plan as DXF, bars as lines on layers by orientation and cover class", async () => {
    const res = await get(`/api/area-scans/${areaId}/export?format=dxf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/dxf');
    const dxf = new DxfParser().parseSync(res.body)!;
    const lines = dxf.entities.filter((e) => e.type === 'LINE') as unknown as { layer: string; vertices: { x: number; y: number }[] }[];
    expect(lines).toHaveLength(AREA_TRUTH.vertical.length + AREA_TRUTH.horizontal.length);
    const verticalLayers = lines.filter((l) => l.layer.startsWith('REBAR_VERTICAL_')).map((l) => l.layer).sort();
    // Covers 40, 50 and 60 mm with the default classes (… 40–50, ≥ 50); the first may read a little under 40.
    expect(verticalLayers).toHaveLength(3);
    expect(verticalLayers.filter((l) => l === 'REBAR_VERTICAL_COVER_GE50MM').length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.layer.startsWith('REBAR_HORIZONTAL_COVER_GE50MM'))).toHaveLength(2);
    // A vertical bar runs along y across the lines that saw it.
    const first = lines.find((l) => l.layer.startsWith('REBAR_VERTICAL_'))!;
    expect(Math.abs(first.vertices[1]!.y - first.vertices[0]!.y)).toBeGreaterThan(0.2);
  });

  it("answers a scan's bars as CSV, and the user's correction when there is one", async () => {
    await expect.poll(async () => (await get(`/api/gpr-scans/${firstLineId}/export?format=csv`)).statusCode, { timeout: 120_000, interval: 500 }).toBe(200);
    const analysed = parse((await get(`/api/gpr-scans/${firstLineId}/export?format=csv`)).body, { columns: true }) as Record<string, string>[];
    expect(analysed.length).toBeGreaterThanOrEqual(3);
    expect(analysed.every((r) => r.corrected === 'no' && r.source.startsWith('L001'))).toBe(true);

    const byInput = (
      await t.app.inject({ method: 'POST', url: '/api/analyses/by-input', headers: m.headers, payload: { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: firstLineId } } })
    ).json();
    const handId = crypto.randomUUID();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/analysis-corrections',
      headers: m.headers,
      payload: {
        analysisType: 'LINE_SCAN_REBAR_2',
        analysisNodeId: byInput.analysis.nodeId,
        basedOnAnalysisRunId: byInput.analysisRun.id,
        correctedAnalysisResults: {
          rebars: [{ id: handId, depthCoords: [[0.25, 0, 0.035]], R: 0.008, orientation: 0, usesDefaultRadius: false }],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const corrected = parse((await get(`/api/gpr-scans/${firstLineId}/export?format=csv`)).body, { columns: true }) as Record<string, string>[];
    expect(corrected).toEqual([
      expect.objectContaining({ id: handId, x_m: '0.25', cover_m: '0.027', diameter_mm: '16', confidence: '', corrected: 'yes' }),
    ]);
    // The area's plan follows the corrected line (decision 0024): L001's points are the corrected bar's.
    const area = parse((await get(`/api/area-scans/${areaId}/export?format=csv`)).body, { columns: true }) as Record<string, string>[];
    expect(area.some((r) => r.corrected === 'yes')).toBe(true);
  });

  it('refuses bad input with a 4xx and hides other organizations', async () => {
    expect((await get(`/api/area-scans/${areaId}/export?format=pdf`)).statusCode).toBe(400);
    expect((await get(`/api/area-scans/${areaId}/export`)).statusCode).toBe(400);
    expect((await get(`/api/gpr-scans/${firstLineId}/export?format=dxf`)).statusCode).toBe(400);
    expect((await get(`/api/gpr-scans/not-a-uuid/export?format=csv`)).statusCode).toBe(400);
    expect((await get(`/api/gpr-scans/${crypto.randomUUID()}/export?format=csv`)).statusCode).toBe(404);
    // A scan id is not an area id.
    expect((await get(`/api/area-scans/${firstLineId}/export?format=csv`)).statusCode).toBe(404);
    expect((await get(`/api/area-scans/${areaId}/export?format=csv`, other)).statusCode).toBe(404);
    expect((await get(`/api/area-scans/${areaId}/export?format=dxf`, other)).statusCode).toBe(404);
    expect((await get(`/api/gpr-scans/${firstLineId}/export?format=csv`, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/gpr-scans/${firstLineId}/export?format=csv` })).statusCode).toBe(401);
  });
});
