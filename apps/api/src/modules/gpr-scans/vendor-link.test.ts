import { VendorUrlMessages } from '@gprhub/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.js';
import { buildSegy, buildVendorZip } from '../../test/gpr-fixtures.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { childrenOf, createFolder, storedImportObjects } from '../../test/gpr-scan-imports.js';
import { hasOpenssl, startVendorStandIn, type VendorStandIn } from '../../test/vendor-link-stand-in.js';
import { importReaders } from './import-reading.js';
import { readVendorUrl } from './vendor-link.service.js';

const MiB = 1024 * 1024;
const LIMIT = 2 * MiB;
let vendor: VendorStandIn;
let t: TestApp;
let m: TestMember;
const zip = buildVendorZip([buildSegy({ seed: 1 }), buildSegy({ seed: 2 }), buildSegy({ seed: 3 })]);

const post = (url: string, payload: object, member: TestMember = m, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url, headers: member.headers, payload });

describe.skipIf(!hasOpenssl())('vendor link import (stand-in HTTPS server on loopback)', () => {
  beforeAll(async () => {
    vendor = await startVendorStandIn();
    vendor.route('/exports/area.zip', { kind: 'file', bytes: zip, fileName: 'Slab 4 export.zip' });
    t = await getTestApp({
      gprImport: { maxBytes: LIMIT, maxZipUncompressedBytes: 16 * MiB, maxZipEntries: 40, parseThreads: 1, startAnalyses: false },
      vendorLink: { host: vendor.host, caFile: vendor.caFile, timeoutMs: 1500 },
    });
    m = await createMember(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });
  beforeEach(() => {
    vendor.requests.length = 0;
  });

  it('tells the web app which host links must use', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gpr-scans/vendor-link-settings',
      headers: m.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vendorHost: vendor.host });
  });

  it('reads the linked zip and answers its file map, storing nothing', async () => {
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/exports/area.zip') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fileName).toBe('Slab 4 export.zip');
    expect(body.gprScans.map((s: { name: string }) => s.name)).toEqual(['L001', 'L002', 'L003']);
    expect(body.areaScans).toHaveLength(1);
    expect(vendor.requests).toEqual(['/exports/area.zip']);
    expect((await storedImportObjects(t, m.organization.id))).toEqual([]);
  });

  it('imports the linked zip into a folder exactly as an uploaded zip, answering the file map too', async () => {
    const folder = await createFolder(t, m, 'Linked');
    const res = await post('/api/gpr-scans/create-from-url', {
      parentId: folder,
      url: vendor.linkTo('/exports/area.zip'),
      pathsToSkip: ['Area 1/L003.sgy'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.gprScans.map((s: { node: { name: string } }) => s.node.name)).toEqual(['L001', 'L002']);
    expect(body.areaScanGroups).toHaveLength(1);
    expect(body.fileMap.find((f: { path: string }) => f.path === 'Area 1/L003.sgy').kind).toBe('skipped');
    const children = await childrenOf(t, m, folder);
    expect(children.map((c) => c.type)).toEqual(['GPR_SCAN_GROUP']);
  });

  it('follows redirects that stay on the vendor host', async () => {
    vendor.route('/go', { kind: 'redirect', location: '/hop' });
    vendor.route('/hop', { kind: 'redirect', location: `${vendor.origin}/exports/area.zip`, status: 307 });
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/go') });
    expect(res.statusCode, res.body).toBe(200);
    expect(vendor.requests).toEqual(['/go', '/hop', '/exports/area.zip']);
  });

  it.each([
    ['empty', '', VendorUrlMessages.empty],
    ['http', () => vendor.linkTo('/exports/area.zip').replace('https:', 'http:'), 'host'],
    ['another host', () => vendor.linkTo('/exports/area.zip').replace('127.0.0.1', 'localhost'), 'host'],
    ['no k', () => vendor.linkTo('/exports/area.zip').replace('k=', 'x='), VendorUrlMessages.missingK],
    ['no d', () => vendor.linkTo('/exports/area.zip').replace('&d=', '&x='), VendorUrlMessages.missingD],
    [
      'd on another host',
      () =>
        vendor
          .linkTo('/exports/area.zip')
          .replace(/d=https%3A%2F%2F127\.0\.0\.1/, 'd=https%3A%2F%2Fevil.example'),
      'host',
    ],
    ['d over http', () => vendor.linkTo('/exports/area.zip').replace('d=https', 'd=http'), 'host'],
  ])('refuses a link that is %s with the spec message, fetching nothing', async (_, link, message) => {
    const url = typeof link === 'function' ? link() : link;
    const expected = message === 'host' ? VendorUrlMessages.invalidHost(vendor.host) : message;
    const res = await post('/api/gpr-scans/create-from-url', { url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expected,
      validationErrors: [{ path: 'url', message: expected }],
    });
    expect(vendor.requests).toEqual([]);
  });

  it('refuses a redirect to another host, and creates nothing', async () => {
    const folder = await createFolder(t, m, 'Redirected');
    const before = (await storedImportObjects(t, m.organization.id)).length;
    vendor.route('/away', {
      kind: 'redirect',
      location: `https://localhost:${vendor.host.split(':')[1]}/exports/area.zip`,
    });
    const res = await post('/api/gpr-scans/create-from-url', {
      parentId: folder,
      url: vendor.linkTo('/away'),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'VENDOR_LINK_FAILED' });
    expect(res.json().message).toContain(`not to the vendor host ${vendor.host}`);
    expect(vendor.requests).toEqual(['/away']);
    expect(await childrenOf(t, m, folder)).toEqual([]);
    expect((await storedImportObjects(t, m.organization.id))).toHaveLength(before);
  });

  it('refuses a redirect to http on the same host', async () => {
    vendor.route('/plain', { kind: 'redirect', location: `http://${vendor.host}/exports/area.zip` });
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/plain') });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('must use https, not http');
  });

  it('stops after five redirects', async () => {
    vendor.route('/loop', { kind: 'redirect', location: '/loop' });
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/loop') });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The vendor server redirected more than 5 times');
    expect(vendor.requests).toHaveLength(6);
  });

  it('refuses a body over GPR_IMPORT_MAX_BYTES, declared or streamed', async () => {
    const big = new Uint8Array(LIMIT + 1);
    vendor.route('/big.zip', { kind: 'file', bytes: big });
    vendor.route('/big-chunked.zip', { kind: 'file', bytes: big, isChunked: true });
    for (const path of ['/big.zip', '/big-chunked.zip']) {
      const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo(path) });
      expect(res.statusCode, path).toBe(413);
      expect(res.json().message).toBe(
        `The download at ${vendor.host}${path} is larger than the import limit of ${LIMIT} bytes (GPR_IMPORT_MAX_BYTES)`,
      );
    }
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    vendor.route('/slow.zip', { kind: 'hang' });
    const started = Date.now();
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/slow.zip') });
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe(
      `The vendor server did not send ${vendor.host}/slow.zip within 2 s (GPR_VENDOR_TIMEOUT_S)`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('names the HTTP error of the vendor server', async () => {
    const res = await post('/api/gpr-scans/proceq-url-files', { url: vendor.linkTo('/expired.zip') });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      `The vendor server answered 404 Not Found for ${vendor.host}/expired.zip`,
    );
  });

  it('fails an unreadable download with the reader message, creating nothing', async () => {
    const folder = await createFolder(t, m, 'Broken');
    vendor.route('/broken.zip', { kind: 'file', bytes: new TextEncoder().encode('<html>sign in</html>') });
    const res = await post('/api/gpr-scans/create-from-url', {
      parentId: folder,
      url: vendor.linkTo('/broken.zip'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^broken\.zip: /);
    expect(await childrenOf(t, m, folder)).toEqual([]);
  });

  it("answers 404 for another organization's folder before downloading anything", async () => {
    const stranger = await createMember(t.app);
    const folder = await createFolder(t, m, 'Private');
    const res = await post(
      '/api/gpr-scans/create-from-url',
      { parentId: folder, url: vendor.linkTo('/exports/area.zip') },
      stranger,
    );
    expect(res.statusCode).toBe(404);
    expect(vendor.requests).toEqual([]);
  });

  it('downloads and reads the linked zip in an import thread: the server answers meanwhile', async () => {
    // About 1.2 MB: four lines of 400 traces.
    const big = buildVendorZip([1, 2, 3, 4].map((seed) => buildSegy({ seed, traces: 400, samples: 128 })));
    expect(big.length).toBeLessThan(LIMIT);
    vendor.route('/exports/big.zip', { kind: 'file', bytes: big });
    const readers = importReaders(t.ctx.config.gprImport.parseThreads);
    let readingAtDownload = -1;
    vendor.onRequest = () => (readingAtDownload = readers.pending);
    try {
      const folder = await createFolder(t, m, 'Linked off the loop');
      let isDone = false;
      const importing = post('/api/gpr-scans/create-from-url', { url: vendor.linkTo('/exports/big.zip'), parentId: folder }).then((res) => {
        isDone = true;
        return res;
      });
      while (readers.pending === 0 && !isDone) await new Promise((r) => setTimeout(r, 1));
      const answered: number[] = [];
      while (readers.pending > 0 && answered.length < 3)
        answered.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      const res = await importing;
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().gprScans).toHaveLength(4);
      // The request reached the vendor while the reading thread held the task: the download ran there.
      expect(readingAtDownload).toBe(1);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((status) => status === 200)).toBe(true);
    } finally {
      vendor.onRequest = undefined;
    }
  });

  it('keeps TLS checks on: without the test CA the stand-in is not trusted', async () => {
    const untrusting = await getTestApp({ vendorLink: { host: vendor.host, caFile: null, timeoutMs: 1500 } });
    try {
      const member = await createMember(untrusting.app);
      const res = await post(
        '/api/gpr-scans/proceq-url-files',
        { url: vendor.linkTo('/exports/area.zip') },
        member,
        untrusting,
      );
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain(`certificate for ${vendor.host} is not trusted`);
    } finally {
      await untrusting.close();
    }
  });
});

describe('vendor link import without GPR_VENDOR_HOST', () => {
  it('says that it is not configured', async () => {
    const ctx = {
      config: { vendorLink: { host: null, caFile: null, timeoutMs: 1000 } },
    } as unknown as AppContext;
    await expect(readVendorUrl(ctx, { url: 'https://example.com/?k=1&d=x' })).rejects.toThrow(
      'Import from a vendor link is not configured on this server (set GPR_VENDOR_HOST)',
    );
  });
});
