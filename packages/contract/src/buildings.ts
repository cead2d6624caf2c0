import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { FileRecordSchema, UploadTargetSchema } from './files.js';
import { LocationSchema } from './node-details.js';
import { NODE_NAME_MAX, NodeSchema } from './nodes.js';

/** The spec's texts for buildings, floors and floor plans (seed 001 §5, §8). */
export const BuildingMessages = {
  nameRequired: 'Name is required',
  noFloorPlans: 'No floor plans found',
  noLocation: 'Location not available',
  deleteFloorPlan: 'Are you sure you want to delete this floor plan?',
  imageRequired: 'An image is required',
  notAnImage: (name: string) => `File ${name} is not an image or a PDF`,
  notUploaded: (name: string) => `File ${name} has not been uploaded yet`,
  orderTaken: (order: number) => `A floor with order ${order} already exists`,
  floorNotInBuilding: 'The floor does not belong to this building',
  parentNotFolder: 'A building can only be created in a folder',
  removePin: (name: string, planName: string) =>
    `Remove the pin of ${name} from ${planName}? Only the pin goes: ${name} itself is kept.`,
  notPinnable: 'Only GPR scans, area scans and 3D models can be pinned on a floor plan',
} as const;

/** Floor orders a building may use (levels; negative below ground). */
export const FLOOR_ORDER_LIMIT = 1000;
/** A floor plan's default display size, pixels (seed 001 §9). */
export const FLOOR_PLAN_DEFAULT_SIZE = 400;
/** Pages of one PDF turned into plans at most. */
export const FLOOR_PLAN_MAX_PDF_PAGES = 50;
/** Upload extensions a floor plan accepts: images, and PDF (each page becomes a plan). */
export const FLOOR_PLAN_EXTENSIONS = ['png', 'jpg', 'jpeg', 'avif', 'pdf'] as const;

/**
 * The label of a floor: its name, else its order (0 'Ground floor', negative 'U' + the absolute value).
 * @example floorLabel({ name: null, order: -2 }) // 'U2'
 */
export function floorLabel(floor: { name: string | null; order: number }): string {
  if (floor.name) return floor.name;
  if (floor.order === 0) return 'Ground floor';
  return floor.order < 0 ? `U${Math.abs(floor.order)}` : String(floor.order);
}

/** Move up adds 1 and skips 0 (−1 → 1); move down subtracts 1 and skips 0 (1 → −1) (seed 001 §4). */
export function movedFloorOrder(order: number, direction: 'up' | 'down'): number {
  const next = order + (direction === 'up' ? 1 : -1);
  return next === 0 ? next + (direction === 'up' ? 1 : -1) : next;
}

export const BuildingSchema = z
  .object({ node: NodeSchema, location: LocationSchema.nullable() })
  .meta({ id: 'Building', description: 'A building node and its location (WGS 84 degrees), null when not given.' });
export type Building = z.infer<typeof BuildingSchema>;

export const CreateBuildingBodySchema = z.object({
  parentId: IdSchema.nullable().optional().describe('A folder, or none for the top level.'),
  name: TextSchema.max(NODE_NAME_MAX).describe("The building name; blank: 'Name is required'."),
  location: LocationSchema.nullable().optional(),
});
export type CreateBuildingBody = z.infer<typeof CreateBuildingBodySchema>;

const FloorOrderSchema = z.number().int().min(-FLOOR_ORDER_LIMIT).max(FLOOR_ORDER_LIMIT);
const FloorNameSchema = TextSchema.max(NODE_NAME_MAX).nullable().describe('Blank or null: stored as none, the order is the label.');

export const FloorSchema = z
  .object({
    id: IdSchema,
    buildingNodeId: IdSchema,
    name: TextSchema.nullable(),
    order: z.number().int(),
    label: TextSchema.describe("The name, else the order: 'Ground floor' for 0, 'U' + |order| below ground."),
    floorPlanCount: z.number().int(),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'Floor' });
export type Floor = z.infer<typeof FloorSchema>;

export const FloorsResponseSchema = z.object({ floors: z.array(FloorSchema).describe('Highest order first.') });

export const CreateFloorBodySchema = z.object({
  buildingNodeId: IdSchema,
  name: FloorNameSchema.optional(),
  order: FloorOrderSchema.optional().describe('Default: the highest order of the building plus 1 (0 for the first floor).'),
});
export type CreateFloorBody = z.infer<typeof CreateFloorBodySchema>;

