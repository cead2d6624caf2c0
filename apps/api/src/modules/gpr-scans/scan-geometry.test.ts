import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/shared-data.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { buildZip } from '../../test/zip-builder.js';
import { childrenOf, createFolder, postZip, stageFiles } from '../../test/gpr-scan-imports.js';
import { buildSegy } from '../../test/gpr-fixtures.js';

let t: TestApp;
let m: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const patch = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/gpr-scans/${id}/geometry`, headers: m.headers, payload });

describeWithData('PATCH /api/gpr-scans/:id/geometry (issue #14: files without a trace step)', () => {
  it('gives a gprMax output its trace spacing, its length, and runs its analyses again', async () => {
    const folder = await createFolder(t, m);
    const out = readRealFile('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildZip({ 'cylinder.out': out }), {
      parentId: folder,
    });
    expect(res.statusCode).toBe(201);
    const scan = res.json().gprScans[0].gprScan;
    // The file stores no trace step: nothing to draw a length with.
    expect(scan.traceSpacingM).toBe(0);
    expect(scan.scanLength).toBe(0);

    const updated = await patch(scan.nodeId, { traceSpacingM: 0.002 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().gprScan).toMatchObject({ nodeId: scan.nodeId, traceSpacingM: 0.002 });
    expect(updated.json().gprScan.scanLength).toBeCloseTo(scan.traces * 0.002, 12);

    for (const analysisType of ['LINE_SCAN_REBAR_2', 'GPR_SCAN_PREVIEW']) {
      const byInput = await t.app.inject({
        method: 'POST',
        url: '/api/analyses/by-input',
        headers: m.headers,
        payload: { analysisType, analysisInput: { gprScanNodeId: scan.nodeId } },
      });
      expect(byInput.json().analysisRun, analysisType).not.toBeNull();
    }
  });
});

describe('PATCH /api/gpr-scans/:id/geometry input', () => {
  it('refuses a spacing of 0 or none with a 400 naming the field', async () => {
    const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const zero = await patch(id, { traceSpacingM: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().validationErrors[0].path).toBe('traceSpacingM');
    expect(zero.json().validationErrors[0].message).toContain('traceSpacingM');
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { traceSpacingM: 0.002 })).statusCode).toBe(404);
  });
});

describeWithData('scan geometry at import (issue #14 item 6)', () => {
  it('lists a missing trace spacing in the review, and creates the scan with the spacing given', async () => {
    const folder = await createFolder(t, m);
    const out = readRealFile('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');
    const zip = buildZip({ 'models/cylinder.out': out });
    const review = await postZip(t, m, '/api/gpr-scans/proceq-zip-files', zip);
    expect(review.statusCode).toBe(200);
    expect(review.json().gprScans).toMatchObject([{ path: 'models/cylinder.out', traceSpacingM: 0 }]);

    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
      parentId: folder,
      // The path as the review lists it, in any case.
      scanGeometry: JSON.stringify([{ path: 'Models/Cylinder.out', traceSpacingM: 0.002 }]),
    });
    expect(res.statusCode).toBe(201);
    const scan = res.json().gprScans[0].gprScan;
    expect(scan.traceSpacingM).toBe(0.002);
    expect(scan.scanLength).toBeCloseTo(scan.traces * 0.002, 12);
    // The reader's note that the spacing is unknown is answered, so neither the import nor the scan repeats it.
    expect(review.json().warnings.join()).toContain('trace spacing unknown');
    expect(res.json().warnings.join()).not.toContain('trace spacing unknown');
    expect(scan.warnings.join()).not.toContain('trace spacing unknown');
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/gpr-scans/${scan.nodeId}`,
      headers: m.headers,
    });
    expect(details.json().gprScan.traceSpacingM).toBe(0.002);
  });

  it('takes the geometry of staged uploads by file name (create-from-files)', async () => {
    const folder = await createFolder(t, m);
    const out = readRealFile('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');
    const ids = await stageFiles(t, m, folder, [{ name: 'cylinder.out', bytes: out }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: {
        parentId: folder,
        fileIds: ids,
        scanGeometry: [{ path: 'cylinder.out', traceSpacingM: 0.0025 }],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().gprScans[0].gprScan.traceSpacingM).toBe(0.0025);
  });
});

describe('scan geometry at import: bad input', () => {
  const zip = buildZip({ 'line.sgy': buildSegy({ seed: 4 }) });

  it('refuses geometry that is not a JSON array of positive spacings, with a 400 naming the field', async () => {
    const folder = await createFolder(t, m);
    const notJson = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
      parentId: folder,
      scanGeometry: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().validationErrors[0].path).toBe('scanGeometry');
    for (const [entry, path] of [
      [{ path: 'line.sgy', traceSpacingM: 0 }, 'scanGeometry.0.traceSpacingM'],
      [{ path: 'line.sgy', traceSpacingM: 0.9 }, 'scanGeometry.0.traceSpacingM'],
      [{ path: 'line.sgy' }, 'scanGeometry.0.traceSpacingM'],
      [{ path: '', traceSpacingM: 0.002 }, 'scanGeometry.0.path'],
    ] as const) {
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
        parentId: folder,
        scanGeometry: JSON.stringify([entry]),
      });
      expect(res.statusCode, JSON.stringify(entry)).toBe(400);
      expect(res.json().validationErrors[0].path).toBe(path);
    }
    const staged = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: {
        parentId: folder,
        fileIds: ['6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b'],
        scanGeometry: [{ path: 'x.out', traceSpacingM: -1 }],
      },
    });
    expect(staged.statusCode).toBe(400);
    expect(staged.json().validationErrors[0].path).toBe('scanGeometry.0.traceSpacingM');
    // Nothing was created.
    expect(await childrenOf(t, m, folder)).toEqual([]);
  });

  it('refuses geometry for a file the import does not hold, and creates nothing', async () => {
    const folder = await createFolder(t, m);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
      parentId: folder,
      scanGeometry: JSON.stringify([{ path: 'other.out', traceSpacingM: 0.002 }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      httpStatus: 400,
      message: 'No scan of this import is read from other.out',
      validationErrors: [{ path: 'scanGeometry.0.path' }],
    });
    expect(await childrenOf(t, m, folder)).toEqual([]);
    const ok = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
      parentId: folder,
      scanGeometry: JSON.stringify([{ path: 'line.sgy', traceSpacingM: 0.01 }]),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().gprScans[0].gprScan.traceSpacingM).toBe(0.01);
  });
});
