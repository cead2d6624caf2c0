import { createRunWithJob, findOrCreateAnalysis, insertNode, upsertCorrection } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from './test/support.js';
import { buildSegy, buildVendorZip } from './test/gpr-fixtures.js';
import { formData } from './test/zip-builder.js';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;
/** One resource of `owner`'s organization per id parameter. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await getTestApp();
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
  const node = await insertNode(t.ctx.db, {
    organizationId: owner.organization.id,
    parentId: null,
    type: 'FOLDER',
    name: 'Private',
    createdById: owner.id,
  });
  const batch = await t.app.inject({
    method: 'POST',
    url: '/api/files/batch',
    headers: owner.headers,
    payload: { files: [{ nodeId: node.id, extension: 'png', name: 'a.png' }] },
  });
  ids.file = batch.json().files[0].file.id;
  ids.node = node.id;
  ids.comment = (
    await t.app.inject({
      method: 'POST',
      url: `/api/nodes/${node.id}/comments`,
      headers: owner.headers,
      payload: { content: 'x' },
    })
  ).json().id;
  ids.metadata = (
    await t.app.inject({
      method: 'PUT',
      url: '/api/node-metadata',
      headers: owner.headers,
      payload: { ownerId: node.id, name: 'n', type: 'TEXT', value: 'v' },
    })
  ).json().id;
  ids.image = (
    await t.app.inject({
      method: 'POST',
      url: '/api/node-images/batch',
      headers: owner.headers,
      payload: { ownerNodeId: node.id, files: [{ name: 'p.jpg', extension: 'jpg' }] },
    })
  ).json().files[0].imageId;
  // An analysis with a run, a job and a correction (rows only: isolation does not need a computed result).
  const scan = await insertNode(t.ctx.db, {
    organizationId: owner.organization.id,
    parentId: node.id,
    type: 'GPR_SCAN',
    name: 'Scan',
    createdById: owner.id,
  });
  const analysis = await findOrCreateAnalysis(t.ctx.db, {
    organizationId: owner.organization.id,
    analysisType: 'LINE_SCAN_REBAR_2',
    input: { gprScanNodeId: scan.id },
    inputKey: JSON.stringify({ gprScanNodeId: scan.id }),
    inputNodeIds: [scan.id],
    parentNodeId: scan.id,
    name: 'Line scan rebar analysis 2',
    createdById: owner.id,
  });
  const { run, job } = await createRunWithJob(t.ctx.db, {
    organizationId: owner.organization.id,
    analysisNodeId: analysis.analysis.nodeId,
    analysisType: 'LINE_SCAN_REBAR_2',
    options: {},
    optionsKey: '{}',
    engineVersion: 'test',
    payload: {},
    createdById: owner.id,
  });
  const correction = await upsertCorrection(t.ctx.db, {
    organizationId: owner.organization.id,
    analysisNodeId: analysis.analysis.nodeId,
    analysisType: 'LINE_SCAN_REBAR_2',
    basedOnRunId: run.id,
    correctedResults: { rebars: [] },
    updatedById: owner.id,
  });
  ids.scan = scan.id;
  ids.analysis = analysis.analysis.nodeId;
  ids.run = run.id;
  ids.job = job.id;
  ids.correction = correction.id;
  // GPR scans: two imported area scans (two lines each) and their pairs.
  const importZip = async (zip: Buffer) => {
    const form = formData({ parentId: node.id }, { name: 'export.zip', bytes: zip });
    return (
      await t.app.inject({
        method: 'POST',
        url: '/api/gpr-scans/create-from-zip',
        headers: { ...owner.headers, ...form.headers },
        payload: form.payload,
      })
    ).json();
  };
  const [areaA, areaB] = [
    await importZip(buildVendorZip([buildSegy(), buildSegy()])),
    await importZip(buildVendorZip([buildSegy(), buildSegy()])),
  ];
  ids.gprScan = areaA.gprScans[0].gprScan.nodeId;
  ids.areaScan = areaA.areaScanGroups[0].node.nodeId;
  const pair = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
  ids.dualGprScan = (
    await pair('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: ids.gprScan,
      perpendicularGprScanNodeId: areaA.gprScans[1].gprScan.nodeId,
    })
  ).json().dualOrientationGprScan.nodeId;
  ids.dualAreaScan = (
    await pair('/api/dual-orientation-area-scans', {
      parallelAreaScanNodeId: ids.areaScan,
      perpendicularAreaScanNodeId: areaB.areaScanGroups[0].node.nodeId,
    })
  ).json().dualOrientationAreaScan.nodeId;
});
afterAll(async () => {
  await t.close();
});

/**
 * Each route with an id names the resource its id refers to. A new route with an id fails the
 * coverage test below until it is listed here, so no route escapes the cross-organization check.
 */
