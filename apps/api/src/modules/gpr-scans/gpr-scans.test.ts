import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SIGNAL_BINARY_HEADER_BYTES } from '@gprhub/contract';
import { insertFiles, setGprScanPreviewFile } from '@gprhub/db';
import { areaScanLinesFromRead, readVendorZip } from '@gprhub/gpr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy, buildVendorZip } from '../../test/gpr-fixtures.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { buildZip } from '../../test/zip-builder.js';
import { assertNodesOfType, loadAreaScanLines, loadGprScanRadargram } from '../../scan-data/gpr-scan-data.js';
import { createFolder, postZip } from '../../test/gpr-scan-imports.js';

let t: TestApp;
let m: TestMember;
let folder: string;
let areaZip: Buffer;
let area: { nodeId: string };
let lines: { nodeId: string; name: string }[];
let areaB: string;
let singles: string[];

const get = (url: string, headers: Record<string, string> = m.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const q = (query: object) => encodeURIComponent(JSON.stringify(query));

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
  folder = await createFolder(t, m, 'Bridge deck');
  areaZip = buildVendorZip([
    buildSegy({ seed: 1 }),
    buildSegy({ seed: 2 }),
    buildSegy({ seed: 3, traces: 24 }),
  ]);
  const a = (await postZip(t, m, '/api/gpr-scans/create-from-zip', areaZip, { parentId: folder })).json();
  area = a.areaScanGroups[0].node;
  lines = a.gprScans.map((s: { gprScan: { nodeId: string; name: string } }) => s.gprScan);
  areaB = (
    await postZip(t, m, '/api/gpr-scans/create-from-zip', buildVendorZip([buildSegy(), buildSegy()], 'B'), {
      parentId: folder,
    })
  ).json().areaScanGroups[0].node.nodeId;
  singles = [];
  for (const name of ['beta.sgy', 'alpha.sgy']) {
    singles.push(
      (
        await postZip(
          t,
          m,
          '/api/gpr-scans/create-from-zip',
          buildZip({ [name]: buildSegy({ traces: 12 }) }),
          { parentId: folder },
        )
      ).json().gprScans[0].gprScan.nodeId,
    );
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/gpr-scans/:id, /details, /signal', () => {
  it('answers the scan; details start without pair and preview', async () => {
    const res = await get(`/api/gpr-scans/${lines[0]!.nodeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().gprScan).toMatchObject({
      nodeId: lines[0]!.nodeId,
      name: 'L001',
      csvLineNumber: 1,
      gprScanGroupNodeId: area.nodeId,
    });
    const details = (await get(`/api/gpr-scans/${singles[0]}/details`)).json();
    expect(details).toMatchObject({
      dualOrientationGprScan: null,
      areaScanNodeId: null,
      previewImageUrl: null,
    });
    expect(details.gprScanFile.file.name).toBe('beta.sgy');
    expect(details.gprScanZipFile.file.name).toBe('export.zip');
    expect(details.header.length).toBeGreaterThan(5);
  });

  it('shows the preview once the analyses module records it', async () => {
    const [file] = await insertFiles(t.ctx.db, [
      {
        organizationId: m.organization.id,
        nodeId: singles[0]!,
        name: 'preview.png',
        extension: 'png',
        contentType: 'image/png',
        storageKey: `${m.organization.id}/previews/p.png`,
      },
    ]);
    const stranger = await createMember(t.app);
    expect(await setGprScanPreviewFile(t.ctx.db, stranger.organization.id, singles[0]!, file!.id)).toBe(
      false,
    );
    expect(await setGprScanPreviewFile(t.ctx.db, m.organization.id, singles[0]!, file!.id)).toBe(true);
    const details = (await get(`/api/gpr-scans/${singles[0]}/details`)).json();
    expect(details.previewImageUrl).toMatch(/\/api\/storage\/download\//);
  });

  it('serves the signal as JSON rows of traces, or as the documented binary', async () => {
    const json = (await get(`/api/gpr-scans/${lines[2]!.nodeId}/signal`)).json();
    expect(json).toMatchObject({ traces: 24, samplesPerTrace: 256, timeOffsetS: -1e-9 });
    expect(json.sampleIntervalS).toBeCloseTo(2.44140625e-11, 20);
    expect(json.signal).toHaveLength(24);
    expect(json.signal[0]).toHaveLength(256);
    const expected = readVendorZip({ name: 'export.zip', bytes: areaZip }).radargrams[2]!;
    expect(json.signal[5][17]).toBe(expected.samples[5 * 256 + 17]);

    const binary = await get(`/api/gpr-scans/${lines[2]!.nodeId}/signal`, {
      ...m.headers,
      accept: 'application/octet-stream',
    });
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    const body = binary.rawPayload;
    expect(body.subarray(0, 4).toString('ascii')).toBe('GPRS');
    expect([body.readUInt16LE(4), body.readUInt16LE(6), body.readUInt32LE(8), body.readUInt32LE(12)]).toEqual(
      [1, SIGNAL_BINARY_HEADER_BYTES, 24, 256],
    );
    expect(body.readDoubleLE(16)).toBe(json.sampleIntervalS);
    expect(body.readDoubleLE(24)).toBe(json.traceSpacingM);
    expect(body.readDoubleLE(32)).toBe(json.timeOffsetS);
    expect(body.length).toBe(40 + 24 * 256 * 4);
    expect(body.readFloatLE(40 + 4 * (5 * 256 + 17))).toBe(json.signal[5][17]);
  });

  it('serves the byte-shuffled binary on ?layout=shuffled: the same values, its own tag, smaller compressed', async () => {
    const url = `/api/gpr-scans/${lines[2]!.nodeId}/signal`;
    const binaryHeaders = { ...m.headers, accept: 'application/octet-stream' };
    const plain = (await get(url, binaryHeaders)).rawPayload;
    const shuffledResponse = await get(`${url}?layout=shuffled`, binaryHeaders);
    expect(shuffledResponse.statusCode).toBe(200);
    const shuffled = shuffledResponse.rawPayload;
    expect(shuffled.length).toBe(plain.length);
    expect(shuffled.subarray(0, 4).toString('ascii')).toBe('GPRS');
    expect(shuffled.readUInt16LE(4)).toBe(2);
    // Same header past the version, and value i's byte k at 40 + k·n + i.
    expect(shuffled.subarray(6, 40).equals(plain.subarray(6, 40))).toBe(true);
    const n = 24 * 256;
    for (let i = 0; i < n; i++)
      for (let k = 0; k < 4; k++) if (shuffled[40 + k * n + i] !== plain[40 + 4 * i + k]) expect.fail(`value ${i} byte ${k}`);
    expect(shuffled.equals(plain)).toBe(false);
    // layout=plain is version 1, and the JSON form ignores the layout.
    expect((await get(`${url}?layout=plain`, binaryHeaders)).rawPayload.equals(plain)).toBe(true);
    expect((await get(`${url}?layout=shuffled`)).json().signal).toHaveLength(24);

    const etag = shuffledResponse.headers.etag as string;
    expect(etag).not.toBe((await get(url, binaryHeaders)).headers.etag);
    expect((await get(`${url}?layout=shuffled`, { ...binaryHeaders, 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = await get(`${url}?layout=shuffled`, { ...binaryHeaders, 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotli.rawPayload).equals(shuffled)).toBe(true);
    const plainBrotli = await get(url, { ...binaryHeaders, 'accept-encoding': 'br' });
    expect(brotli.rawPayload.length).toBeLessThan(plainBrotli.rawPayload.length);

    const bad = await get(`${url}?layout=packed`, binaryHeaders);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors[0].path).toBe('layout');
    const stranger = await createMember(t.app);
    expect((await get(`${url}?layout=shuffled`, { ...stranger.headers, accept: 'application/octet-stream' })).statusCode).toBe(404);
  });

  it('serves the signal with an ETag (304 when unchanged) and compressed when the client accepts it', async () => {
    const url = `/api/gpr-scans/${lines[1]!.nodeId}/signal`;
    const binaryHeaders = { ...m.headers, accept: 'application/octet-stream' };
    const plain = await get(url, binaryHeaders);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Binary and JSON are two representations: two tags.
    expect((await get(url)).headers.etag).not.toBe(etag);
    const again = await get(url, { ...binaryHeaders, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const gzipped = await get(url, { ...binaryHeaders, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const brotli = await get(url, { ...binaryHeaders, 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    // A compressed copy's tag also matches: the client has the same signal.
    const compressedTag = brotli.headers.etag as string;
    expect(compressedTag).not.toBe(etag);
    expect((await get(url, { ...binaryHeaders, 'if-none-match': compressedTag })).statusCode).toBe(304);

    // Another organization gets no 304 for a tag it learnt elsewhere: the scan is not found.
    const stranger = await createMember(t.app);
    expect((await get(url, { ...stranger.headers, 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('remembers the scan it serves the signal of, but never past a change made through the app', async () => {
    // The scoping read is cached (lib/read-cache.ts, AUTH_CACHE_S): each write must clear it at once.
    const scan = (
      await postZip(t, m, '/api/gpr-scans/create-from-zip', buildZip({ 'cached.sgy': buildSegy({ traces: 12 }) }), {
        parentId: folder,
      })
    ).json().gprScans[0].gprScan.nodeId as string;
    const url = `/api/gpr-scans/${scan}/signal`;
    const binaryHeaders = { ...m.headers, accept: 'application/octet-stream' };
    const first = await get(url, binaryHeaders);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await get(url, { ...binaryHeaders, 'if-none-match': etag })).statusCode).toBe(304);
    // Another organization is never answered from this organization's entry.
    const stranger = await createMember(t.app);
    expect((await get(url, stranger.headers)).statusCode).toBe(404);

    // A new trace spacing is a new signal: a new tag, and the old one is no longer "not modified".
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/gpr-scans/${scan}/geometry`,
      headers: m.headers,
      payload: { traceSpacingM: 0.0123 },
    });
    expect(patched.statusCode).toBe(200);
    const changed = await get(url, { ...binaryHeaders, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.readDoubleLE(24)).toBe(0.0123);

    // A deleted scan is gone at once.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/nodes/${scan}`, headers: m.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await get(url, binaryHeaders)).statusCode).toBe(404);
    expect((await get(url, { ...binaryHeaders, 'if-none-match': changed.headers.etag as string })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for ids that are not GPR scans, 400 for ids that are not UUIDs', async () => {
    expect((await get(`/api/gpr-scans/${area.nodeId}`)).statusCode).toBe(404);
    expect((await get(`/api/gpr-scans/${folder}/signal`)).statusCode).toBe(404);
    const bad = await get('/api/gpr-scans/123/details');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual([
      { path: 'id', message: 'Please provide a valid uuid for property id' },
    ]);
  });

  it('documents the binary layout in the OpenAPI description', async () => {
    const doc = (await get('/api/openapi.json', {})).json();
    const op = doc.paths['/api/gpr-scans/{id}/signal'].get;
    expect(op.description).toContain('Float32'.toLowerCase());
    expect(op.description).toContain('GPRS');
    expect(op.description).toContain('layout=shuffled');
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('layout');
    expect(Object.keys(op.responses['200'].content)).toEqual([
      'application/json',
      'application/octet-stream',
    ]);
  });
});

describe('GET /api/gpr-scans/query', () => {
  it('filters by group, descendants, ids and vendor, sorts, and lists the area scans', async () => {
    const inArea = (
      await get(
        `/api/gpr-scans/query?q=${q({ filter: { gprScanGroupNodeId: area.nodeId }, sort: { field: 'originalName', direction: 'asc' } })}`,
      )
    ).json();
    expect(inArea.gprScans.map((s: { name: string }) => s.name)).toEqual(['L001', 'L002', 'L003']);
    expect(inArea.total).toBe(3);
    expect(inArea.areaScans.map((a: { nodeId: string }) => a.nodeId)).toEqual([area.nodeId]);

    const loose = (
      await get(
        `/api/gpr-scans/query?q=${q({ filter: { gprScanGroupNodeId: null }, sort: { field: 'originalName', direction: 'asc' } })}`,
      )
    ).json();
    expect(loose.gprScans.map((s: { fileName: string }) => s.fileName)).toEqual(['alpha.sgy', 'beta.sgy']);
    expect(loose.areaScans).toEqual([]);

    const under = (
      await get(
        `/api/gpr-scans/query?q=${q({ filter: { descendantOfNodeIds: [folder] }, limit: 2, skip: 0 })}`,
      )
    ).json();
    expect(under.total).toBe(7);
    expect(under.gprScans).toHaveLength(2);
    const byVendor = (await get(`/api/gpr-scans/query?q=${q({ filter: { gprVendorId: 'proceq' } })}`)).json();
    expect(byVendor.total).toBe(5);
    const byIds = (
      await get(
        `/api/gpr-scans/query?q=${q({ filter: { nodeIds: singles, createdFrom: '2000-01-01', createdTo: '2999-01-01T00:00:00Z' } })}`,
      )
    ).json();
    expect(byIds.gprScans.map((s: { nodeId: string }) => s.nodeId).sort()).toEqual([...singles].sort());
    const none = (await get(`/api/gpr-scans/query?q=${q({ filter: { createdTo: '2000-01-01' } })}`)).json();
    expect(none.total).toBe(0);
  });

  it('only ever sees the organization’s scans', async () => {
    const stranger = await createMember(t.app);
    const res = (
      await get(
        `/api/gpr-scans/query?q=${q({ filter: { descendantOfNodeIds: [folder] } })}`,
        stranger.headers,
      )
    ).json();
    expect(res).toEqual({ gprScans: [], areaScans: [], total: 0 });
  });

  it('refuses bad queries with the spec messages', async () => {
    const bad = await get(
      `/api/gpr-scans/query?q=${q({ filter: { createdFrom: 'yesterday', nodeId: 'x' }, limit: 0 })}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual([
      { path: 'filter.createdFrom', message: 'Please provide a valid value for property filter.createdFrom' },
      { path: 'filter.nodeId', message: 'Please provide a valid uuid for property filter.nodeId' },
      { path: 'limit', message: 'Property limit cannot be less than 1' },
    ]);
    const sort = await get(`/api/gpr-scans/query?q=${q({ sort: { field: 'name' } })}`);
    expect(sort.statusCode).toBe(400);
    expect((await get('/api/gpr-scans/query?q=notjson')).json().message).toBe(
      'The provided data is not a valid object',
    );
  });
});

describe('area scans and scan groups', () => {
  it('answers the area scan, its details and its lines by CSV line number', async () => {
    const res = (await get(`/api/area-scans/${area.nodeId}`)).json();
    expect(res.areaScan).toMatchObject({
      nodeId: area.nodeId,
      type: 'AREA_SCAN',
      gridSizeX: 60,
      gridSizeY: 40,
      gridSpacingX: 10,
      gridSpacingY: 10,
      areaScanWidth: null,
    });
    expect(res.areaScan.csvFields).toMatchObject({ Antenna: 'GP8000', 'Grid size X [cm]': '60' });
    const details = (await get(`/api/area-scans/${area.nodeId}/details`)).json();
    expect(details).toMatchObject({ dualOrientationAreaScan: null, lineScanCount: 3 });
    expect(details.gprScanZipFile.file.name).toBe('export.zip');
    const lineScans = (await get(`/api/area-scans/${area.nodeId}/line-scans`)).json().gprScans;
    expect(lineScans.map((s: { csvLineNumber: number }) => s.csvLineNumber)).toEqual([1, 2, 3]);
    const group = (await get(`/api/gpr-scan-groups/${area.nodeId}`)).json();
    expect(group.gprScanGroup).toMatchObject({
      type: 'AREA_SCAN',
      parentGprScanGroupNodeId: null,
      fileName: 'area.csv',
    });
  });

  it('answers 404 for nodes that are not area scans', async () => {
    expect((await get(`/api/area-scans/${lines[0]!.nodeId}`)).statusCode).toBe(404);
    expect((await get(`/api/area-scans/${folder}/line-scans`)).statusCode).toBe(404);
    expect((await get(`/api/gpr-scan-groups/${lines[0]!.nodeId}`)).statusCode).toBe(404);
  });

  it('a deleted line disappears from its area scan', async () => {
    const extra = (
      await postZip(t, m, '/api/gpr-scans/create-from-zip', buildVendorZip([buildSegy(), buildSegy()]), {
        parentId: folder,
      })
    ).json();
    const [first] = extra.gprScans;
    await t.app.inject({ method: 'DELETE', url: `/api/nodes/${first.gprScan.nodeId}`, headers: m.headers });
    const lineScans = (await get(`/api/area-scans/${extra.areaScanGroups[0].node.nodeId}/line-scans`)).json()
      .gprScans;
    expect(lineScans.map((s: { name: string }) => s.name)).toEqual(['L002']);
    expect((await get(`/api/gpr-scans/${first.gprScan.nodeId}`)).statusCode).toBe(404);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/nodes/${extra.areaScanGroups[0].node.nodeId}`,
      headers: m.headers,
    });
  });
});

describe('dual-orientation scans', () => {
  const post = (url: string, payload: object, headers = m.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('pairs two GPR scans, shows the pair on both, and swaps roles', async () => {
    const created = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: singles[0],
      perpendicularGprScanNodeId: singles[1],
    });
    expect(created.statusCode).toBe(201);
    const dual = created.json().dualOrientationGprScan;
    expect(dual).toMatchObject({
      name: 'beta × alpha',
      parentId: folder,
      parallelGprScanNodeId: singles[0],
      perpendicularGprScanNodeId: singles[1],
    });
    const got = (await get(`/api/dual-orientation-gpr-scans/${dual.nodeId}`)).json();
    expect(got.parallelGprScan.nodeId).toBe(singles[0]);
    expect(got.perpendicularGprScan.nodeId).toBe(singles[1]);
    expect((await get(`/api/gpr-scans/${singles[1]}/details`)).json().dualOrientationGprScan.nodeId).toBe(
      dual.nodeId,
    );

    const swapped = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: singles[1],
      perpendicularGprScanNodeId: singles[0],
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().dualOrientationGprScan).toMatchObject({
      nodeId: dual.nodeId,
      parallelGprScanNodeId: singles[1],
      perpendicularGprScanNodeId: singles[0],
    });
    const again = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: singles[1],
      perpendicularGprScanNodeId: singles[0],
    });
    expect(again.statusCode).toBe(200);

    const taken = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: singles[0],
      perpendicularGprScanNodeId: lines[0]!.nodeId,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      `GPR scan ${singles[0]} is already paired in beta × alpha (${dual.nodeId}); delete that pair first`,
    );
  });

  it('places a pair of lines inside a group next to the group, and needs both ids of the right type', async () => {
    const res = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: lines[0]!.nodeId,
      perpendicularGprScanNodeId: lines[1]!.nodeId,
    });
    expect(res.json().dualOrientationGprScan.parentId).toBe(folder);

    const missing = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: lines[2]!.nodeId,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().validationErrors).toEqual([
      {
        path: 'perpendicularGprScanNodeId',
        message: 'Please provide a valid string for property perpendicularGprScanNodeId',
      },
    ]);
    const wrongType = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: lines[2]!.nodeId,
      perpendicularGprScanNodeId: area.nodeId,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().validationErrors).toEqual([
      {
        path: 'perpendicularGprScanNodeId',
        message: `Node ${area.nodeId} is not a GPR scan of this organization`,
      },
    ]);
    const same = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: lines[2]!.nodeId,
      perpendicularGprScanNodeId: lines[2]!.nodeId,
    });
    expect(same.json().message).toBe(
      'The parallel and the perpendicular GPR scan must be two different scans',
    );
    const stranger = await createMember(t.app);
    const cross = await post(
      '/api/dual-orientation-gpr-scans',
      { parallelGprScanNodeId: lines[2]!.nodeId, perpendicularGprScanNodeId: singles[0] },
      stranger.headers,
    );
    expect(cross.statusCode).toBe(400);
    expect(cross.json().validationErrors.map((e: { path: string }) => e.path)).toEqual([
      'parallelGprScanNodeId',
      'perpendicularGprScanNodeId',
    ]);
  });

  it('a pair whose other scan was deleted no longer holds the scan', async () => {
    const fresh = await postZip(
      t,
      m,
      '/api/gpr-scans/create-from-zip',
      buildVendorZip([buildSegy(), buildSegy(), buildSegy()]),
      { parentId: folder },
    );
    const [a, b, c] = fresh.json().gprScans.map((s: { gprScan: { nodeId: string } }) => s.gprScan.nodeId);
    expect(
      (
        await post('/api/dual-orientation-gpr-scans', {
          parallelGprScanNodeId: a,
          perpendicularGprScanNodeId: b,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post('/api/dual-orientation-gpr-scans', {
          parallelGprScanNodeId: a,
          perpendicularGprScanNodeId: c,
        })
      ).statusCode,
    ).toBe(409);
    await t.app.inject({ method: 'DELETE', url: `/api/nodes/${b}`, headers: m.headers });
    expect(
      (
        await post('/api/dual-orientation-gpr-scans', {
          parallelGprScanNodeId: a,
          perpendicularGprScanNodeId: c,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('pairs two area scans and swaps them', async () => {
    const created = await post('/api/dual-orientation-area-scans', {
      parallelAreaScanNodeId: area.nodeId,
      perpendicularAreaScanNodeId: areaB,
    });
    expect(created.statusCode).toBe(201);
    const dual = created.json().dualOrientationAreaScan;
    expect(dual).toMatchObject({
      parentId: folder,
      parallelAreaScanNodeId: area.nodeId,
      perpendicularAreaScanNodeId: areaB,
    });
    const got = (await get(`/api/dual-orientation-area-scans/${dual.nodeId}`)).json();
    expect(got.perpendicularAreaScan.nodeId).toBe(areaB);
    expect((await get(`/api/area-scans/${areaB}/details`)).json().dualOrientationAreaScan.nodeId).toBe(
      dual.nodeId,
    );
    const swapped = await post('/api/dual-orientation-area-scans', {
      parallelAreaScanNodeId: areaB,
      perpendicularAreaScanNodeId: area.nodeId,
    });
    expect(swapped.json().dualOrientationAreaScan.parallelAreaScanNodeId).toBe(areaB);
    const notArea = await post('/api/dual-orientation-area-scans', {
      parallelAreaScanNodeId: lines[0]!.nodeId,
      perpendicularAreaScanNodeId: areaB,
    });
    expect(notArea.json().message).toBe(`Node ${lines[0]!.nodeId} is not an area scan of this organization`);
    expect((await get(`/api/dual-orientation-area-scans/${area.nodeId}`)).statusCode).toBe(404);
  });
});

describe('loaders for the analyses module', () => {
  it('loadGprScanRadargram: the stored geometry on the file’s samples; 404 outside the organization', async () => {
    const { nodeId, name, radargram } = await loadGprScanRadargram(
      t.ctx,
      m.organization.id,
      lines[1]!.nodeId,
    );
    expect([nodeId, name, radargram.traces]).toEqual([lines[1]!.nodeId, 'L002', 20]);
    expect(radargram.traceSpacingM).toBeCloseTo(0.0025, 12);
    expect(radargram.permittivity).toBe(7.5);
    const stranger = await createMember(t.app);
    await expect(
      loadGprScanRadargram(t.ctx, stranger.organization.id, lines[1]!.nodeId),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(loadGprScanRadargram(t.ctx, m.organization.id, area.nodeId)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('loadAreaScanLines places the lines exactly as packages/gpr does from the zip', async () => {
    const loaded = await loadAreaScanLines(t.ctx, m.organization.id, area.nodeId);
    const expected = areaScanLinesFromRead(readVendorZip({ name: 'export.zip', bytes: areaZip }));
    expect(loaded.name).toBe('area');
    expect(loaded.warnings).toEqual(expected.warnings);
    expect(loaded.lines.map((l) => [l.direction, l.offsetM, l.radargram.traces])).toEqual(
      expected.lines.map((l) => [l.direction, l.offsetM, l.radargram.traces]),
    );
    expect(loaded.lines.map((l) => l.nodeId)).toEqual([lines[0]!.nodeId, lines[2]!.nodeId, lines[1]!.nodeId]);
    expect(loaded.lines[1]!.radargram.samples).toEqual(expected.lines[1]!.radargram.samples);
    await expect(loadAreaScanLines(t.ctx, m.organization.id, lines[0]!.nodeId)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('assertNodesOfType names the first wrong id', async () => {
    await expect(
      assertNodesOfType(t.ctx, m.organization.id, [lines[0]!.nodeId, singles[0]!], 'GPR_SCAN'),
    ).resolves.toBeUndefined();
    await expect(
      assertNodesOfType(t.ctx, m.organization.id, [lines[0]!.nodeId, area.nodeId], 'GPR_SCAN'),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: `Node ${area.nodeId} is not a GPR scan of this organization`,
    });
    const stranger = await createMember(t.app);
    await expect(
      assertNodesOfType(t.ctx, stranger.organization.id, [area.nodeId], 'GPR_SCAN_GROUP'),
    ).rejects.toMatchObject({
      message: `Node ${area.nodeId} is not a GPR scan group of this organization`,
    });
  });
});
