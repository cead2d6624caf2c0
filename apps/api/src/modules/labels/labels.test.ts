import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractZipEntry, listZipEntries, readGprFileAsync, twoWayTimeFromDepth } from '@gprhub/gpr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder, importScanFiles, importSyntheticScan, syntheticDzt } from '../../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';

let t: TestApp;
let m: TestMember;
let stranger: TestMember;
let folderId: string;
let scanA: string;
let scanB: string;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
  stranger = await createMember(t.app);
  folderId = await createFolder(t.app, m, 'Slab labels');
  // Natural order: L2 before L10 whatever the creation order.
  scanB = await importSyntheticScan(t.app, m, folderId, 'L10.dzt');
  scanA = await importSyntheticScan(t.app, m, folderId, 'L2.dzt');
});
afterAll(async () => {
  await t.close();
});

const putLabel = (value: unknown, ownerId = scanA, member = m, id?: string, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: '/api/node-metadata',
    headers: member.headers,
    payload: { ...(id && { id }), ownerId, type: 'JSON', name: 'rebarPositionLabel', value },
  });
const getLabels = (id: string, member = m) => t.app.inject({ method: 'GET', url: `/api/gpr-scans/${id}/labels`, headers: member.headers });

const value = {
  points: [
    { signalRowIndex: 100, timeColumnIndex: 40, type: 'REBAR_POSITION' },
    { signalRowIndex: 250, timeColumnIndex: 55, type: 'REBAR_POSITION_WITH_DIAMETER', diameter: 16 },
    { signalRowIndex: 300, timeColumnIndex: 90, type: 'BACKGROUND_REFLECTION' },
  ],
  global: { depth: 0.25 },
};

describe('labels storage', () => {
  it('saves through node metadata, reads back, replaces on a second create, and clears by id', async () => {
    expect((await getLabels(scanA)).json()).toMatchObject({ node: { id: scanA }, rebarPositionLabel: null });
    const created = await putLabel(value);
    expect(created.statusCode).toBe(200);
    const read = (await getLabels(scanA)).json();
    expect(read.node.name).toBe('L2');
    expect(read.rebarPositionLabel).toMatchObject({ id: created.json().id, ownerId: scanA, name: 'rebarPositionLabel', type: 'JSON', value });

    // A repeated first save (no id) replaces the one item instead of adding a second.
    const again = await putLabel({ ...value, points: value.points.slice(0, 1) });
    expect(again.json().id).toBe(created.json().id);
    const scans = (await t.app.inject({ method: 'GET', url: `/api/labels/scans?nodeId=${folderId}`, headers: m.headers })).json();
    expect(scans.scans.map((s: { name: string }) => s.name)).toEqual(['L2', 'L10']);
    expect(scans).toMatchObject({ labelled: 1, total: 2 });
    expect(scans.scans[0]).toMatchObject({ nodeId: scanA, labelId: created.json().id, pointCount: 1 });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-metadata/${created.json().id}`, headers: m.headers })).statusCode).toBe(204);
    expect((await getLabels(scanA)).json().rebarPositionLabel).toBeNull();
  });

  it("answers 404 for another organization's scan, folder and label", async () => {
    const created = await putLabel(value, scanB);
    expect(created.statusCode).toBe(200);
    expect((await getLabels(scanB, stranger)).statusCode).toBe(404);
    for (const url of [`/api/labels/scans?nodeId=${folderId}`, `/api/labels/export?nodeId=${folderId}`, `/api/labels/agreement?nodeId=${folderId}`])
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode, url).toBe(404);
    expect((await putLabel(value, scanB, stranger)).statusCode).toBe(404);
    expect((await putLabel(value, scanB, stranger, created.json().id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-metadata/${created.json().id}`, headers: stranger.headers })).statusCode).toBe(404);
    // Without a node, a session is every scan of the caller's own organization only.
    expect((await t.app.inject({ method: 'GET', url: '/api/labels/scans', headers: stranger.headers })).json()).toEqual({ scans: [], labelled: 0, total: 0 });
    expect((await getLabels(scanB)).json().rebarPositionLabel.value).toEqual(value);
  });

  it('refuses bad label values with clear 400 messages', async () => {
    const scan = (await t.app.inject({ method: 'GET', url: `/api/gpr-scans/${scanA}`, headers: m.headers })).json().gprScan;
    const cases: [unknown, string, string][] = [
      [{ points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'REBAR' }], global: { depth: null } }, 'value.points.0.type', 'Property value.points.0.type must be one of REBAR_POSITION, REBAR_POSITION_WITH_DIAMETER, BACKGROUND_REFLECTION'],
      [{ points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'REBAR_POSITION_WITH_DIAMETER' }], global: { depth: null } }, 'value.points.0.diameter', 'A REBAR_POSITION_WITH_DIAMETER label needs a diameter'],
      [{ points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'REBAR_POSITION', diameter: 12 }], global: { depth: null } }, 'value.points.0.diameter', 'A REBAR_POSITION label has no diameter'],
      [{ points: [{ signalRowIndex: -1, timeColumnIndex: 2, type: 'REBAR_POSITION' }], global: { depth: null } }, 'value.points.0.signalRowIndex', 'Property value.points.0.signalRowIndex cannot be less than 0'],
      [{ points: [{ signalRowIndex: 1.5, timeColumnIndex: 2, type: 'REBAR_POSITION' }], global: { depth: null } }, 'value.points.0.signalRowIndex', 'Please provide a valid integer for property value.points.0.signalRowIndex'],
      [{ points: [{ signalRowIndex: scan.traces, timeColumnIndex: 2, type: 'REBAR_POSITION' }], global: { depth: null } }, 'value.points.0.signalRowIndex', `Label 1: signalRowIndex ${scan.traces} is outside the scan (traces 0 to ${scan.traces - 1})`],
      [{ points: [{ signalRowIndex: 0, timeColumnIndex: scan.samplesPerTrace, type: 'REBAR_POSITION' }], global: { depth: null } }, 'value.points.0.timeColumnIndex', `Label 1: timeColumnIndex ${scan.samplesPerTrace} is outside the scan (samples 0 to ${scan.samplesPerTrace - 1})`],
      [{ points: [] }, 'value.global', 'Please provide a valid object for property value.global'],
      [{ points: [], global: { depth: -1 } }, 'value.global.depth', 'Property value.global.depth cannot be less than 0'],
      [{ points: [], global: { depth: null }, extra: 1 }, 'value', 'Property value has unknown keys: extra'],
      ['labels', 'value', 'Please provide a valid object for property value'],
    ];
    for (const [bad, path, message] of cases) {
      const res = await putLabel(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().validationErrors, JSON.stringify(bad)).toContainEqual({ path, message });
      expect(res.json().message).toBe(res.json().validationErrors[0].message);
    }
    const text = await t.app.inject({ method: 'PUT', url: '/api/node-metadata', headers: m.headers, payload: { ownerId: scanA, type: 'TEXT', name: 'rebarPositionLabel', value: 'x' } });
    expect(text.json()).toMatchObject({ httpStatus: 400, message: 'A rebarPositionLabel item is of type JSON' });
    const onFolder = await putLabel({ points: [], global: { depth: null } }, folderId);
    expect(onFolder.json()).toMatchObject({ httpStatus: 400, message: 'Labels belong to a GPR scan' });
    expect((await getLabels(folderId)).statusCode).toBe(404);
  });
});

