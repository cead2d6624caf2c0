import { insertNode } from '@gprhub/db';
import { readVendorZip } from '@gprhub/gpr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy, buildVendorZip, vendorStyleSegy } from '../../test/gpr-fixtures.js';
import { describeWithData, readRealFile } from '../../test/shared-data.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { buildOverlappingZip, buildZip } from '../../test/zip-builder.js';
import { childrenOf, createFolder, postZip, storedImportObjects } from '../../test/gpr-scan-imports.js';

let t: TestApp;
let m: TestMember;
const MiB = 1024 * 1024;

beforeAll(async () => {
  // Small limits, so the limit tests stay small.
  t = await getTestApp({
    gprImport: { maxBytes: 8 * MiB, maxZipUncompressedBytes: 16 * MiB, maxZipEntries: 40, parseThreads: 1, startAnalyses: false },
  });
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/gpr-scans/proceq-zip-files', () => {
  it('answers the file map and what an import would create, storing nothing', async () => {
    const zip = buildVendorZip([buildSegy({ seed: 1 }), buildSegy({ seed: 2 }), buildSegy({ seed: 3 })]);
    const res = await postZip(t, m, '/api/gpr-scans/proceq-zip-files', zip);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fileName).toBe('export.zip');
    const kinds = Object.fromEntries(
      body.fileMap.map((f: { path: string; kind: string }) => [f.path, f.kind]),
    );
    expect(kinds).toEqual({
      'Area 1/L001.sgy': 'segy-line',
      'Area 1/L002.sgy': 'segy-line',
      'Area 1/L003.sgy': 'segy-line',
      'Area 1/area.csv': 'area-csv',
      'Area 1/preview.png': 'unknown',
      '__MACOSX/Area 1/._L001.sgy': 'skipped',
    });
    expect(
      body.gprScans.map((s: { name: string; csvLineNumber: number; areaScanDirection: string }) => [
        s.name,
        s.csvLineNumber,
        s.areaScanDirection,
      ]),
    ).toEqual([
      ['L001', 1, 'LEFT_TO_RIGHT'],
      ['L002', 2, 'BOTTOM_TO_TOP'],
      ['L003', 3, 'LEFT_TO_RIGHT'],
    ]);
    expect(body.areaScans).toEqual([
      {
        name: 'area',
        csvPath: 'Area 1/area.csv',
        gridSpacingX: 10,
        gridSpacingY: 10,
        gridSizeX: 60,
        gridSizeY: 40,
        lineCount: 3,
      },
    ]);
    expect((await storedImportObjects(t, m.organization.id))).toEqual([]);
  });

  it('lists an unreadable entry as an error instead of failing, so the user can skip it', async () => {
    const zip = buildVendorZip([buildSegy(), buildSegy().subarray(0, 5000)]);
    const res = await postZip(t, m, '/api/gpr-scans/proceq-zip-files', zip);
    expect(res.statusCode).toBe(200);
    const bad = res.json().fileMap.find((f: { path: string }) => f.path === 'Area 1/L002.sgy');
    expect(bad.kind).toBe('error');
    expect(bad.reason).toMatch(/truncated/);
  });

  it('refuses a request without a zip', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/proceq-zip-files',
      headers: m.headers,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/multipart\/form-data/);
  });
});

