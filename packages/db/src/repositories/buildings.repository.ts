import { and, asc, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { buildingRelatedNodes, buildings, floorPlans, floors } from '../schema/buildings.js';
import { files } from '../schema/files.js';
import type { NewFileRow } from './files.repository.js';
import { nodes } from '../schema/nodes.js';
import { insertNode, type NodeRow } from './nodes.repository.js';

export type BuildingRow = typeof buildings.$inferSelect;
export type FloorRow = typeof floors.$inferSelect;
export type FloorPlanRow = typeof floorPlans.$inferSelect;
export type BuildingRelatedNodeRow = typeof buildingRelatedNodes.$inferSelect;

/** Create a BUILDING node and its row in one transaction. */
export async function insertBuilding(
  db: Database,
  values: { organizationId: string; parentId: string | null; name: string; createdById: string | null; latitude: number | null; longitude: number | null },
): Promise<{ node: NodeRow; building: BuildingRow }> {
  return db.transaction(async (tx) => {
    const node = await insertNode(tx as unknown as Database, { organizationId: values.organizationId, parentId: values.parentId, name: values.name, createdById: values.createdById, type: 'BUILDING' });
    const [building] = await tx
      .insert(buildings)
      .values({ nodeId: node.id, organizationId: values.organizationId, latitude: values.latitude, longitude: values.longitude })
      .returning();
    return { node, building: building! };
  });
}

/** A live building of the organization with its node. */
export async function findBuilding(db: Database, organizationId: string, nodeId: string): Promise<{ node: NodeRow; building: BuildingRow } | undefined> {
  const [row] = await db
    .select({ node: nodes, building: buildings })
    .from(buildings)
    .innerJoin(nodes, eq(nodes.id, buildings.nodeId))
    .where(and(eq(buildings.nodeId, nodeId), eq(buildings.organizationId, organizationId), isNull(nodes.deletedAt)))
    .limit(1);
  return row;
}

/** The floors of a building, highest first. */
export async function findFloors(db: Database, organizationId: string, buildingNodeId: string): Promise<FloorRow[]> {
  return db
    .select()
    .from(floors)
    .where(and(eq(floors.organizationId, organizationId), eq(floors.buildingNodeId, buildingNodeId)))
    .orderBy(desc(floors.order));
}

/** A floor of a live building of the organization. */
export async function findFloor(db: Database, organizationId: string, id: string): Promise<FloorRow | undefined> {
  const [row] = await db
    .select({ floor: floors })
    .from(floors)
    .innerJoin(nodes, eq(nodes.id, floors.buildingNodeId))
    .where(and(eq(floors.id, id), eq(floors.organizationId, organizationId), isNull(nodes.deletedAt)))
    .limit(1);
  return row?.floor;
}

/** Thrown when a floor's order is already taken by another floor of the building. */
export class FloorOrderTakenError extends Error {
  constructor(readonly order: number) {
    super(`A floor with order ${order} already exists`);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Create a floor; `order` undefined: the highest order of the building plus 1 (0 for the first floor).
 * Floors created at once are serialised on the building row, so two never take the same default order.
 */
export async function insertFloor(
  db: Database,
  values: { organizationId: string; buildingNodeId: string; name: string | null; order: number | undefined },
): Promise<FloorRow> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ${buildings} WHERE ${buildings.nodeId} = ${values.buildingNodeId} FOR UPDATE`);
      let order = values.order;
      if (order === undefined) {
        const [top] = await tx.select({ top: max(floors.order) }).from(floors).where(eq(floors.buildingNodeId, values.buildingNodeId));
        order = top?.top === null || top?.top === undefined ? 0 : top.top + 1;
      }
      const [row] = await tx
        .insert(floors)
        .values({ organizationId: values.organizationId, buildingNodeId: values.buildingNodeId, name: values.name, order })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error) && values.order !== undefined) throw new FloorOrderTakenError(values.order);
    throw error;
  }
}

/**
 * Change a floor's name and/or order. A new order held by another floor of the building is swapped with
 * it, in one transaction on the locked building (through a free temporary order, as the unique constraint
 * is checked row by row).
 */
export async function updateFloor(
  db: Database,
  organizationId: string,
  id: string,
  values: { name?: string | null; order?: number },
): Promise<FloorRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(floors).where(and(eq(floors.id, id), eq(floors.organizationId, organizationId)));
    if (!current) return undefined;
    await tx.execute(sql`SELECT 1 FROM ${buildings} WHERE ${buildings.nodeId} = ${current.buildingNodeId} FOR UPDATE`);
    const [floor] = await tx.select().from(floors).where(eq(floors.id, id));
    if (!floor) return undefined;
    if (values.order !== undefined && values.order !== floor.order) {
      const [other] = await tx
        .select()
        .from(floors)
        .where(and(eq(floors.buildingNodeId, floor.buildingNodeId), eq(floors.order, values.order)));
      if (other) {
        const [low] = await tx.select({ low: sql<number>`min(${floors.order})` }).from(floors).where(eq(floors.buildingNodeId, floor.buildingNodeId));
        const parked = Number(low?.low ?? 0) - 1;
        await tx.update(floors).set({ order: parked }).where(eq(floors.id, other.id));
        await tx.update(floors).set({ order: values.order }).where(eq(floors.id, floor.id));
        await tx.update(floors).set({ order: floor.order }).where(eq(floors.id, other.id));
      } else {
        await tx.update(floors).set({ order: values.order }).where(eq(floors.id, floor.id));
      }
    }
    if (values.name !== undefined) await tx.update(floors).set({ name: values.name }).where(eq(floors.id, floor.id));
    const [row] = await tx.select().from(floors).where(eq(floors.id, id));
    return row;
  });
}

/** Delete a floor (its plans go with it: their rows cascade, their nodes are deleted here). */
export async function deleteFloor(db: Database, organizationId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const plans = await tx.select({ nodeId: floorPlans.nodeId }).from(floorPlans).where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.floorId, id)));
    const deleted = await tx.delete(floors).where(and(eq(floors.id, id), eq(floors.organizationId, organizationId))).returning({ id: floors.id });
    for (const plan of plans) await tx.delete(nodes).where(eq(nodes.id, plan.nodeId));
    return deleted.length > 0;
  });
}

export type FloorPlanWithFile = { plan: FloorPlanRow; node: NodeRow; file: typeof files.$inferSelect };

/** Create FLOOR_PLAN nodes (under `parentId`), their image files (already stored) and rows, in one transaction. */
export async function insertFloorPlans(
  db: Database,
  values: {
    organizationId: string;
    parentId: string | null;
    createdById: string | null;
    buildingNodeId: string | null;
    floorId: string | null;
    plans: { name: string; width: number; height: number; pdfPage: number | null; fileId?: string; newFile?: Omit<NewFileRow, 'nodeId'> }[];
  },
): Promise<FloorPlanWithFile[]> {
  return db.transaction(async (tx) => {
    const out: FloorPlanWithFile[] = [];
    for (const plan of values.plans) {
      const node = await insertNode(tx as unknown as Database, {
        organizationId: values.organizationId,
        parentId: values.parentId,
        name: plan.name,
        createdById: values.createdById,
        type: 'FLOOR_PLAN',
      });
      let fileId = plan.fileId;
      if (plan.newFile) {
        const [file] = await tx.insert(files).values({ ...plan.newFile, nodeId: node.id }).returning();
        fileId = file!.id;
      }
      const [row] = await tx
        .insert(floorPlans)
        .values({
          nodeId: node.id,
          organizationId: values.organizationId,
          buildingNodeId: values.buildingNodeId,
          floorId: values.floorId,
          fileId: fileId!,
          width: plan.width,
          height: plan.height,
          pdfPage: plan.pdfPage,
        })
        .returning();
      const [file] = await tx.select().from(files).where(eq(files.id, fileId!));
      out.push({ plan: row!, node, file: file! });
    }
    return out;
  });
}

const planSelection = { plan: floorPlans, node: nodes, file: files };

/** A live floor plan of the organization with its node and image file. */
export async function findFloorPlan(db: Database, organizationId: string, nodeId: string): Promise<FloorPlanWithFile | undefined> {
  const [row] = await db
    .select(planSelection)
    .from(floorPlans)
    .innerJoin(nodes, eq(nodes.id, floorPlans.nodeId))
    .innerJoin(files, eq(files.id, floorPlans.fileId))
    .where(and(eq(floorPlans.nodeId, nodeId), eq(floorPlans.organizationId, organizationId), isNull(nodes.deletedAt)))
    .limit(1);
  return row;
}

/** The live plans of a floor, oldest first (a PDF's pages in page order). */
export async function findFloorPlansOfFloor(db: Database, organizationId: string, floorId: string): Promise<FloorPlanWithFile[]> {
  return db
    .select(planSelection)
    .from(floorPlans)
    .innerJoin(nodes, eq(nodes.id, floorPlans.nodeId))
    .innerJoin(files, eq(files.id, floorPlans.fileId))
    .where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.floorId, floorId), isNull(nodes.deletedAt)))
    .orderBy(asc(floorPlans.createdAt), asc(floorPlans.pdfPage), asc(nodes.name));
}

export async function updateFloorPlanRotation(db: Database, organizationId: string, nodeId: string, rotation: number): Promise<void> {
  await db.update(floorPlans).set({ rotation }).where(and(eq(floorPlans.organizationId, organizationId), eq(floorPlans.nodeId, nodeId)));
}

/** Pins of a plan whose node is live, with that node. */
export async function findPins(db: Database, organizationId: string, floorPlanNodeId: string): Promise<{ pin: BuildingRelatedNodeRow; node: NodeRow }[]> {
  return db
    .select({ pin: buildingRelatedNodes, node: nodes })
    .from(buildingRelatedNodes)
    .innerJoin(nodes, eq(nodes.id, buildingRelatedNodes.relatedNodeId))
    .where(and(eq(buildingRelatedNodes.organizationId, organizationId), eq(buildingRelatedNodes.floorPlanNodeId, floorPlanNodeId), isNull(nodes.deletedAt)))
    .orderBy(asc(buildingRelatedNodes.createdAt));
}

export async function findPin(db: Database, organizationId: string, id: string): Promise<BuildingRelatedNodeRow | undefined> {
  const [row] = await db.select().from(buildingRelatedNodes).where(and(eq(buildingRelatedNodes.organizationId, organizationId), eq(buildingRelatedNodes.id, id)));
  return row;
}

export async function insertPin(db: Database, values: { organizationId: string; floorPlanNodeId: string; relatedNodeId: string; x: number; y: number }): Promise<BuildingRelatedNodeRow> {
  const [row] = await db.insert(buildingRelatedNodes).values(values).returning();
  return row!;
}

export async function updatePin(db: Database, organizationId: string, id: string, values: { x: number; y: number }): Promise<BuildingRelatedNodeRow | undefined> {
  const [row] = await db
    .update(buildingRelatedNodes)
    .set(values)
    .where(and(eq(buildingRelatedNodes.organizationId, organizationId), eq(buildingRelatedNodes.id, id)))
    .returning();
  return row;
}

export async function deletePin(db: Database, organizationId: string, id: string): Promise<boolean> {
  const rows = await db.delete(buildingRelatedNodes).where(and(eq(buildingRelatedNodes.organizationId, organizationId), eq(buildingRelatedNodes.id, id))).returning({ id: buildingRelatedNodes.id });
  return rows.length > 0;
}
