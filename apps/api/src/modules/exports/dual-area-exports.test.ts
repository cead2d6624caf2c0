import { parse } from 'csv-parse/sync';
import DxfParser from 'dxf-parser';
import type { ReportResponse } from '@gprhub/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_TRUTH, syntheticAreaZip } from '../../../../../e2e/support/synthetic-area-scan.js';
import { createFolder, postZip } from '../../test/gpr-scan-imports.js';
import { createMember, getTestApp, sendToAddress, type TestApp, type TestMember } from '../../test/support.js';

// Issue #14 item 5 (decision 0043): a dual-orientation area scan's exports and report read the pooled analysis with
// the corrections of each side's lines, as its page shows them.
let t: TestApp;
let m: TestMember;
let other: TestMember;
let dualId: string;
let parallelId: string;
/** L001 of the perpendicular (turned) area scan: in the pair it runs along y at x = 0. */
let turnedLineId: string;

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  m = await createMember(t.app);
  other = await createMember(t.app);
  const folder = await createFolder(t, m, 'Deck');
  const areas: string[] = [];
  for (const part of ['vertical', 'horizontal'] as const) {
    const zip = syntheticAreaZip(`Deck ${part}`, part === 'vertical' ? 300 : 400, part);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder });
    expect(res.statusCode, res.body).toBe(201);
    areas.push(res.json().areaScanGroups[0].node.nodeId);
    if (part === 'horizontal')
      turnedLineId = res.json().gprScans.find((s: { node: { name: string } }) => s.node.name.startsWith('L001')).node.nodeId;
  }
  parallelId = areas[0]!;
  const paired = await post('/api/dual-orientation-area-scans', { parallelAreaScanNodeId: areas[0], perpendicularAreaScanNodeId: areas[1] });
  expect(paired.statusCode).toBe(201);
  dualId = paired.json().dualOrientationAreaScan.nodeId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, member = m) => t.app.inject({ method: 'GET', url, headers: member.headers });
const post = (url: string, payload: object, member = m) => t.app.inject({ method: 'POST', url, headers: member.headers, payload });
const csvOf = async () =>
  parse((await get(`/api/dual-orientation-area-scans/${dualId}/export?format=csv`)).body, { columns: true }) as Record<string, string>[];

