import { createRunWithJob, findOrCreateAnalysis, insertNode, insertReport, upsertCorrection } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from './test/support.js';
import { buildSegy, buildVendorZip } from './test/gpr-fixtures.js';
import { formData } from './test/zip-builder.js';
import { createModelWithVersion, uploadFiles } from './test/three-d-models.js';
import { connectTracker, openSession, pairTracker } from './test/three-d-trackers.js';
import sharp from 'sharp';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;
/** One resource of `owner`'s organization per id parameter. */
const ids: Record<string, string> = {};
/** The signed upload address of `ids.file`, and an API key of `owner`'s organization. */
let uploadPath: string;
let ownerKey: string;

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
  uploadPath = new URL(batch.json().files[0].uploadUrl).pathname;
  ids.node = node.id;
  const createdKey = (await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: owner.headers })).json();
  ids.tenantKey = createdKey.id;
  ids.member = (await t.app.inject({ method: 'GET', url: '/api/organization/membership', headers: owner.headers })).json().memberId;
  ids.invitation = (
    await t.app.inject({ method: 'POST', url: '/api/organization/invitations', headers: owner.headers, payload: { email: `invitee-${Date.now()}@example.com`, role: 'member' } })
  ).json().id;
  ownerKey = createdKey.key;
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
  // A private 3D model with a version, a file and an observation.
  const model = await createModelWithVersion(t.app, owner);
  ids.threeDModel = model.modelId;
  ids.threeDModelVersion = model.versionId;
  ids.threeDModelFile = model.versionFileIds[0]!;
  ids.observation = (
    await t.app.inject({
      method: 'POST',
      url: '/api/3d-model-observations/batch',
      headers: owner.headers,
      payload: { threeDModelNodeId: model.modelId, threeDModelVersionId: model.versionId, nodeIds: [ids.gprScan] },
    })
  ).json().observations[0].id;
  // A building with a floor and a floor plan.
  ids.building = (await t.app.inject({ method: 'POST', url: '/api/buildings', headers: owner.headers, payload: { name: 'Tower', parentId: node.id } })).json().node.nodeId;
  ids.floor = (await t.app.inject({ method: 'POST', url: '/api/floors', headers: owner.headers, payload: { buildingNodeId: ids.building } })).json().id;
  const planImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
  [ids.planFile] = await uploadFiles(t.app, owner, ids.building!, [{ name: 'plan.png', bytes: planImage }]);
  ids.floorPlan = (
    await t.app.inject({
      method: 'POST',
      url: '/api/floor-plans',
      headers: owner.headers,
      payload: { name: 'Plan', buildingNodeId: ids.building, floorId: ids.floor, fileId: ids.planFile },
    })
  ).json().floorPlans[0].node.nodeId;
  ids.report = (await insertReport(t.ctx.db, { organizationId: owner.organization.id, subjectNodeId: node.id, requestedBy: owner.id })).id;
  ids.fileNode = (
    await t.app.inject({ method: 'POST', url: '/api/file-nodes', headers: owner.headers, payload: { parentId: node.id, files: [{ name: 'notes.csv' }] } })
  ).json().files[0].node.nodeId;
  ids.pin = (
    await t.app.inject({
      method: 'POST',
      url: '/api/building-related-nodes',
      headers: owner.headers,
      payload: { floorPlanNodeId: ids.floorPlan, relatedNodeId: ids.threeDModel, position: { x: 0.5, y: 0.5 } },
    })
  ).json().id;
  const tracker = await pairTracker(t.app, owner, { idFromTracker: 'security-tracker', name: 'Tracker' });
  ids.threeDTracker = tracker.trackerId;
  await connectTracker(t.app, owner, tracker.trackerId, ids.threeDModel);
  ids.session = await openSession(t.app, tracker.device);
});
afterAll(async () => {
  await t.close();
});

/**
 * Each route with an id names the resource its id refers to. A new route with an id fails the
 * coverage test below until it is listed here, so no route escapes the cross-organization check.
 */
