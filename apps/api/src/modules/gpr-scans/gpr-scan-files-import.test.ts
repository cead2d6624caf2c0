import { findFilesByIds } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy, buildVendorZip } from '../../test/gpr-fixtures.js';
import { describeWithData, readRealFile } from '../../test/shared-data.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { childrenOf, createFolder, importFiles, stageFiles, storedImportObjects } from '../../test/gpr-scan-imports.js';

let t: TestApp;
let m: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const real = (dir: string, name: string) => ({ name, bytes: readRealFile(`${dir}/${name}`) });

describeWithData('POST /api/gpr-scans/create-from-files with real files', () => {
  it('imports the FHWA lab DZT: header facts stored, the upload becomes the scan file', async () => {
    const folder = await createFolder(t, m, 'FHWA');
    const res = await importFiles(t, m, folder, [
      real('gssi-sir3000-fhwa-charisma-lab', 'Lab_specimen_data.DZT'),
    ]);
    expect(res.statusCode).toBe(201);
    const [{ gprScan, node }] = res.json().gprScans;
    expect(node).toMatchObject({ name: 'Lab_specimen_data', type: 'GPR_SCAN', parentId: folder });
    expect(gprScan).toMatchObject({
      fileName: 'Lab_specimen_data.DZT',
      fileId: res.fileIds[0],
      format: 'dzt',
      gprVendorId: 'gssi',
      gprScanGroupNodeId: null,
      traces: 332,
      samplesPerTrace: 512,
      antennaName: '1.5/1.6GHz',
      centreFrequencyHz: 1.6e9,
      scanNumber: 1,
      zipPath: null,
    });
    expect(gprScan.traceSpacingM).toBeCloseTo(1 / 118.11, 5);
    expect(gprScan.scanDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [file] = await findFilesByIds(t.ctx.db, m.organization.id, res.fileIds);
    expect(file!.nodeId).toBe(gprScan.nodeId);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: { parentId: folder, fileIds: res.fileIds },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Lab_specimen_data.DZT has already been imported');
  });

  it('imports the StructureScan Mini files as two scans', async () => {
    const folder = await createFolder(t, m);
    const dir = 'gssi-structurescan-mini-ietgpr';
    const res = await importFiles(t, m, folder, [real(dir, 'File____001.DZT'), real(dir, 'File____002.DZT')]);
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .gprScans.map((s: { gprScan: { name: string; traces: number; samplesPerTrace: number } }) => [
          s.gprScan.name,
          s.gprScan.traces,
          s.gprScan.samplesPerTrace,
        ]),
    ).toEqual([
      ['File____001', 863, 254],
      ['File____002', 1187, 254],
    ]);
    expect(res.json().gprScans[0].gprScan.traceSpacingM).toBeCloseTo(1 / 800, 8);
  });

  it('reads a DZT with its DZX and DZG sidecars uploaded together', async () => {
    const folder = await createFolder(t, m);
    const dir = 'gssi-sir4000-impdar';
    const res = await importFiles(t, m, folder, [
      real(dir, 'test_gssi.DZT'),
      real(dir, 'test_gssi.DZX'),
      real(dir, 'test_gssi.DZG'),
    ]);
    expect(res.statusCode).toBe(201);
    const [{ gprScan }] = res.json().gprScans;
    expect(gprScan.traceSpacingM).toBeCloseTo(1 / 300, 8); // from the DZX: the DZT header has 0
    expect(res.json().gprScans).toHaveLength(1);
    const files = await findFilesByIds(t.ctx.db, m.organization.id, res.fileIds);
    expect(files.every((f) => f.nodeId === gprScan.nodeId)).toBe(true);
    // The sidecars are read again when the scan loads.
    const signal = await t.app.inject({
      method: 'GET',
      url: `/api/gpr-scans/${gprScan.nodeId}/signal`,
      headers: { ...m.headers, accept: 'application/octet-stream' },
    });
    expect(signal.rawPayload.readDoubleLE(24)).toBeCloseTo(1 / 300, 8);
  });

  it('reads DT1 + HD, RD3 + RAD + COR, SEG-Y and gprMax output', async () => {
    const folder = await createFolder(t, m);
    const res = await importFiles(t, m, folder, [
      real('sensors-software-dt1-gprpy', 'XLINE00.DT1'),
      real('sensors-software-dt1-gprpy', 'XLINE00.HD'),
      real('mala-ramac-rd3-impdar', 'ten_col.rd3'),
      real('mala-ramac-rd3-impdar', 'ten_col.rad'),
      real('mala-ramac-rd3-impdar', 'ten_col.cor'),
      real('segy-rgpr-littleendian', 'test.sgy'),
      real('gprmax-cylinder-synthetic', 'cylinder_Bscan_2D_all.out'),
    ]);
    expect(res.statusCode).toBe(201);
    const scans = res
      .json()
      .gprScans.map(
        (s: { gprScan: { name: string; format: string; gprVendorId: string | null; traces: number } }) => [
          s.gprScan.name,
          s.gprScan.format,
          s.gprScan.gprVendorId,
          s.gprScan.traces,
        ],
      );
    expect(scans).toEqual([
      ['XLINE00', 'dt1', 'sensors-and-software', 531],
      ['ten_col', 'rd3', 'mala', 10],
      ['test', 'segy', null, expect.any(Number)],
      ['cylinder_Bscan_2D_all', 'gprmax', 'gprmax', 80],
    ]);
    for (const { gprScan } of res.json().gprScans) {
      const signal = await t.app.inject({
        method: 'GET',
        url: `/api/gpr-scans/${gprScan.nodeId}/signal`,
        headers: m.headers,
      });
      expect(signal.statusCode).toBe(200);
      expect(signal.json().signal).toHaveLength(gprScan.traces);
      expect(signal.json().signal[0]).toHaveLength(gprScan.samplesPerTrace);
    }
  });
});