describe('POST /api/gpr-scans/create-from-zip', () => {
  it('creates the area scan with its lines, keeps the zip and each line as files', async () => {
    const folder = await createFolder(t, m, 'Deck A');
    const zip = buildVendorZip([buildSegy({ seed: 1 }), buildSegy({ seed: 2 }), buildSegy({ seed: 3 })]);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.areaScanGroups).toHaveLength(1);
    expect(body.gprScanGroups).toEqual([]);
    const area = body.areaScanGroups[0];
    expect(area.gprScanGroup).toMatchObject({
      type: 'AREA_SCAN',
      name: 'area',
      fileName: 'area.csv',
      gridSpacingX: 10,
      gridSizeX: 60,
      scanDate: '2017-05-26T09:18:20',
    });
    expect(area.node).toMatchObject({ type: 'GPR_SCAN_GROUP', parentId: folder });
    expect(body.gprScans.map((s: { gprScan: { name: string } }) => s.gprScan.name)).toEqual([
      'L001',
      'L002',
      'L003',
    ]);
    const [first] = body.gprScans;
    expect(first.gprScan).toMatchObject({
      gprScanGroupNodeId: area.node.nodeId,
      fileName: 'L001.sgy',
      zipPath: 'Area 1/L001.sgy',
      format: 'segy',
      gprVendorId: 'proceq',
      csvLineNumber: 1,
      scanNumber: 1,
      areaScanDirection: 'LEFT_TO_RIGHT',
      repetitionRateScansPerCm: 4,
      traces: 20,
      samplesPerTrace: 256,
      permittivity: 7.5,
    });
    expect(first.gprScan.traceSpacingM).toBeCloseTo(0.0025, 12);
    expect(first.gprScan.scanLength).toBeCloseTo(0.05, 12);
    expect(first.node).toMatchObject({ type: 'GPR_SCAN', parentId: area.node.nodeId });
    // The zip plus one object per line.
    expect((await storedImportObjects(t, m.organization.id))).toHaveLength(4);
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/gpr-scans/${first.gprScan.nodeId}/details`,
        headers: m.headers,
      })
    ).json();
    expect(details.gprScanZipFile.file).toMatchObject({
      name: 'export.zip',
      extension: 'zip',
      size: zip.length,
    });
    expect(details.gprScanFile.file).toMatchObject({ name: 'L001.sgy', nodeId: first.gprScan.nodeId });
    expect(details.areaScanNodeId).toBe(area.node.nodeId);
  });

  it('leaves out the paths to skip', async () => {
    const folder = await createFolder(t, m);
    const zip = buildVendorZip([buildSegy(), buildSegy(), buildSegy()]);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, {
      parentId: folder,
      pathsToSkip: ['Area 1/L002.sgy'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().gprScans.map((s: { gprScan: { name: string } }) => s.gprScan.name)).toEqual([
      'L001',
      'L003',
    ]);
  });

  it('puts several area scans and loose lines directly in the folder, names as written (no wrapper group)', async () => {
    const folder = await createFolder(t, m);
    const a = buildVendorZip([buildSegy(), buildSegy()], 'Area A');
    const b = buildVendorZip([buildSegy(), buildSegy()], 'Area B');
    const { listZipEntries, extractZipEntry } = await import('@gprhub/gpr');
    const entries: Record<string, Uint8Array> = {};
    for (const zip of [a, b])
      for (const e of listZipEntries('z', zip))
        entries[e.path.replace('area.csv', 'Slab A.csv')] = extractZipEntry('z', zip, e, 1e9);
    entries['loose/Extra.sgy'] = buildSegy({ traces: 7 });
    const res = await postZip(
      t,
      m,
      '/api/gpr-scans/create-from-zip',
      buildZip(entries),
      { parentId: folder },
      'job 12.zip',
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.gprScanGroups).toEqual([]);
    expect(
      body.areaScanGroups.map(
        (g: { gprScanGroup: { name: string; parentGprScanGroupNodeId: string | null } }) => [
          g.gprScanGroup.name,
          g.gprScanGroup.parentGprScanGroupNodeId,
        ],
      ),
    ).toEqual([
      ['Slab A', null],
      ['Slab A', null],
    ]);
    expect(
      body.gprScans.find((s: { gprScan: { name: string } }) => s.gprScan.name === 'Extra').gprScan
        .gprScanGroupNodeId,
    ).toBeNull();
    expect((await childrenOf(t, m, folder)).map((n) => n.name).sort()).toEqual(['Extra', 'Slab A', 'Slab A']);
  });

  it('reads paths only as names: a zip-slip entry is imported under its own id, nowhere else', async () => {
    const folder = await createFolder(t, m);
    const before = (await storedImportObjects(t, m.organization.id)).length;
    const res = await postZip(
      t,
      m,
      '/api/gpr-scans/create-from-zip',
      buildZip({ '../../../../evil.sgy': buildSegy() }),
      { parentId: folder },
    );
    expect(res.statusCode).toBe(201);
    const scan = res.json().gprScans[0].gprScan;
    expect(scan).toMatchObject({ name: 'evil', fileName: 'evil.sgy', zipPath: '../../../../evil.sgy' });
    const stored = (await storedImportObjects(t, m.organization.id));
    expect(stored).toHaveLength(before + 2);
    expect(stored.every((name) => /^[0-9a-f-]{36}\.(zip|sgy)$/.test(name))).toBe(true);
  });

  describe('failures leave nothing behind', () => {
    async function expectNothingCreated(folder: string, objectsBefore: number) {
      expect(await childrenOf(t, m, folder)).toEqual([]);
      expect((await storedImportObjects(t, m.organization.id))).toHaveLength(objectsBefore);
    }

    it('a file that is not a zip', async () => {
      const folder = await createFolder(t, m);
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const res = await postZip(
        t,
        m,
        '/api/gpr-scans/create-from-zip',
        Buffer.from('not a zip at all'),
        { parentId: folder },
        'scans.zip',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_GPR_FILE',
        message: 'scans.zip: not a complete zip file: no end-of-directory record (truncated?)',
      });
      await expectNothingCreated(folder, before);
    });

    it('a truncated SEG-Y inside the zip, named with the reason', async () => {
      const folder = await createFolder(t, m);
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const zip = buildVendorZip([buildSegy(), buildSegy().subarray(0, 5000), buildSegy()]);
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_GPR_FILE');
      expect(res.json().message).toMatch(
        /^export\.zip: Area 1\/L002\.sgy: truncated: .*Skip this path to import the rest$/,
      );
      await expectNothingCreated(folder, before);
    });

    it('a zip with no GPR scan in it', async () => {
      const folder = await createFolder(t, m);
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildZip({ 'notes.txt': 'hello' }), {
        parentId: folder,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('export.zip: the zip holds no readable GPR scan');
      await expectNothingCreated(folder, before);
    });

    it('a database refusal after the objects were written: they are deleted again', async () => {
      let parent: string | null = null;
      for (let depth = 0; depth <= 63; depth++) {
        parent = (
          await insertNode(t.ctx.db, {
            organizationId: m.organization.id,
            parentId: parent,
            type: 'FOLDER',
            name: `L${depth}`,
            createdById: m.id,
          })
        ).id;
      }
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const res = await postZip(
        t,
        m,
        '/api/gpr-scans/create-from-zip',
        buildVendorZip([buildSegy(), buildSegy()]),
        { parentId: parent! },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Folders can be nested at most 64 levels deep');
      await expectNothingCreated(parent!, before);
    });

    it('a zip bomb of overlapping entries (nine names over one deflated block)', async () => {
      const folder = await createFolder(t, m);
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const names = Array.from({ length: 9 }, (_, k) => `Area 1/L00${k + 1}.sgy`);
      const bomb = buildOverlappingZip(names, Buffer.alloc(4 * MiB));
      expect(bomb.length).toBeLessThan(64 * 1024);
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', bomb, { parentId: folder });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_GPR_FILE',
        message:
          'export.zip: damaged zip: entries "Area 1/L001.sgy" and "Area 1/L002.sgy" overlap (share the same data); overlapping entries are refused',
      });
      await expectNothingCreated(folder, before);
    });

    it('a zip bomb: more uncompressed bytes than GPR_ZIP_MAX_UNCOMPRESSED_BYTES', async () => {
      const folder = await createFolder(t, m);
      const before = (await storedImportObjects(t, m.organization.id)).length;
      const bomb = buildZip({ 'L001.sgy': buildSegy(), 'zeros.sgy': Buffer.alloc(20 * MiB) });
      expect(bomb.length).toBeLessThan(MiB);
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', bomb, { parentId: folder });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(
        /^export\.zip: unpacks to \d+ bytes \(limit 16777216, GPR_ZIP_MAX_UNCOMPRESSED_BYTES\)/,
      );
      await expectNothingCreated(folder, before);
    });

    it('more entries than GPR_ZIP_MAX_ENTRIES', async () => {
      const folder = await createFolder(t, m);
      const entries = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}.txt`, 'x']));
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildZip(entries), {
        parentId: folder,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('export.zip: holds 41 entries (limit 40, GPR_ZIP_MAX_ENTRIES)');
    });

    it('an upload over GPR_IMPORT_MAX_BYTES', async () => {
      const folder = await createFolder(t, m);
      const big = buildZip(
        { 'noise.sgy': Buffer.from(Array.from({ length: 9 * MiB }, (_, i) => (i * 7919) % 251)) },
        { deflate: false },
      );
      const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', big, { parentId: folder });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(
        'The zip is larger than the import limit of 8388608 bytes (GPR_IMPORT_MAX_BYTES)',
      );
      await expectNothingCreated(folder, 0 + (await storedImportObjects(t, m.organization.id)).length);
    });
  });

  it('validates the parent: a uuid, a folder of the organization', async () => {
    const zip = buildVendorZip([buildSegy()]);
    const bad = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual([
      { path: 'parentId', message: 'Please provide a valid uuid for property parentId' },
    ]);
    const stranger = await createMember(t.app);
    const theirs = await createFolder(t, stranger);
    expect(
      (await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: theirs })).statusCode,
    ).toBe(404);
    const folder = await createFolder(t, m);
    const scan = (await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder })).json()
      .gprScans[0].gprScan.nodeId;
    const intoScan = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: scan });
    expect(intoScan.statusCode).toBe(400);
    expect(intoScan.json().message).toBe('GPR scans can only be imported into a folder');
  });

  it('imports at the top level when no parent is given', async () => {
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildZip({ 'solo.sgy': buildSegy() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().gprScans[0].node).toMatchObject({ name: 'solo', parentId: null });
  });
});