const ROUTES_WITH_IDS: Record<string, { resource: string; payload?: (id: string) => object; query?: string }> = {
  'GET /api/files/:id': { resource: 'file' },
  'PATCH /api/organization/members/:id': { resource: 'member', payload: () => ({ role: 'admin' }) },
  'DELETE /api/organization/members/:id': { resource: 'member' },
  'DELETE /api/organization/invitations/:id': { resource: 'invitation' },
  'GET /api/files/:id/download': { resource: 'file' },
  'GET /api/files/:id/stream/image': { resource: 'file' },
  'GET /api/nodes/:id': { resource: 'node' },
  'GET /api/nodes/:id/details': { resource: 'node' },
  'PATCH /api/nodes/:id': { resource: 'node', payload: () => ({ name: 'stolen' }) },
  'DELETE /api/nodes/:id': { resource: 'node' },
  'POST /api/nodes/:nodeId/restore': { resource: 'node' },
  'GET /api/nodes/:id/hub-path': { resource: 'node' },
  'GET /api/nodes/:id/organization': { resource: 'node' },
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
  'PATCH /api/gpr-scans/:id/geometry': { resource: 'gprScan', payload: () => ({ traceSpacingM: 0.002 }) },
  'GET /api/gpr-scans/:id/details': { resource: 'gprScan' },
  'GET /api/gpr-scans/:id/signal': { resource: 'gprScan' },
  'GET /api/gpr-scans/:id/labels': { resource: 'gprScan' },
  'GET /api/area-scans/:id': { resource: 'areaScan' },
  'GET /api/area-scans/:id/export': { resource: 'areaScan', query: '?format=dxf' },
  'GET /api/gpr-scans/:id/export': { resource: 'gprScan', query: '?format=csv' },
  'GET /api/reports/:reportId': { resource: 'report' },
  'GET /api/nodes/:id/latest-report': { resource: 'node' },
  'GET /api/area-scans/:id/details': { resource: 'areaScan' },
  'GET /api/area-scans/:id/line-scans': { resource: 'areaScan' },
  'GET /api/gpr-scan-groups/:id': { resource: 'areaScan' },
  'GET /api/dual-orientation-gpr-scans/:id': { resource: 'dualGprScan' },
  'GET /api/dual-orientation-area-scans/:id': { resource: 'dualAreaScan' },
  'GET /api/dual-orientation-area-scans/:id/export': { resource: 'dualAreaScan', query: '?format=csv' },
  'GET /api/analyses/:id': { resource: 'analysis' },
  'GET /api/analyses/:id/sub-analyses': { resource: 'analysis' },
  'GET /api/analysis-runs/:id/analysis-jobs': { resource: 'run' },
  'GET /api/analysis-jobs/:id/payload': { resource: 'job' },
  'DELETE /api/analysis-corrections/:id': { resource: 'correction' },
  'DELETE /api/tenant-keys/:id': { resource: 'tenantKey' },
  'GET /api/3d-models/:id': { resource: 'threeDModel' },
  'GET /api/3d-models/:id/latest-version': { resource: 'threeDModel' },
  'GET /api/3d-models/:id/view-options': { resource: 'threeDModel' },
  'PATCH /api/3d-models/:id/view-options': { resource: 'threeDModel', payload: () => ({ materialSize: 50 }) },
  'GET /api/3d-models/:id/positions': { resource: 'threeDModel' },
  'GET /api/3d-models/:id/observations': { resource: 'threeDModel' },
  'GET /api/3d-models/:id/observations/table': { resource: 'threeDModel' },
  'GET /api/3d-model-files/:id': { resource: 'threeDModelFile' },
  'GET /api/3d-model-observations/:id': { resource: 'observation' },
  'PATCH /api/3d-model-observations/:id': { resource: 'observation', payload: () => ({ isVisible: false }) },
  'DELETE /api/3d-model-observations/:id': { resource: 'observation' },
  'GET /api/3d-model-observations/:id/details': { resource: 'observation' },
  'GET /api/3d-model-observations/:id/radargram': { resource: 'observation' },
  'GET /api/3d-model-observations/:id/export': { resource: 'observation', query: '?format=gltf' },
  'GET /api/buildings/:id': { resource: 'building' },
  'GET /api/buildings/:id/floors': { resource: 'building' },
  'GET /api/floors/:id': { resource: 'floor' },
  'PATCH /api/floors/:id': { resource: 'floor', payload: () => ({ name: 'stolen' }) },
  'DELETE /api/floors/:id': { resource: 'floor' },
  'GET /api/floors/:id/floor-plans': { resource: 'floor' },
  'GET /api/floor-plans/:id': { resource: 'floorPlan' },
  'PATCH /api/floor-plans/:id': { resource: 'floorPlan', payload: () => ({ rotation: 90 }) },
  'GET /api/file-nodes/:id': { resource: 'fileNode' },
  'GET /api/floor-plans/:id/related-nodes': { resource: 'floorPlan' },
  'PATCH /api/building-related-nodes/:id': { resource: 'pin', payload: () => ({ position: { x: 0.1, y: 0.1 } }) },
  'DELETE /api/building-related-nodes/:id': { resource: 'pin' },
  'GET /api/3d-trackers/:id': { resource: 'threeDTracker' },
  'PATCH /api/3d-trackers/:id': { resource: 'threeDTracker', payload: () => ({ name: 'stolen' }) },
  'DELETE /api/3d-trackers/:id': { resource: 'threeDTracker' },
  'DELETE /api/3d-models/:id/sessions/:sessionId': { resource: 'threeDModel' },
  'GET /api/3d-models/:id/sessions/:sessionId/ros': { resource: 'threeDModel' },
};