describe('create-from-files failures', () => {
  async function expectNothingImported(folder: string, fileIds: string[], objectsBefore: number) {
    expect(await childrenOf(t, m, folder)).toEqual([]);
    expect((await storedImportObjects(t, m.organization.id))).toHaveLength(objectsBefore);
    // The uploads stay on the folder for a retry.
    const files = await findFilesByIds(t.ctx.db, m.organization.id, fileIds);
    expect(files.map((f) => f.nodeId)).toEqual(fileIds.map(() => folder));
  }

  it('an unknown file type, named', async () => {
    const folder = await createFolder(t, m);
    const before = (await storedImportObjects(t, m.organization.id)).length;
    const res = await importFiles(t, m, folder, [
      { name: 'good.sgy', bytes: buildSegy() },
      { name: 'photo.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_GPR_FILE',
      message:
        'photo.png: not a recognised GPR file (supported: DZT, SEG-Y, DT1 + HD, RD3/RD7 + RAD, gprMax .out, zip)',
    });
    await expectNothingImported(folder, res.fileIds, before);
  });

  it('a truncated SEG-Y next to good files: nothing is created', async () => {
    const folder = await createFolder(t, m);
    const before = (await storedImportObjects(t, m.organization.id)).length;
    const res = await importFiles(t, m, folder, [
      { name: 'L001.sgy', bytes: buildSegy() },
      { name: 'export.zip', bytes: buildVendorZip([buildSegy(), buildSegy()]) },
      { name: 'L009.sgy', bytes: buildSegy().subarray(0, 6000) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^L009\.sgy: truncated: /);
    await expectNothingImported(folder, res.fileIds, before);
  });

  it('a sidecar without its scan file', async () => {
    const folder = await createFolder(t, m);
    const res = await importFiles(t, m, folder, [
      { name: 'a.sgy', bytes: buildSegy() },
      { name: 'b.sgy', bytes: buildSegy() },
      { name: 'XLINE07.HD', bytes: Buffer.from('1234\r\n') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('XLINE07.HD: no scan file named XLINE07 among the files to import');
  });

  it('files not uploaded to the target folder, not uploaded yet, or of another organization', async () => {
    const folder = await createFolder(t, m);
    const other = await createFolder(t, m, 'Elsewhere');
    const [elsewhere] = await stageFiles(t, m, other, [{ name: 'a.sgy', bytes: buildSegy() }]);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/files/batch',
      headers: m.headers,
      payload: { files: [{ nodeId: folder, name: 'b.sgy', extension: 'sgy' }] },
    });
    const pending = batch.json().files[0].file.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: { parentId: folder, fileIds: [elsewhere, pending] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([
      { path: 'fileIds.0', message: 'a.sgy was not uploaded to the target folder (nodeId must be parentId)' },
      { path: 'fileIds.1', message: 'b.sgy has not been uploaded yet' },
    ]);
    const stranger = await createMember(t.app);
    const theirFolder = await createFolder(t, stranger);
    const [theirs] = await stageFiles(t, stranger, theirFolder, [{ name: 'c.sgy', bytes: buildSegy() }]);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: { parentId: folder, fileIds: [theirs] },
    });
    expect(cross.statusCode).toBe(404);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: { fileIds: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([
      { path: 'parentId', message: 'Please provide a valid string for property parentId' },
      { path: 'fileIds', message: 'Property fileIds cannot be less than 1' },
    ]);
  });
});

describe('concurrent imports of the same uploads', () => {
  it('one wins; the other fails and deletes the objects it wrote', async () => {
    const folder = await createFolder(t, m);
    const before = (await storedImportObjects(t, m.organization.id)).length;
    const fileIds = await stageFiles(t, m, folder, [
      { name: 'export.zip', bytes: buildVendorZip([buildSegy(), buildSegy(), buildSegy()]) },
    ]);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/gpr-scans/create-from-files',
        headers: m.headers,
        payload: { parentId: folder, fileIds },
      });
    const results = await Promise.all([post(), post()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, expect.any(Number)]);
    const loser = results.find((r) => r.statusCode !== 201)!;
    expect([400, 409]).toContain(loser.statusCode);
    // Three extracted lines of the winner; the staged zip is not under gpr-scans/.
    expect((await storedImportObjects(t, m.organization.id))).toHaveLength(before + 3);
    expect(await childrenOf(t, m, folder)).toHaveLength(1);
  });
});

describe('create-from-files with a zip and a multi-line file', () => {
  it('imports a staged vendor zip like create-from-zip, the upload becoming the zip file', async () => {
    const folder = await createFolder(t, m);
    const res = await importFiles(
      t,
      m,
      folder,
      [{ name: 'export.zip', bytes: buildVendorZip([buildSegy(), buildSegy()]) }],
      ['Area 1/L002.sgy'],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().areaScanGroups).toHaveLength(1);
    expect(res.json().gprScans).toHaveLength(1);
    const [zip] = await findFilesByIds(t.ctx.db, m.organization.id, res.fileIds);
    expect(zip!.nodeId).toBe(res.json().areaScanGroups[0].node.nodeId);
  });
});
