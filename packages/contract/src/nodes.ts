import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { createListQuerySchema } from './query.js';

/** Every kind of node in the hub tree. */
export const NODE_TYPES = [
  'FOLDER',
  'IFC_FILE',
  'GPR_SCAN_GROUP',
  'GPR_SCAN',
  'FILE',
  'ANALYSIS',
  'THREE_D_MODEL',
  'THREE_D_TRACKER',
  'BUILDING',
  'FLOOR_PLAN',
  'DUAL_ORIENTATION_AREA_SCAN',
  'DUAL_ORIENTATION_GPR_SCAN',
  'ROOT',
] as const;
export const NodeTypeSchema = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeTypeSchema>;

/** Display labels, as the spec lists them. */
export const NODE_TYPE_LABELS: Record<NodeType, string> = {
  FOLDER: 'Folder',
  IFC_FILE: 'IFC file',
  GPR_SCAN_GROUP: 'GPR scan group',
  GPR_SCAN: 'GPR scan',
  FILE: 'File',
  ANALYSIS: 'Analysis',
  THREE_D_MODEL: '3D Model',
  THREE_D_TRACKER: '3D Tracker',
  BUILDING: 'Building',
  FLOOR_PLAN: 'Floor plan',
  DUAL_ORIENTATION_AREA_SCAN: 'Dual orientation area scan',
  DUAL_ORIENTATION_GPR_SCAN: 'Dual orientation GPR scan',
  ROOT: 'Root',
};

/** kebab-case slugs (folder, ifc-file, gpr-scan, 3d-model, ...). */
export const NODE_TYPE_SLUGS: Record<NodeType, string> = {
  FOLDER: 'folder',
  IFC_FILE: 'ifc-file',
  GPR_SCAN_GROUP: 'gpr-scan-group',
  GPR_SCAN: 'gpr-scan',
  FILE: 'file',
  ANALYSIS: 'analysis',
  THREE_D_MODEL: '3d-model',
  THREE_D_TRACKER: '3d-tracker',
  BUILDING: 'building',
  FLOOR_PLAN: 'floor-plan',
  DUAL_ORIENTATION_AREA_SCAN: 'dual-orientation-area-scan',
  DUAL_ORIENTATION_GPR_SCAN: 'dual-orientation-gpr-scan',
  ROOT: 'root',
};

/** A node of the hub tree. The root is not a row: it is `parentId: null`. */
export const NodeSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    type: NodeTypeSchema,
    parentId: IdSchema.nullable(),
    isPublic: z.boolean(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    deletedAt: TimestampSchema.nullable(),
  })
  .meta({ id: 'Node' });
export type Node = z.infer<typeof NodeSchema>;

/**
 * How deep folders may nest. The tree index keeps every node's ancestor ids, and one index entry
 * holds at most ~2.7 kB, i.e. about 70 levels; 64 leaves room and is far deeper than any site.
 */
export const MAX_NODE_DEPTH = 64;
export const tooDeepMessage = () => `Folders can be nested at most ${MAX_NODE_DEPTH} levels deep`;

/** Name limits shared by forms and API. */
export const NODE_NAME_MAX = 255;
export const NodeNameSchema = TextSchema.trim().min(1).max(NODE_NAME_MAX);

/** `POST /api/nodes`: only folders are created this way; other types come from their own flows. */
export const CreateNodeBodySchema = z.object({
  type: z.literal('FOLDER'),
  parentId: IdSchema.nullable().optional(),
  name: NodeNameSchema,
});
export type CreateNodeBody = z.infer<typeof CreateNodeBodySchema>;

export const UpdateNodeBodySchema = z.object({
  name: NodeNameSchema.optional(),
  parentNodeId: IdSchema.nullable().optional(),
  isPublic: z.boolean().optional(),
});
export type UpdateNodeBody = z.infer<typeof UpdateNodeBodySchema>;

export const NodeDetailSchema = z.object({
  node: NodeSchema,
  parentNode: NodeSchema.nullable(),
  parentIsRoot: z.boolean(),
});
export type NodeDetail = z.infer<typeof NodeDetailSchema>;

export const NODE_SORT_FIELDS = ['createdAt', 'type', 'name'] as const;

export const NodeFilterSchema = z.object({
  type: NodeTypeSchema.optional(),
  typeIn: z.array(NodeTypeSchema).max(20).optional(),
  /** Case-insensitive substring of the name. */
  name: TextSchema.max(NODE_NAME_MAX).optional(),
  /** Children of this node; null lists the top level. Absent: anywhere in the tree. */
  parentId: IdSchema.nullable().optional(),
  nodeIdNotIn: z.array(IdSchema).max(1000).optional(),
  nodeIdIn: z.array(IdSchema).max(1000).optional(),
});
export type NodeFilter = z.infer<typeof NodeFilterSchema>;

const BaseNodeQuerySchema = createListQuerySchema(NodeFilterSchema, NODE_SORT_FIELDS);
export const NodeQuerySchema = BaseNodeQuerySchema.extend({
  /** Answer `childrenMap`: for each listed node, how many live children it has. */
  includeChildrenMap: z.boolean().optional(),
  /** These nodes come first (in this order) when they match the filter. */
  promotedNodeIds: z.array(IdSchema).max(100).optional(),
  /** Only GPR scans in this scan group (null: scans in no group). */
  gprScanFilter: z.object({ gprScanGroupNodeId: IdSchema.nullable() }).optional(),
  /** Only scan groups inside this scan group (null: top-level groups). */
  gprScanGroupFilter: z.object({ parentGprScanGroupNodeId: IdSchema.nullable() }).optional(),
  /** true: only soft-deleted nodes; false or absent: only live nodes. */
  deleted: z.boolean().optional(),
});
export type NodeQuery = z.infer<typeof NodeQuerySchema>;

export const NodeListSchema = z.object({
  nodes: z.array(NodeSchema),
  total: z.number().int(),
  childrenMap: z.record(TextSchema, z.number().int()).optional(),
});
export type NodeList = z.infer<typeof NodeListSchema>;

export const HubPathSchema = z.object({
  path: z.array(z.object({ nodeId: IdSchema, name: TextSchema, type: NodeTypeSchema })),
});
export type HubPath = z.infer<typeof HubPathSchema>;

/** `GET /api/nodes/{id}/organization`: which of the caller's organizations holds a node. */
export const NodeOrganizationSchema = z.object({
  organization: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
});
export type NodeOrganization = z.infer<typeof NodeOrganizationSchema>;

export const RestoreNodeResponseSchema = z.object({ restoredNodes: z.array(NodeSchema) });
export type RestoreNodeResponse = z.infer<typeof RestoreNodeResponseSchema>;

export const DescendantsBodySchema = z.object({
  /** When given, answer which of these ids lie under the node; otherwise list descendants. */
  descendantNodeIds: z.array(IdSchema).max(1000).optional(),
  typeIn: z.array(NodeTypeSchema).max(20).optional(),
  limit: z.number().int().min(1).max(10_000).default(1000),
  skip: z.number().int().min(0).default(0),
});
export const DescendantsResponseSchema = z.object({ descendants: z.array(NodeSchema), total: z.number().int() });