/** A route's path with its ids: the resource's id first, then the model session's (the one route with two). */
function fill(url: string, resource: string): string {
  return url.replace(':sessionId', ids.session!).replace(/:[a-zA-Z]+/, ids[resource]!);
}
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
  { method: 'POST', url: '/api/3d-models', resource: 'node', payload: (id) => ({ name: 'Room', parentNodeId: id }) },
  {
    method: 'POST',
    url: '/api/3d-model-version',
    resource: 'threeDModel',
    payload: (id) => ({ threeDModelNodeId: id, files: [{ type: 'point_cloud', fileId: ids.file }] }),
  },
  {
    method: 'POST',
    url: '/api/3d-model-observations/batch',
    resource: 'threeDModel',
    payload: (id) => ({ threeDModelNodeId: id, threeDModelVersionId: ids.threeDModelVersion, nodeIds: [ids.gprScan] }),
  },
  {
    method: 'POST',
    url: '/api/building-related-nodes',
    resource: 'floorPlan',
    payload: (id) => ({ floorPlanNodeId: id, relatedNodeId: ids.threeDModel, position: { x: 0.5, y: 0.5 } }),
  },
  {
    method: 'POST',
    url: '/api/building-related-nodes',
    resource: 'threeDModel',
    payload: (id) => ({ floorPlanNodeId: ids.floorPlan, relatedNodeId: id, position: { x: 0.5, y: 0.5 } }),
  },
  { method: 'POST', url: '/api/file-nodes', resource: 'node', payload: (id) => ({ parentId: id, files: [{ name: 'a.csv' }] }) },
  { method: 'POST', url: '/api/buildings', resource: 'node', payload: (id) => ({ name: 'Tower', parentId: id }) },
  { method: 'POST', url: '/api/reports', resource: 'areaScan', payload: (id) => ({ subjectNodeId: id }) },
  { method: 'POST', url: '/api/floors', resource: 'building', payload: (id) => ({ buildingNodeId: id }) },
  { method: 'POST', url: '/api/floor-plans', resource: 'building', payload: (id) => ({ name: 'P', buildingNodeId: id, fileId: ids.planFile }) },
  { method: 'POST', url: '/api/floor-plans', resource: 'floor', payload: (id) => ({ name: 'P', floorId: id, fileId: ids.planFile }) },
  { method: 'POST', url: '/api/floor-plans', resource: 'planFile', payload: (id) => ({ name: 'P', fileId: id }) },
  { method: 'POST', url: '/api/3d-trackers/send', resource: 'threeDTracker', payload: (id) => ({ threeDTrackerId: id, nextUploadInfo: null }) },
];

describe('organization isolation', () => {
  it("the owner's own calls find the resources (so a 404 below means isolation, not a wrong id)", async () => {
    for (const [route, { resource, query = '' }] of Object.entries(ROUTES_WITH_IDS)) {
      const [method, url] = route.split(' ') as ['GET', string];
      if (method !== 'GET') continue;
      const res = await t.app.inject({
        method,
        url: fill(url, resource) + query,
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
          // A device's credential reaches only its own tracker: three-d-trackers.test.ts checks those routes.
          !r.url.startsWith('/api/3d-tracker-device/') &&
          // An invitation link is its own secret, for someone not yet a member: members.test.ts checks those routes.
          !r.url.startsWith('/api/invitations/') &&
          !r.url.startsWith('/api/docs'),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(withIds.sort()).toEqual(Object.keys(ROUTES_WITH_IDS).sort());
  });

  it.each(Object.entries(ROUTES_WITH_IDS))(
    '%s answers 404 to a member of another organization',
    async (route, { resource, payload, query = '' }) => {
      const [method, url] = route.split(' ') as ['GET', string];
      const path = fill(url, resource) + query;
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

describe('API keys and upload addresses across organizations', () => {
  it("a key refuses another organization's x-organization (403) and finds nothing of it", async () => {
    const asKey = { authorization: `Bearer ${ownerKey}` };
    const crossed = await t.app.inject({ method: 'GET', url: '/api/nodes/query', headers: { ...asKey, 'x-organization': stranger.organization.slug } });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().message).toBe(`This API key belongs to another organization: it cannot be used for organization ${stranger.organization.slug}`);
    const strangersNode = await insertNode(t.ctx.db, { organizationId: stranger.organization.id, parentId: null, type: 'FOLDER', name: 'Theirs', createdById: stranger.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${strangersNode.id}`, headers: asKey })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${ids.node}`, headers: asKey })).statusCode).toBe(200);
  });

  it('an upload address takes one upload', async () => {
    const put = () => t.app.inject({ method: 'PUT', url: uploadPath, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([1, 2]) });
    expect((await put()).statusCode).toBe(204);
    expect((await put()).statusCode).toBe(409);
  });
});

describe('anonymous callers', () => {
  // Public 3D models are the one way in without signing in (three-d-models.test.ts covers them); a private
  // resource answers 401 on every route, without telling whether the id exists.
  it.each(Object.entries(ROUTES_WITH_IDS))('%s answers 401 without a session', async (route, { resource, payload, query = '' }) => {
    const [method, url] = route.split(' ') as ['GET', string];
    const res = await t.app.inject({ method, url: fill(url, resource) + query, payload: payload?.(ids[resource]!) });
    expect(res.statusCode).toBe(401);
  });
});

describe('security baseline', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets pages load images only from the app itself, and never eval', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
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
