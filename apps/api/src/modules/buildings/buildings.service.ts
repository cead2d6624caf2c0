import type { Building, CreateBuildingBody, CreateFloorBody, CreateFloorPlanBody, Floor, FloorPlan, UpdateFloorBody } from '@gprhub/contract';
import { BuildingMessages, floorLabel, FLOOR_PLAN_EXTENSIONS } from '@gprhub/contract';
import type { Database, FloorPlanWithFile, FloorRow } from '@gprhub/db';
import {
  and,
  count,
  deleteFloor,
  eq,
  findBuilding,
  findFileById,
  findFloor,
  findFloorPlan,
  findFloorPlansOfFloor,
  findFloors,
  findNodeById,
  FloorOrderTakenError,
  insertBuilding,
  insertFloor,
  insertFloorPlans,
  isNull,
  schema,
  updateFloor,
  updateFloorPlanRotation,
} from '@gprhub/db';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { readStoredBytes } from '../../scan-data/stored-bytes.js';
import { DOWNLOAD_URL_TTL_S } from '../../storage/index.js';
import { toFileRecord } from '../files/files.service.js';
import { toNode } from '../nodes/nodes.service.js';
import { renderPdfPages } from './pdf-pages.js';

function nameRequired(): never {
  throw badRequest(BuildingMessages.nameRequired, [{ path: 'name', message: BuildingMessages.nameRequired }]);
}

/** `POST /api/buildings`: a BUILDING node in a folder (or at the top) with its optional location. */
export async function createBuilding(ctx: AppContext, organizationId: string, userId: string | null, body: CreateBuildingBody): Promise<Building> {
  const name = body.name.trim();
  if (!name) nameRequired();
  if (body.parentId) {
    const parent = await findNodeById(ctx.db, organizationId, body.parentId);
    if (!parent) throw notFound();
    if (parent.type !== 'FOLDER') throw badRequest(BuildingMessages.parentNotFolder, [{ path: 'parentId', message: BuildingMessages.parentNotFolder }]);
  }
  const { node, building } = await insertBuilding(ctx.db, {
    organizationId,
    parentId: body.parentId ?? null,
    name,
    createdById: userId,
    latitude: body.location?.latitude ?? null,
    longitude: body.location?.longitude ?? null,
  });
  return { node: toNode(node), location: building.latitude === null || building.longitude === null ? null : { latitude: building.latitude, longitude: building.longitude } };
}

/** The organization's live building, else 404. */
export async function getBuilding(ctx: AppContext, organizationId: string, nodeId: string): Promise<Building> {
  const found = await findBuilding(ctx.db, organizationId, nodeId);
  if (!found) throw notFound();
  const { latitude, longitude } = found.building;
  return { node: toNode(found.node), location: latitude === null || longitude === null ? null : { latitude, longitude } };
}

async function planCounts(db: Database, organizationId: string, buildingNodeId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ floorId: schema.floorPlans.floorId, n: count() })
    .from(schema.floorPlans)
    .innerJoin(schema.nodes, eq(schema.nodes.id, schema.floorPlans.nodeId))
    .where(and(eq(schema.floorPlans.organizationId, organizationId), eq(schema.floorPlans.buildingNodeId, buildingNodeId), isNull(schema.nodes.deletedAt)))
    .groupBy(schema.floorPlans.floorId);
  return new Map(rows.filter((r) => r.floorId).map((r) => [r.floorId!, Number(r.n)]));
}

