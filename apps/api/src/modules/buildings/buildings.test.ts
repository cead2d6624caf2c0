import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { createRunWithJob, findOrCreateAnalysis, upsertCorrection } from '@gprhub/db';
import { createFolder, importSyntheticScan } from '../../test/scans.js';
import { buildTestPdf } from '../../test/pdf-builder.js';
import { createModelWithVersion, uploadFiles } from '../../test/three-d-models.js';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, member: TestMember = owner) =>
  t.app.inject({ method, url, headers: member.headers, payload });

async function createBuilding(payload: object = { name: 'Tower A', location: { latitude: 47.3769, longitude: 8.5417 } }) {
  const res = await inject('POST', '/api/buildings', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().node.nodeId as string;
}

/** Fetch a signed address through the app (it works without the session). */
const fetchSigned = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 220, b: 240 } } }).png().toBuffer();

describe('buildings', () => {
  it('creates a building in a folder with a location, and reads it back', async () => {
    const folder = await createFolder(t.app, owner);
    const res = await inject('POST', '/api/buildings', { parentId: folder, name: '  Tower A ', location: { latitude: 47.3769, longitude: 8.5417 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ node: { name: 'Tower A', type: 'BUILDING', parentId: folder }, location: { latitude: 47.3769, longitude: 8.5417 } });
    const read = await inject('GET', `/api/buildings/${res.json().node.nodeId}`);
    expect(read.json()).toEqual(res.json());
    const bare = await inject('POST', '/api/buildings', { name: 'Shed' });
    expect(bare.json().location).toBeNull();
  });

  it("refuses a blank name with the spec's message, a bad location and a parent that is no folder", async () => {
    const blank = await inject('POST', '/api/buildings', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Name is required', validationErrors: [{ path: 'name', message: 'Name is required' }] });
    const lat = await inject('POST', '/api/buildings', { name: 'X', location: { latitude: 91, longitude: 0 } });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().validationErrors[0]).toMatchObject({ path: 'location.latitude' });
    const building = await createBuilding();
    const under = await inject('POST', '/api/buildings', { name: 'Inner', parentId: building });
    expect(under.json()).toMatchObject({ httpStatus: 400, message: 'A building can only be created in a folder' });
    expect((await inject('POST', '/api/buildings', { name: 'X', parentId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it("answers 404 for another organization's building", async () => {
    const building = await createBuilding();
    expect((await inject('GET', `/api/buildings/${building}`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/buildings/${building}/floors`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/floors', { buildingNodeId: building }, stranger)).statusCode).toBe(404);
    const folder = await createFolder(t.app, owner);
    expect((await inject('POST', '/api/buildings', { name: 'X', parentId: folder }, stranger)).statusCode).toBe(404);
  });
});

describe('floors', () => {
  it('gives a new floor the highest order plus 1, stores a blank name as none and labels by order', async () => {
    const building = await createBuilding();
    const first = await inject('POST', '/api/floors', { buildingNodeId: building, name: '' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ order: 0, name: null, label: 'Ground floor', floorPlanCount: 0 });
    expect((await inject('POST', '/api/floors', { buildingNodeId: building })).json()).toMatchObject({ order: 1, label: '1' });
    expect((await inject('POST', '/api/floors', { buildingNodeId: building, name: 'Basement', order: -2 })).json()).toMatchObject({ order: -2, label: 'Basement' });
    expect((await inject('POST', '/api/floors', { buildingNodeId: building, name: '  Roof ' })).json()).toMatchObject({ order: 2, name: 'Roof' });
    const below = await inject('POST', '/api/floors', { buildingNodeId: building, order: -1, name: ' ' });
    expect(below.json()).toMatchObject({ order: -1, name: null, label: 'U1' });
    const floors = (await inject('GET', `/api/buildings/${building}/floors`)).json().floors;
    expect(floors.map((f: { order: number }) => f.order)).toEqual([2, 1, 0, -1, -2]);
  });

  it('refuses an order already used, and bad input, with a clear 400', async () => {
    const building = await createBuilding();
    await inject('POST', '/api/floors', { buildingNodeId: building });
    const taken = await inject('POST', '/api/floors', { buildingNodeId: building, order: 0 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: 'A floor with order 0 already exists', validationErrors: [{ path: 'order' }] });
    expect((await inject('POST', '/api/floors', { buildingNodeId: building, order: 1.5 })).statusCode).toBe(400);
    expect((await inject('POST', '/api/floors', { buildingNodeId: 'nope' })).json()).toMatchObject({ httpStatus: 400, validationErrors: [{ path: 'buildingNodeId' }] });
    const folder = await createFolder(t.app, owner);
    expect((await inject('POST', '/api/floors', { buildingNodeId: folder })).statusCode).toBe(404);
  });

  it('swaps orders on a move (the database never holds two floors at one order), renames and deletes', async () => {
    const building = await createBuilding();
    const a = (await inject('POST', '/api/floors', { buildingNodeId: building, order: -1 })).json();
    const b = (await inject('POST', '/api/floors', { buildingNodeId: building, order: 1 })).json();
    const c = (await inject('POST', '/api/floors', { buildingNodeId: building, order: 2 })).json();
    // Move up from −1 skips 0 and lands on 1, which b held: b goes to −1.
    const moved = await inject('PATCH', `/api/floors/${a.id}`, { order: 1 });
    expect(moved.json()).toMatchObject({ id: a.id, order: 1 });
    expect((await inject('GET', `/api/floors/${b.id}`)).json().order).toBe(-1);
    // To a free order: no swap.
    expect((await inject('PATCH', `/api/floors/${c.id}`, { order: 5 })).json().order).toBe(5);
    const renamed = await inject('PATCH', `/api/floors/${b.id}`, { name: 'Car park' });
    expect(renamed.json()).toMatchObject({ name: 'Car park', order: -1, label: 'Car park' });
    expect((await inject('PATCH', `/api/floors/${b.id}`, { name: '' })).json()).toMatchObject({ name: null, label: 'U1' });
    // Concurrent moves of the same pair never leave two floors at one order.
    await Promise.all([inject('PATCH', `/api/floors/${a.id}`, { order: -1 }), inject('PATCH', `/api/floors/${b.id}`, { order: 1 })]);
    const orders = (await inject('GET', `/api/buildings/${building}/floors`)).json().floors.map((f: { order: number }) => f.order);
    expect(new Set(orders).size).toBe(3);
    expect((await inject('DELETE', `/api/floors/${c.id}`)).statusCode).toBe(204);
    expect((await inject('GET', `/api/floors/${c.id}`)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/floors/${a.id}`, { order: 'x' })).statusCode).toBe(400);
  });

  it("answers 404 to another organization's floor", async () => {
    const building = await createBuilding();
    const floor = (await inject('POST', '/api/floors', { buildingNodeId: building })).json();
    for (const [method, url, payload] of [
      ['GET', `/api/floors/${floor.id}`],
      ['PATCH', `/api/floors/${floor.id}`, { name: 'x' }],
      ['DELETE', `/api/floors/${floor.id}`],
      ['GET', `/api/floors/${floor.id}/floor-plans`],
    ] as const)
      expect((await inject(method, url, payload, stranger)).statusCode, `${method} ${url}`).toBe(404);
    expect((await inject('GET', `/api/floors/${floor.id}`)).statusCode).toBe(200);
  });
});

describe('floor plans', () => {
  async function floorOf(building: string) {
    return (await inject('POST', '/api/floors', { buildingNodeId: building })).json().id as string;
  }

  it('creates a plan from an image, lists it on its floor, rotates it in 90° steps and serves the image', async () => {
    const building = await createBuilding();
    const floor = await floorOf(building);
    expect((await inject('GET', `/api/floors/${floor}/floor-plans`)).json()).toEqual({ floorPlans: [] });
    const [fileId] = await uploadFiles(t.app, owner, building, [{ name: 'level0.png', bytes: await png(640, 480) }]);
    const res = await inject('POST', '/api/floor-plans', { name: 'Level 0', buildingNodeId: building, floorId: floor, fileId });
    expect(res.statusCode, res.body).toBe(201);
    const [plan] = res.json().floorPlans;
    expect(plan).toMatchObject({ node: { name: 'Level 0', type: 'FLOOR_PLAN', parentId: building }, floorId: floor, fileId, width: 640, height: 480, rotation: 0, pdfPage: null });
    expect((await inject('GET', `/api/floors/${floor}/floor-plans`)).json().floorPlans).toHaveLength(1);
    expect((await inject('GET', `/api/buildings/${building}/floors`)).json().floors[0].floorPlanCount).toBe(1);
    const rotated = await inject('PATCH', `/api/floor-plans/${plan.node.nodeId}`, { rotation: 90 });
    expect(rotated.json().rotation).toBe(90);
    expect((await inject('GET', `/api/floor-plans/${plan.node.nodeId}`)).json().rotation).toBe(90);
    expect((await inject('PATCH', `/api/floor-plans/${plan.node.nodeId}`, { rotation: 45 })).statusCode).toBe(400);
    const image = await fetchSigned(plan.imageUrl);
    expect((await inject('GET', `/api/files/${fileId}/stream/image?rotation=90`)).statusCode).toBe(200);
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(640);
  });

  it('turns each page of a PDF into a plan image rendered on the server', async () => {
    const building = await createBuilding();
    const floor = await floorOf(building);
    const pdf = buildTestPdf([
      { widthPt: 595, heightPt: 842, rgb: [1, 0, 0] },
      { widthPt: 842, heightPt: 595, rgb: [0, 0, 1] },
    ]);
    const [fileId] = await uploadFiles(t.app, owner, building, [{ name: 'plans.pdf', bytes: pdf }]);
    const res = await inject('POST', '/api/floor-plans', { name: 'Drawings', buildingNodeId: building, floorId: floor, fileId });
    expect(res.statusCode, res.body).toBe(201);
    const plans = res.json().floorPlans;
    expect(plans.map((p: { node: { name: string }; pdfPage: number }) => [p.node.name, p.pdfPage])).toEqual([
      ['Drawings – page 1', 1],
      ['Drawings – page 2', 2],
    ]);
    // A4 at 150 dpi, portrait then landscape.
    expect(plans[0]).toMatchObject({ width: 1240, height: 1754, file: { extension: 'png', name: 'plans – page 1.png' } });
    expect(plans[1]).toMatchObject({ width: 1754, height: 1240 });
    // The pages were really drawn: the lower-left quarter has each page's colour.
    for (const [index, expected] of [[0, [255, 0, 0]], [1, [0, 0, 255]]] as const) {
      const image = await fetchSigned(plans[index].imageUrl);
      const { data, info } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = ((info.height - 40) * info.width + 40) * info.channels;
      expect([...data.subarray(at, at + 3)]).toEqual(expected);
      const corner = (5 * info.width + info.width - 5) * info.channels;
      expect([...data.subarray(corner, corner + 3)]).toEqual([255, 255, 255]);
    }
  });

  it("refuses bad input with clear 400s: a blank name, a file that is not an image, a broken PDF, a floor of another building", async () => {
    const building = await createBuilding();
    const other = await createBuilding();
    const floor = await floorOf(building);
    const otherFloor = await floorOf(other);
    const [image, text, broken, fake] = await uploadFiles(t.app, owner, building, [
      { name: 'a.png', bytes: await png(10, 10) },
      { name: 'notes.csv', bytes: new TextEncoder().encode('a,b\n') },
      { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.4 nothing here') },
      { name: 'fake.png', bytes: new TextEncoder().encode('not an image') },
    ]);
    const post = (payload: object) => inject('POST', '/api/floor-plans', { buildingNodeId: building, floorId: floor, ...payload });
    expect((await post({ name: ' ', fileId: image })).json()).toMatchObject({ httpStatus: 400, message: 'Name is required', validationErrors: [{ path: 'name' }] });
    expect((await post({ name: 'P', fileId: text })).json()).toMatchObject({ httpStatus: 400, message: 'File notes.csv is not an image or a PDF' });
    const bad = await post({ name: 'P', fileId: broken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^File broken\.pdf could not be read as a PDF/);
    expect((await post({ name: 'P', fileId: fake })).json()).toMatchObject({ httpStatus: 400, message: 'File fake.png is not an image or a PDF' });
    expect((await post({ name: 'P', fileId: image, floorId: otherFloor })).json()).toMatchObject({ httpStatus: 400, message: 'The floor does not belong to this building' });
    expect((await post({ name: 'P' })).json()).toMatchObject({ httpStatus: 400, validationErrors: [{ path: 'fileId' }] });
    const batch = await inject('POST', '/api/files/batch', { files: [{ nodeId: building, extension: 'png', name: 'late.png' }] });
    expect((await post({ name: 'P', fileId: batch.json().files[0].file.id })).json()).toMatchObject({ httpStatus: 400, message: 'File late.png has not been uploaded yet' });
    expect((await inject('GET', `/api/floors/${floor}/floor-plans`)).json().floorPlans).toEqual([]);
  });

  it("answers 404 for another organization's plans, floors and files", async () => {
    const building = await createBuilding();
    const floor = await floorOf(building);
    const [fileId] = await uploadFiles(t.app, owner, building, [{ name: 'a.png', bytes: await png(10, 10) }]);
    const plan = (await inject('POST', '/api/floor-plans', { name: 'P', buildingNodeId: building, floorId: floor, fileId })).json().floorPlans[0];
    expect((await inject('GET', `/api/floor-plans/${plan.node.nodeId}`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/floor-plans/${plan.node.nodeId}`, { rotation: 90 }, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/floor-plans', { name: 'P', fileId }, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/floor-plans', { name: 'P', floorId: floor, fileId }, stranger)).statusCode).toBe(404);
  });
});

describe('pins (building-related nodes)', () => {
  async function planOf() {
    const building = await createBuilding();
    const floor = (await inject('POST', '/api/floors', { buildingNodeId: building })).json().id;
    const [fileId] = await uploadFiles(t.app, owner, building, [{ name: 'p.png', bytes: await png(200, 100) }]);
    return (await inject('POST', '/api/floor-plans', { name: 'P', buildingNodeId: building, floorId: floor, fileId })).json().floorPlans[0].node.nodeId as string;
  }

  it("pins a scan and a 3D model, with the scan's rebar summary from its correction; moves and removes pins", async () => {
    const plan = await planOf();
    const folder = await createFolder(t.app, owner);
    const scan = await importSyntheticScan(t.app, owner, folder);
    const { modelId } = await createModelWithVersion(t.app, owner);
    // The scan has no analysis yet: no summary.
    const pinned = await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: scan, position: { x: 0.25, y: 0.5 } });
    expect(pinned.statusCode, pinned.body).toBe(201);
    expect(pinned.json()).toMatchObject({ relatedNodeId: scan, relatedNode: { type: 'GPR_SCAN' }, position: { x: 0.25, y: 0.5 }, rebarSummary: null });
    const model = await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: modelId, position: { x: 1, y: 0 } });
    expect(model.json()).toMatchObject({ relatedNode: { type: 'THREE_D_MODEL' }, rebarSummary: null });

    // Three bars corrected by hand: centres at 40, 52 and 61 mm, radius 6 mm → cover 34, 46, 55 mm.
    const input = { gprScanNodeId: scan };
    const analysis = await findOrCreateAnalysis(t.ctx.db, {
      organizationId: owner.organization.id,
      analysisType: 'LINE_SCAN_REBAR_2',
      input,
      inputKey: JSON.stringify(input),
      inputNodeIds: [scan],
      parentNodeId: scan,
      name: 'Line scan rebar analysis 2',
      createdById: owner.id,
    });
    const { run } = await createRunWithJob(t.ctx.db, {
      organizationId: owner.organization.id,
      analysisNodeId: analysis.analysis.nodeId,
      analysisType: 'LINE_SCAN_REBAR_2',
      options: {},
      optionsKey: '{}',
      engineVersion: 'test',
      payload: {},
      createdById: owner.id,
    });
    const bar = (id: string, depth: number) => ({ id, R: 0.006, depthCoords: [[0.1, 0, depth], [0.1, 0, depth]] });
    await upsertCorrection(t.ctx.db, {
      organizationId: owner.organization.id,
      analysisNodeId: analysis.analysis.nodeId,
      analysisType: 'LINE_SCAN_REBAR_2',
      basedOnRunId: run.id,
      correctedResults: { rebars: [bar('a', 0.04), bar('b', 0.052), bar('c', 0.061)] },
      updatedById: owner.id,
    });
    const pins = (await inject('GET', `/api/floor-plans/${plan}/related-nodes`)).json().relatedNodes;
    expect(pins).toHaveLength(2);
    expect(pins[0].rebarSummary).toEqual({ count: 3, coverMinMm: 34, coverAvgMm: 45, coverMaxMm: 55 });

    const moved = await inject('PATCH', `/api/building-related-nodes/${pinned.json().id}`, { position: { x: 0.75, y: 0.1 } });
    expect(moved.json().position).toEqual({ x: 0.75, y: 0.1 });
    expect((await inject('DELETE', `/api/building-related-nodes/${model.json().id}`)).statusCode).toBe(204);
    const after = (await inject('GET', `/api/floor-plans/${plan}/related-nodes`)).json().relatedNodes;
    expect(after.map((p: { position: object }) => p.position)).toEqual([{ x: 0.75, y: 0.1 }]);
  });

  it('refuses positions off the plan, nodes that cannot be pinned, and strangers', async () => {
    const plan = await planOf();
    const folder = await createFolder(t.app, owner);
    const off = await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: folder, position: { x: 1.5, y: 0 } });
    expect(off.statusCode).toBe(400);
    expect(off.json().validationErrors[0]).toMatchObject({ path: 'position.x', message: 'Property position.x cannot be higher than 1' });
    const notPinnable = await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: folder, position: { x: 0.5, y: 0.5 } });
    expect(notPinnable.json()).toMatchObject({ httpStatus: 400, message: 'Only GPR scans, area scans and 3D models can be pinned on a floor plan' });
    const { modelId } = await createModelWithVersion(t.app, owner);
    const pin = (await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: modelId, position: { x: 0.5, y: 0.5 } })).json();
    expect((await inject('GET', `/api/floor-plans/${plan}/related-nodes`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: modelId, position: { x: 0, y: 0 } }, stranger)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/building-related-nodes/${pin.id}`, { position: { x: 0, y: 0 } }, stranger)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/building-related-nodes/${pin.id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/floor-plans/${plan}/related-nodes`)).json().relatedNodes).toHaveLength(1);
  });
});