describeWithData('create-from-zip with real SEG-Y lines (RGPR, little-endian)', () => {
  it('stores each line so that it loads alone exactly as from the zip', async () => {
    const segy = readRealFile('segy-rgpr-littleendian/test.sgy');
    const zip = buildVendorZip([
      vendorStyleSegy(segy, 40, true),
      vendorStyleSegy(segy, 30, true),
      vendorStyleSegy(segy, 40, true),
    ]);
    const folder = await createFolder(t, m);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder });
    expect(res.statusCode).toBe(201);
    const fromZip = readVendorZip({ name: 'export.zip', bytes: zip });
    const scans = res.json().gprScans;
    expect(scans.map((s: { gprScan: { traces: number } }) => s.gprScan.traces)).toEqual([40, 30, 40]);
    for (const [i, { gprScan }] of scans.entries()) {
      const signal = await t.app.inject({
        method: 'GET',
        url: `/api/gpr-scans/${gprScan.nodeId}/signal`,
        headers: { ...m.headers, accept: 'application/octet-stream' },
      });
      const body = signal.rawPayload;
      const expected = fromZip.radargrams[i]!;
      expect(body.readUInt32LE(8)).toBe(expected.traces);
      expect(body.readUInt32LE(12)).toBe(1000);
      expect(body.readDoubleLE(16)).toBe(expected.sampleIntervalS);
      expect(body.readDoubleLE(24)).toBeCloseTo(0.0025, 12);
      expect(body.readDoubleLE(32)).toBe(expected.timeOffsetS);
      const samples = new Float32Array(
        body.buffer.slice(body.byteOffset + 40, body.byteOffset + body.length),
      );
      expect(samples).toEqual(expected.samples);
    }
  });
});