function toFloor(row: FloorRow, planCount: number): Floor {
  return {
    id: row.id,
    buildingNodeId: row.buildingNodeId,
    name: row.name,
    order: row.order,
    label: floorLabel(row),
    floorPlanCount: planCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function floorWithCount(ctx: AppContext, organizationId: string, row: FloorRow): Promise<Floor> {
  return toFloor(row, (await planCounts(ctx.db, organizationId, row.buildingNodeId)).get(row.id) ?? 0);
}

/** `GET /api/buildings/{id}/floors`: highest first. */
export async function listFloors(ctx: AppContext, organizationId: string, buildingNodeId: string): Promise<Floor[]> {
  await getBuilding(ctx, organizationId, buildingNodeId);
  const [rows, counts] = await Promise.all([findFloors(ctx.db, organizationId, buildingNodeId), planCounts(ctx.db, organizationId, buildingNodeId)]);
  return rows.map((row) => toFloor(row, counts.get(row.id) ?? 0));
}

export async function getFloor(ctx: AppContext, organizationId: string, id: string): Promise<Floor> {
  const row = await findFloor(ctx.db, organizationId, id);
  if (!row) throw notFound();
  return floorWithCount(ctx, organizationId, row);
}

/** A blank name is stored as none (the order is then the label). */
function floorName(name: string | null | undefined): string | null | undefined {
  if (name === undefined) return undefined;
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function orderTaken(order: number): never {
  throw badRequest(BuildingMessages.orderTaken(order), [{ path: 'order', message: BuildingMessages.orderTaken(order) }]);
}

export async function createFloor(ctx: AppContext, organizationId: string, body: CreateFloorBody): Promise<Floor> {
  await getBuilding(ctx, organizationId, body.buildingNodeId);
  try {
    const row = await insertFloor(ctx.db, { organizationId, buildingNodeId: body.buildingNodeId, name: floorName(body.name) ?? null, order: body.order });
    return await floorWithCount(ctx, organizationId, row);
  } catch (error) {
    if (error instanceof FloorOrderTakenError) orderTaken(error.order);
    throw error;
  }
}

/** `PATCH /api/floors/{id}`: name and/or order; an order held by another floor is swapped with it. */
export async function patchFloor(ctx: AppContext, organizationId: string, id: string, body: UpdateFloorBody): Promise<Floor> {
  if (!(await findFloor(ctx.db, organizationId, id))) throw notFound();
  const row = await updateFloor(ctx.db, organizationId, id, { name: floorName(body.name), order: body.order });
  if (!row) throw notFound();
  return floorWithCount(ctx, organizationId, row);
}

export async function removeFloor(ctx: AppContext, organizationId: string, id: string): Promise<void> {
  if (!(await findFloor(ctx.db, organizationId, id))) throw notFound();
  await deleteFloor(ctx.db, organizationId, id);
}

/** A plan with a short-lived signed address of its image (an <img> sends no organization header). */
export async function toFloorPlan(ctx: AppContext, { plan, node, file }: FloorPlanWithFile): Promise<FloorPlan> {
  return {
    node: toNode(node),
    buildingNodeId: plan.buildingNodeId,
    floorId: plan.floorId,
    fileId: plan.fileId,
    file: toFileRecord(file),
    width: plan.width,
    height: plan.height,
    rotation: plan.rotation as FloorPlan['rotation'],
    pdfPage: plan.pdfPage,
    imageUrl: await ctx.storage.createDownloadUrl(file.storageKey, {
      fileName: file.extension && !file.name.endsWith(`.${file.extension}`) ? `${file.name}.${file.extension}` : file.name,
      contentType: file.contentType,
      expiresInS: DOWNLOAD_URL_TTL_S,
      inline: true,
    }),
  };
}

export async function listFloorPlans(ctx: AppContext, organizationId: string, floorId: string): Promise<FloorPlan[]> {
  if (!(await findFloor(ctx.db, organizationId, floorId))) throw notFound();
  return Promise.all((await findFloorPlansOfFloor(ctx.db, organizationId, floorId)).map((row) => toFloorPlan(ctx, row)));
}

export async function getFloorPlan(ctx: AppContext, organizationId: string, nodeId: string): Promise<FloorPlan> {
  const found = await findFloorPlan(ctx.db, organizationId, nodeId);
  if (!found) throw notFound();
  return toFloorPlan(ctx, found);
}

export async function rotateFloorPlan(ctx: AppContext, organizationId: string, nodeId: string, rotation: number): Promise<FloorPlan> {
  await getFloorPlan(ctx, organizationId, nodeId);
  await updateFloorPlanRotation(ctx.db, organizationId, nodeId, rotation);
  return getFloorPlan(ctx, organizationId, nodeId);
}

/**
 * `POST /api/floor-plans`: from an uploaded image, one plan; from a PDF, one plan per page, each page
 * rendered to a PNG on the server. Plans of a building hang under the building node; a plan of no
 * building hangs under the node that owns its file.
 */
export async function createFloorPlans(ctx: AppContext, organizationId: string, userId: string | null, body: CreateFloorPlanBody): Promise<FloorPlan[]> {
  const name = body.name.trim();
  if (!name) nameRequired();
  let buildingNodeId: string | null = null;
  if (body.buildingNodeId) buildingNodeId = (await getBuilding(ctx, organizationId, body.buildingNodeId)).node.nodeId;
  let floorId: string | null = null;
  if (body.floorId) {
    const floor = await findFloor(ctx.db, organizationId, body.floorId);
    if (!floor) throw notFound();
    if (buildingNodeId === null) buildingNodeId = floor.buildingNodeId;
    if (floor.buildingNodeId !== buildingNodeId) throw badRequest(BuildingMessages.floorNotInBuilding, [{ path: 'floorId', message: BuildingMessages.floorNotInBuilding }]);
    floorId = floor.id;
  }
  const file = await findFileById(ctx.db, organizationId, body.fileId);
  if (!file) throw notFound();
  const fileError = (message: string) => badRequest(message, [{ path: 'fileId', message }]);
  if (!(FLOOR_PLAN_EXTENSIONS as readonly string[]).includes(file.extension)) throw fileError(BuildingMessages.notAnImage(file.name));
  if (!file.confirmedUploadedAt) throw fileError(BuildingMessages.notUploaded(file.name));
  const parentId = buildingNodeId ?? file.nodeId;
  const bytes = await readStoredBytes(ctx.storage, file.storageKey);

  if (file.extension !== 'pdf') {
    let size: { width?: number; height?: number };
    try {
      size = await sharp(bytes).metadata();
    } catch {
      throw fileError(BuildingMessages.notAnImage(file.name));
    }
    if (!size.width || !size.height) throw fileError(BuildingMessages.notAnImage(file.name));
    const rows = await insertFloorPlans(ctx.db, {
      organizationId,
      parentId,
      createdById: userId,
      buildingNodeId,
      floorId,
      plans: [{ name, width: size.width, height: size.height, pdfPage: null, fileId: file.id }],
    });
    return Promise.all(rows.map((row) => toFloorPlan(ctx, row)));
  }

  const pages = await renderPdfPages(bytes).catch((error: unknown) => {
    throw fileError(`File ${file.name} could not be read as a PDF${error instanceof Error ? `: ${error.message}` : ''}`);
  });
  const base = file.name.replace(/\.pdf$/i, '');
  const stored: { key: string; page: (typeof pages)[number] }[] = [];
  try {
    for (const page of pages) {
      const key = `${organizationId}/floor-plans/${crypto.randomUUID()}.png`;
      await ctx.storage.put(key, page.png, 'image/png');
      stored.push({ key, page });
    }
    const rows = await insertFloorPlans(ctx.db, {
      organizationId,
      parentId,
      createdById: userId,
      buildingNodeId,
      floorId,
      plans: stored.map(({ key, page }) => ({
        name: pages.length === 1 ? name : `${name} – page ${page.number}`,
        width: page.width,
        height: page.height,
        pdfPage: page.number,
        newFile: {
          organizationId,
          name: `${base} – page ${page.number}.png`,
          extension: 'png',
          contentType: 'image/png',
          size: page.png.byteLength,
          storageKey: key,
          createdById: userId,
          confirmedUploadedAt: new Date(),
        },
      })),
    });
    return Promise.all(rows.map((row) => toFloorPlan(ctx, row)));
  } catch (error) {
    await Promise.all(stored.map(({ key }) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