describe('labels export', () => {
  it('zips each labelled scan (float32 signal, header, labels) and one CSV in metres', async () => {
    const folder = await createFolder(t.app, m, 'Export');
    const { bytes } = syntheticDzt();
    const { gprScans } = await importScanFiles(t.app, m, folder, [{ name: 'E1.dzt', bytes }, { name: 'E2.dzt', bytes }]);
    const [one] = gprScans.map((s) => s.node.nodeId);
    expect((await t.app.inject({ method: 'GET', url: `/api/labels/export?nodeId=${folder}`, headers: m.headers })).json()).toMatchObject({
      httpStatus: 400,
      message: 'No labelled scans to export under this node',
    });
    expect((await putLabel(value, one)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/labels/export?nodeId=${folder}`, headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = new Uint8Array(res.rawPayload);
    const entries = listZipEntries('labels.zip', zip);
    expect(entries.map((e) => e.path).sort()).toEqual(
      ['README.txt', 'labels.csv', 'scans/0001-E1/header.json', 'scans/0001-E1/labels.json', 'scans/0001-E1/signal.f32'].sort(),
    );
    const read = (p: string) => extractZipEntry('labels.zip', zip, entries.find((e) => e.path === p)!, 1 << 28);
    const text = (p: string) => new TextDecoder().decode(read(p));
    const header = JSON.parse(text('scans/0001-E1/header.json'));
    const source = (await readGprFileAsync({ name: 'E1.dzt', bytes })).radargrams[0]!;
    expect(header).toMatchObject({ nodeId: one, traces: source.traces, samplesPerTrace: source.samplesPerTrace, sampleFormat: 'float32-le', layout: 'trace-major' });
    expect(header.traceSpacingM).toBeCloseTo(source.traceSpacingM, 9);
    const signal = read('scans/0001-E1/signal.f32');
    const floats = new Float32Array(signal.buffer.slice(signal.byteOffset, signal.byteOffset + signal.byteLength));
    expect(floats.length).toBe(source.traces * source.samplesPerTrace);
    expect(Array.from(floats.slice(5000, 5010))).toEqual(Array.from(source.samples.slice(5000, 5010)));
    expect(JSON.parse(text('scans/0001-E1/labels.json'))).toEqual(value);
    const csv = text('labels.csv').trim().split('\n').map((line) => line.split(','));
    expect(csv[0]).toEqual(['scanNodeId', 'scanName', 'type', 'xM', 'depthM', 'diameterMm', 'timeS', 'signalRowIndex', 'timeColumnIndex', 'permittivity']);
    expect(csv.length).toBe(1 + value.points.length + 1);
    expect(csv[2]!.slice(0, 4)).toEqual([one, 'E1', 'REBAR_POSITION_WITH_DIAMETER', String(250 * source.traceSpacingM)]);
    expect(csv[2]![5]).toBe('16');
    expect(csv[4]!.slice(2, 5)).toEqual(['DEPTH', '', '0.25']);
  });
});

const simDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/data/sim');
const describeSim = existsSync(simDir) ? describe : describe.skip;

describeSim('the yardstick on a simulated scan whose truth is known', () => {
  let w: TestApp;
  let wm: TestMember;
  beforeAll(async () => {
    w = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
    await w.app.analysisJobs.startWorker();
    wm = await createMember(w.app);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });
  const put = (value: unknown, ownerId: string) => putLabel(value, ownerId, wm, undefined, w.app);

  it('scores the engine against labels placed on the true bars, with the benchmark rule', async () => {
    const truth = JSON.parse(readFileSync(path.join(simDir, 'dev-clean-4bars.truth.json'), 'utf8'));
    const folder = await createFolder(w.app, wm, 'Sim');
    const bytes = new Uint8Array(readFileSync(path.join(simDir, truth.file)));
    const { gprScans } = await importScanFiles(w.app, wm, folder, [{ name: truth.file, bytes }]);
    const scanId = gprScans[0]!.node.nodeId;
    const agreement = () => w.app.inject({ method: 'GET', url: `/api/labels/agreement?nodeId=${folder}`, headers: wm.headers });
    expect((await agreement()).json()).toEqual({ scans: [], overall: { precision: null, recall: null, f1: null, coverMaeM: null, diameterAgreement: null } });

    const input = { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: scanId } };
    expect((await w.app.inject({ method: 'POST', url: '/api/analyses', headers: wm.headers, payload: input })).statusCode).toBeLessThan(300);
    // Labelled before the engine finished: listed, not compared.
    expect((await put({ points: [], global: { depth: null } }, scanId)).statusCode).toBe(200);
    const byInput = async () => (await w.app.inject({ method: 'POST', url: '/api/analyses/by-input', headers: wm.headers, payload: input })).json();
    await expect.poll(async () => (await byInput()).isDone, { timeout: 120_000, interval: 250 }).toBe(true);
    const engine = (await byInput()).results;

    const scan = (await w.app.inject({ method: 'GET', url: `/api/gpr-scans/${scanId}`, headers: wm.headers })).json().gprScan;
    const toPoint = (bar: { xM: number; coverM: number }, diameter?: number) => {
      const timeS = engine.timeZeroS + twoWayTimeFromDepth(bar.coverM, truth.epsilonR, scan.antennaSeparationM);
      return {
        signalRowIndex: Math.round(bar.xM / scan.traceSpacingM),
        timeColumnIndex: Math.round((timeS - scan.timeOffsetS) / scan.sampleIntervalS),
        ...(diameter === undefined ? { type: 'REBAR_POSITION' } : { type: 'REBAR_POSITION_WITH_DIAMETER', diameter }),
      };
    };
    const bars = truth.rebars as { xM: number; coverM: number; radiusM: number }[];
    const onTruth = bars.map((b) => toPoint(b, b.radiusM * 2000));
    expect((await put({ points: onTruth, global: { depth: null } }, scanId)).statusCode).toBe(200);
    const exact = (await agreement()).json();
    expect(exact.scans).toHaveLength(1);
    expect(exact.scans[0]).toMatchObject({ nodeId: scanId, status: 'COMPARED', labelled: 4, found: engine.rebars.length });
    // The engine finds the four bars of this clean simulation (the accuracy benchmark says so too).
    expect(exact.overall.recall).toBe(1);
    expect(exact.overall.precision).toBe(4 / engine.rebars.length);
    expect(exact.overall.coverMaeM).toBeLessThan(0.005);
    expect(exact.overall.diameterAgreement).toBeGreaterThanOrEqual(0);

    // A missed label the engine did not find (a bar that is not there) lowers the recall; a background reflection counts for nothing.
    const ghost = toPoint({ xM: 0.03, coverM: 0.09 });
    const background = { ...toPoint({ xM: 0.28, coverM: 0.02 }), type: 'BACKGROUND_REFLECTION' };
    expect((await put({ points: [...onTruth, ghost, background], global: { depth: null } }, scanId)).statusCode).toBe(200);
    const withGhost = (await agreement()).json();
    expect(withGhost.scans[0]).toMatchObject({ labelled: 5, matched: 4 });
    expect(withGhost.overall.recall).toBeCloseTo(4 / 5, 9);

    // Labels 3 cm off the bars match nothing.
    const shifted = bars.map((b) => toPoint({ xM: b.xM + 0.03, coverM: b.coverM }));
    expect((await put({ points: shifted, global: { depth: null } }, scanId)).statusCode).toBe(200);
    const off = (await agreement()).json();
    expect(off.overall).toMatchObject({ recall: 0, coverMaeM: null });
  }, 180_000);
});