describe('dual-orientation area exports', () => {
  it('answers 409 until the pooled analysis has finished, then both layers as CSV', async () => {
    const early = await get(`/api/dual-orientation-area-scans/${dualId}/export?format=csv`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('dual-orientation area scan');
    const input = { parallelAreaScanNodeId: parallelId, perpendicularAreaScanNodeId: (await get(`/api/dual-orientation-area-scans/${dualId}`)).json().dualOrientationAreaScan.perpendicularAreaScanNodeId };
    expect((await post('/api/analyses', { analysisType: 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2', analysisInput: input })).statusCode).toBeLessThan(300);
    await expect.poll(async () => (await get(`/api/dual-orientation-area-scans/${dualId}/export?format=csv`)).statusCode, { timeout: 150_000, interval: 500 }).toBe(200);
    const res = await get(`/api/dual-orientation-area-scans/${dualId}/export?format=csv`);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('-rebars.csv');
    const rows = await csvOf();
    const vertical = rows.filter((r) => r.orientation === 'VERTICAL').sort((a, b) => Number(a.x_m) - Number(b.x_m));
    const horizontal = rows.filter((r) => r.orientation === 'HORIZONTAL').sort((a, b) => Number(a.y_m) - Number(b.y_m));
    // The parallel area gives the vertical bars, the perpendicular (turned) one the horizontal bars.
    expect(vertical.map((r) => r.source)).toEqual(AREA_TRUTH.vertical.map(() => 'Deck vertical'));
    expect(horizontal.map((r) => r.source)).toEqual(AREA_TRUTH.horizontal.map(() => 'Deck horizontal'));
    vertical.forEach((row, i) => expect(Number(row.x_m)).toBeCloseTo(AREA_TRUTH.vertical[i]!.xM, 1));
    horizontal.forEach((row, i) => expect(Number(row.y_m)).toBeCloseTo(AREA_TRUTH.horizontal[i]!.yM, 1));
    expect(rows.every((r) => r.corrected === 'no')).toBe(true);
  });

  it("follows a correction of a turned line: its bars replace the pooled analysis' points on that line", async () => {
    const lineInput = { gprScanNodeId: turnedLineId };
    expect((await post('/api/analyses', { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: lineInput })).statusCode).toBeLessThan(300);
    await expect.poll(async () => (await post('/api/analyses/by-input', { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: lineInput })).json().isDone, { timeout: 120_000, interval: 500 }).toBe(true);
    const byInput = (await post('/api/analyses/by-input', { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: lineInput })).json();
    const handId = crypto.randomUUID();
    // One bar 0.2 m along L001, 20 mm: it matches neither analysed bar (0.1 and 0.3 m, beyond the 4 cm gate).
    const saved = await post('/api/analysis-corrections', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisNodeId: byInput.analysis.nodeId,
      basedOnAnalysisRunId: byInput.analysisRun.id,
      correctedAnalysisResults: { rebars: [{ id: handId, depthCoords: [[0.2, 0, 0.06]], R: 0.01, orientation: 0, usesDefaultRadius: false }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await csvOf();
    const horizontal = rows.filter((r) => r.orientation === 'HORIZONTAL').sort((a, b) => Number(a.y_m) - Number(b.y_m));
    expect(horizontal).toHaveLength(AREA_TRUTH.horizontal.length + 1);
    // The hand-placed bar lies on L001 (x = 0 in the pair's plan), 0.2 m up; the analysed bars lose their L001 point.
    const hand = horizontal.find((r) => r.id.endsWith(handId))!;
    expect(hand).toMatchObject({ x_m: '0', y_m: '0.2', diameter_mm: '20', corrected: 'yes', source: 'Deck horizontal' });
    expect(horizontal.filter((r) => r.corrected === 'yes')).toHaveLength(3);
    // The vertical layer is another area's lines: untouched.
    expect(rows.filter((r) => r.orientation === 'VERTICAL').every((r) => r.corrected === 'no')).toBe(true);
  });

  it('answers the two-orientation rebar plan as DXF', async () => {
    const res = await get(`/api/dual-orientation-area-scans/${dualId}/export?format=dxf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/dxf');
    const dxf = new DxfParser().parseSync(res.body)!;
    const lines = dxf.entities.filter((e) => e.type === 'LINE') as unknown as { layer: string }[];
    expect(lines.filter((l) => l.layer.startsWith('REBAR_VERTICAL_'))).toHaveLength(AREA_TRUTH.vertical.length);
    expect(lines.filter((l) => l.layer.startsWith('REBAR_HORIZONTAL_'))).toHaveLength(AREA_TRUTH.horizontal.length);
    // The bar seen on the corrected line only is a circle.
    expect(dxf.entities.filter((e) => e.type === 'CIRCLE')).toHaveLength(1);
  });

  it("prints the pair's report from the pooled analysis, a plan per side with the corrected line", async () => {
    const created = await post('/api/reports', { subjectNodeId: dualId });
    expect(created.statusCode, created.body).toBe(201);
    const { reportId } = created.json() as { reportId: string };
    await expect.poll(async () => ((await get(`/api/reports/${reportId}`)).json() as ReportResponse).status, { timeout: 120_000, interval: 300 }).toMatch(/FINISHED|FAILED/);
    const report = (await get(`/api/reports/${reportId}`)).json() as ReportResponse;
    expect(report).toMatchObject({ status: 'FINISHED', message: null });
    const file = await sendToAddress(t.app, report.url!);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(file.rawPayload), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++)
      pages.push((await (await pdf.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
    await pdf.destroy();
    const text = pages.join('\n');
    expect(text).toContain('parallel (Deck vertical)');
    expect(text).toContain('perpendicular (Deck horizontal)');
    expect(text).not.toContain('has not finished');
  });

  it('refuses bad input with a 4xx and hides other organizations', async () => {
    expect((await get(`/api/dual-orientation-area-scans/${dualId}/export?format=pdf`)).statusCode).toBe(400);
    expect((await get(`/api/dual-orientation-area-scans/${dualId}/export`)).statusCode).toBe(400);
    expect((await get('/api/dual-orientation-area-scans/not-a-uuid/export?format=csv')).statusCode).toBe(400);
    expect((await get(`/api/dual-orientation-area-scans/${crypto.randomUUID()}/export?format=csv`)).statusCode).toBe(404);
    // An area scan's id is not a pair's.
    expect((await get(`/api/dual-orientation-area-scans/${parallelId}/export?format=csv`)).statusCode).toBe(404);
    expect((await get(`/api/dual-orientation-area-scans/${dualId}/export?format=csv`, other)).statusCode).toBe(404);
    expect((await get(`/api/dual-orientation-area-scans/${dualId}/export?format=dxf`, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/dual-orientation-area-scans/${dualId}/export?format=csv` })).statusCode).toBe(401);
  });
});