const ROUTES_WITH_IDS: Record<string, { resource: string; payload?: (id: string) => object }> = {
  'GET /api/files/:id': { resource: 'file' },
  'GET /api/files/:id/download': { resource: 'file' },
  'GET /api/files/:id/stream/image': { resource: 'file' },
  'GET /api/nodes/:id': { resource: 'node' },
  'GET /api/nodes/:id/details': { resource: 'node' },
  'PATCH /api/nodes/:id': { resource: 'node', payload: () => ({ name: 'stolen' }) },
  'DELETE /api/nodes/:id': { resource: 'node' },
  'POST /api/nodes/:nodeId/restore': { resource: 'node' },
  'GET /api/nodes/:id/hub-path': { resource: 'node' },
  'POST /api/nodes/:id/descendants': { resource: 'node', payload: () => ({}) },
  'GET /api/nodes/:id/descendants/gpr-scans': { resource: 'node' },
  'GET /api/nodes/:nodeId/comments': { resource: 'node' },
  'POST /api/nodes/:nodeId/comments': { resource: 'node', payload: () => ({ content: 'hello' }) },
  'GET /api/node-comments/:id': { resource: 'comment' },
  'PATCH /api/node-comments/:id': { resource: 'comment', payload: () => ({ content: 'changed' }) },
  'DELETE /api/node-comments/:id': { resource: 'comment' },
  'GET /api/nodes/:id/metadata': { resource: 'node' },
  'DELETE /api/node-metadata/:id': { resource: 'metadata' },
  'GET /api/nodes/:id/images': { resource: 'node' },
  'DELETE /api/node-images/:id': { resource: 'image' },
  'GET /api/gpr-scans/:id': { resource: 'gprScan' },
  'GET /api/gpr-scans/:id/details': { resource: 'gprScan' },
  'GET /api/gpr-scans/:id/signal': { resource: 'gprScan' },
  'GET /api/area-scans/:id': { resource: 'areaScan' },
  'GET /api/area-scans/:id/details': { resource: 'areaScan' },
  'GET /api/area-scans/:id/line-scans': { resource: 'areaScan' },
  'GET /api/gpr-scan-groups/:id': { resource: 'areaScan' },
  'GET /api/dual-orientation-gpr-scans/:id': { resource: 'dualGprScan' },
  'GET /api/dual-orientation-area-scans/:id': { resource: 'dualAreaScan' },
  'GET /api/analyses/:id': { resource: 'analysis' },
  'GET /api/analyses/:id/sub-analyses': { resource: 'analysis' },
  'GET /api/analysis-runs/:id/analysis-jobs': { resource: 'run' },
  'GET /api/analysis-jobs/:id/payload': { resource: 'job' },
  'DELETE /api/analysis-corrections/:id': { resource: 'correction' },
};
/** Routes that take ids in the body. */
const BODY_ROUTES: {
  method: 'POST' | 'PUT';
  url: string;
  resource: string;
  payload: (id: string) => object;
}[] = [
  { method: 'POST', url: '/api/files/has-uploaded', resource: 'file', payload: (id) => ({ fileIds: [id] }) },
  {
    method: 'POST',
    url: '/api/files/batch',
    resource: 'node',
    payload: (id) => ({ files: [{ nodeId: id, extension: 'png', name: 'x.png' }] }),
  },
  {
    method: 'POST',
    url: '/api/nodes',
    resource: 'node',
    payload: (id) => ({ type: 'FOLDER', name: 'x', parentId: id }),
  },
  {
    method: 'PUT',
    url: '/api/node-metadata',
    resource: 'node',
    payload: (id) => ({ ownerId: id, name: 'n', type: 'TEXT', value: 'v' }),
  },
  {
    method: 'PUT',
    url: '/api/node-metadata',
    resource: 'metadata',
    payload: (id) => ({ id, ownerId: ids.node, name: 'n', type: 'TEXT', value: 'v' }),
  },
  {
    method: 'POST',
    url: '/api/node-images/batch',
    resource: 'node',
    payload: (id) => ({ ownerNodeId: id, files: [{ name: 'x.png', extension: 'png' }] }),
  },
  {
    method: 'POST',
    url: '/api/gpr-scans/create-from-files',
    resource: 'node',
    payload: (id) => ({ parentId: id, fileIds: [ids.file] }),
  },
  {
    // The folder is checked before anything is downloaded, so the link need not be reachable.
    method: 'POST',
    url: '/api/gpr-scans/create-from-url',
    resource: 'node',
    payload: (id) => ({
      parentId: id,
      url: 'https://vendor.invalid/share?k=key&d=https%3A%2F%2Fvendor.invalid%2Fexport.zip',
    }),
  },
  {
    method: 'POST',
    url: '/api/analyses',
    resource: 'scan',
    payload: (id) => ({ analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: id } }),
  },
  {
    method: 'POST',
    url: '/api/analysis-corrections',
    resource: 'analysis',
    payload: (id) => ({
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisNodeId: id,
      basedOnAnalysisRunId: ids.run,
      correctedAnalysisResults: { rebars: [] },
    }),
  },
];