export const UpdateFloorBodySchema = z.object({
  name: FloorNameSchema.optional(),
  order: FloorOrderSchema.optional().describe('An order held by another floor of the building is swapped with it.'),
});
export type UpdateFloorBody = z.infer<typeof UpdateFloorBodySchema>;

export const FloorPlanRotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

export const FloorPlanSchema = z
  .object({
    node: NodeSchema,
    buildingNodeId: IdSchema.nullable(),
    floorId: IdSchema.nullable(),
    fileId: IdSchema,
    file: FileRecordSchema,
    width: z.number().int().describe('Image width, pixels (unrotated).'),
    height: z.number().int(),
    rotation: FloorPlanRotationSchema,
    pdfPage: z.number().int().nullable().describe('The PDF page it was rendered from, 1-based; null for an image.'),
    imageUrl: TextSchema.describe('A short-lived signed address of the image (GET /api/files/{fileId}/stream/image serves it too, optionally rotated).'),
  })
  .meta({ id: 'FloorPlan' });
export type FloorPlan = z.infer<typeof FloorPlanSchema>;

export const FloorPlansResponseSchema = z.object({ floorPlans: z.array(FloorPlanSchema) });
export type FloorPlansResponse = z.infer<typeof FloorPlansResponseSchema>;

export const CreateFloorPlanBodySchema = z.object({
  name: TextSchema.max(NODE_NAME_MAX).describe("'Name is required' when blank."),
  buildingNodeId: IdSchema.nullable().optional(),
  floorId: IdSchema.nullable().optional(),
  fileId: IdSchema.describe('An uploaded image (png, jpg, jpeg, avif) or PDF; each PDF page becomes a plan.'),
});
export type CreateFloorPlanBody = z.infer<typeof CreateFloorPlanBodySchema>;

export const UpdateFloorPlanBodySchema = z.object({ rotation: FloorPlanRotationSchema });

/** A pin position: fractions 0–1 of the unrotated plan image (x from the left, y from the top). */
export const PinPositionSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });
export type PinPosition = z.infer<typeof PinPositionSchema>;

export const RebarSummarySchema = z.object({
  count: z.number().int(),
  coverMinMm: z.number().nullable(),
  coverAvgMm: z.number().nullable(),
  coverMaxMm: z.number().nullable(),
});
export type RebarSummary = z.infer<typeof RebarSummarySchema>;

export const BuildingRelatedNodeSchema = z
  .object({
    id: IdSchema,
    floorPlanNodeId: IdSchema,
    relatedNodeId: IdSchema,
    relatedNode: NodeSchema,
    position: PinPositionSchema,
    rebarSummary: RebarSummarySchema.nullable().describe("A scan's finished rebar analysis, else null."),
  })
  .meta({ id: 'BuildingRelatedNode' });
export type BuildingRelatedNode = z.infer<typeof BuildingRelatedNodeSchema>;

export const CreateBuildingRelatedNodeBodySchema = z.object({ floorPlanNodeId: IdSchema, relatedNodeId: IdSchema, position: PinPositionSchema });
export const UpdateBuildingRelatedNodeBodySchema = z.object({ position: PinPositionSchema });
export const RelatedNodesResponseSchema = z.object({ relatedNodes: z.array(BuildingRelatedNodeSchema) });

/** `POST /api/file-nodes`: files uploaded into a folder, one FILE node each (IFC_FILE for .ifc). */
export const CreateFileNodesBodySchema = z.object({
  parentId: IdSchema.nullable().optional(),
  files: z.array(z.object({ name: TextSchema.trim().min(1).max(NODE_NAME_MAX) })).min(1).max(100),
});
export type CreateFileNodesBody = z.infer<typeof CreateFileNodesBodySchema>;

export const FileNodeSchema = z.object({ node: NodeSchema, file: FileRecordSchema }).meta({ id: 'FileNode' });
export type FileNode = z.infer<typeof FileNodeSchema>;
export const FileNodeWithUrlSchema = z.object({ node: NodeSchema, file: FileRecordSchema, url: TextSchema });
export const CreateFileNodesResponseSchema = z.object({
  files: z.array(z.object({ node: NodeSchema, upload: UploadTargetSchema })).describe('PUT each file to its upload address, then poll POST /api/files/has-uploaded.'),
});
export type CreateFileNodesResponse = z.infer<typeof CreateFileNodesResponseSchema>;