describe('organization isolation', () => {
  it("the owner's own calls find the resources (so a 404 below means isolation, not a wrong id)", async () => {
    for (const [route, { resource }] of Object.entries(ROUTES_WITH_IDS)) {
      const [method, url] = route.split(' ') as ['GET', string];
      if (method !== 'GET') continue;
      const res = await t.app.inject({
        method,
        url: url.replace(/:[a-zA-Z]+/, ids[resource]!),
        headers: owner.headers,
      });
      expect(res.statusCode, route).not.toBe(404);
    }
  });

  it('lists every route with an id parameter', () => {
    const withIds = t.app.routeList
      .filter(
        (r) =>
          r.url.includes(':') &&
          r.url.startsWith('/api/') &&
          !r.url.startsWith('/api/storage/') &&
          !r.url.startsWith('/api/docs'),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(withIds.sort()).toEqual(Object.keys(ROUTES_WITH_IDS).sort());
  });

  it.each(Object.entries(ROUTES_WITH_IDS))(
    '%s answers 404 to a member of another organization',
    async (route, { resource, payload }) => {
      const [method, url] = route.split(' ') as ['GET', string];
      const path = url.replace(/:[a-zA-Z]+/, ids[resource]!);
      const res = await t.app.inject({
        method,
        url: path,
        headers: stranger.headers,
        payload: payload?.(ids[resource]!),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Not found', httpStatus: 404, code: 'NOT_FOUND' });
    },
  );

  it.each(BODY_ROUTES)(
    "$method $url answers 404 for another organization's ids in the body",
    async ({ method, url, resource, payload }) => {
      const res = await t.app.inject({
        method,
        url,
        headers: stranger.headers,
        payload: payload(ids[resource]!),
      });
      expect(res.statusCode).toBe(404);
    },
  );
});

describe('security baseline', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown API paths with the JSON 404 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', httpStatus: 404, code: 'NOT_FOUND', service: 'nope' });
  });

  it('refuses ids that are not UUIDs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/123', headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([
      { path: 'id', message: 'Please provide a valid uuid for property id' },
    ]);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the contract, and a browsable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/tenant-keys',
        '/api/tenant-keys/query',
        '/api/files/batch',
        '/api/files/{id}',
      ]),
    );
    const batch = doc.paths['/api/files/batch'].post;
    expect(batch.requestBody.content['application/json'].schema.properties.files).toBeDefined();
    expect(batch.responses['400']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
