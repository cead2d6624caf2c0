import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common.js';
import { NodeSchema } from './nodes.js';

/** The spec's texts for the New 3D model form (seed 001 §5). */
export const ThreeDModelMessages = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name is too short',
  noVersion: 'No 3D model version created yet',
  noObservations: 'No GPR scans added to 3D model yet',
} as const;
export const THREE_D_MODEL_NAME_MIN_LENGTH = 3;

/** The file types of a 3D model version (seed 001 §3). */
export const THREE_D_MODEL_FILE_TYPES = [
  'rtabmap_db',
  'rtabmap_mesh_obj',
  'rtabmap_mesh_mtl',
  'point_cloud',
  'radar_positions',
  'rtabmap_gltf',
  'rtabmap_gltf_buffer_bin',
  'rtabmap_mesh_texture',
  'rtabmap_preview_pcd',
  'rtabmap_glb',
  /** The generated point cloud as a GLB (POINTS primitive, decision 0051), beside its PLY; not in seed 001 §3. */
  'point_cloud_glb',
  /**
   * The point cloud in LOD order (`comment lod_order shuffled`), derived by the server from an uploaded
   * `point_cloud` PLY that is not (decision 0058); the viewer draws it instead of the upload. Not in seed 001 §3.
   */
  'point_cloud_lod',
] as const;
export const ThreeDModelFileTypeSchema = z.enum(THREE_D_MODEL_FILE_TYPES);
export type ThreeDModelFileType = z.infer<typeof ThreeDModelFileTypeSchema>;

export const CreateThreeDModelBodySchema = z.object({
  name: z.string().max(255),
  parentNodeId: IdSchema.nullable().optional(),
});
export type CreateThreeDModelBody = z.infer<typeof CreateThreeDModelBodySchema>;

/** A file of the shown version; `url` streams it (checked on every call, so unsharing takes effect at once). */
export const ThreeDModelFileSchema = z
  .object({
    versionFileId: IdSchema,
    fileId: IdSchema,
    type: ThreeDModelFileTypeSchema,
    name: z.string(),
    extension: z.string(),
    size: z.number().int().nullable(),
    summary: z.string(),
    url: z.string(),
  })
  .meta({ id: 'ThreeDModelFile' });
export type ThreeDModelFile = z.infer<typeof ThreeDModelFileSchema>;

const OptionalFile = ThreeDModelFileSchema.nullable();

export const ThreeDModelVersionSchema = z
  .object({ id: IdSchema, createdAt: TimestampSchema, files: z.array(ThreeDModelFileSchema) })
  .meta({ id: 'ThreeDModelVersion' });
export type ThreeDModelVersion = z.infer<typeof ThreeDModelVersionSchema>;

export const ThreeDModelResponseSchema = z
  .object({
    node: NodeSchema,
    threeDModelVersion: ThreeDModelVersionSchema.nullable(),
    versionCount: z.number().int(),
    /** The tracker session feeding the model live (#13); null until then. */
    session: z.object({ id: IdSchema, rosUrl: z.string().nullable() }).nullable(),
    meshModelData: z.object({ obj: ThreeDModelFileSchema, mtl: OptionalFile, texture: OptionalFile }).nullable(),
    glbModelData: z.object({ glb: ThreeDModelFileSchema, texture: OptionalFile }).nullable(),
    gltfModelData: z.object({ gltf: ThreeDModelFileSchema, bin: OptionalFile, texture: OptionalFile }).nullable(),
    /** The point cloud as uploaded or generated (what the data table offers for download). */
    pointCloudFile: OptionalFile,
    /**
     * Its LOD-ordered copy (decision 0058), derived in the background from an uploaded PLY not in LOD order; null
     * until it is there (and for a cloud already in LOD order). The viewer draws it instead of `pointCloudFile`.
     */
    pointCloudLodFile: OptionalFile,
    previewPcdModelData: z.object({ pcd: ThreeDModelFileSchema }).nullable(),
    rtabmapDatabaseFile: OptionalFile,
    radarPositionsFile: OptionalFile,
    /** Whether the caller may change the model (false on a public link). */
    canEdit: z.boolean(),
  })
  .meta({ id: 'ThreeDModel' });
export type ThreeDModelResponse = z.infer<typeof ThreeDModelResponseSchema>;

export const LatestVersionResponseSchema = z.object({ threeDModelVersion: ThreeDModelVersionSchema.nullable() });

export const CreateThreeDModelVersionBodySchema = z.object({
  threeDModelNodeId: IdSchema,
  files: z.array(z.object({ type: ThreeDModelFileTypeSchema, fileId: IdSchema })).min(1).max(20),
});
export type CreateThreeDModelVersionBody = z.infer<typeof CreateThreeDModelVersionBodySchema>;

const Degrees = z.number().min(-180).max(180);
export const ViewOptionsSchema = z
  .object({
    modelRotation: z.object({ x: Degrees, y: Degrees, z: Degrees }),
    /** 1–100; point size = value / 1000. */
    materialSize: z.number().min(1).max(100),
    useVertexColors: z.boolean(),
  })
  .meta({ id: 'ThreeDModelViewOptions' });
export type ViewOptions = z.infer<typeof ViewOptionsSchema>;
export const UpdateViewOptionsBodySchema = ViewOptionsSchema.partial();

const Vec3Schema = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
/** Origin and unit axes, metres, RTAB-Map world frame (z up): planeX along the line, planeZ into the surface. */
export const AreaSchema = z
  .object({ origin: Vec3Schema, planeX: Vec3Schema, planeY: Vec3Schema, planeZ: Vec3Schema })
  .meta({ id: 'ObservationArea' });
export type Area = z.infer<typeof AreaSchema>;

export const ObservationSchema = z
  .object({
    id: IdSchema,
    threeDModelNodeId: IdSchema,
    threeDModelVersionId: IdSchema.nullable(),
    observationType: z.literal('GPR_SCAN'),
    observationNodeId: IdSchema,
    observationName: z.string(),
    observationDate: z.string().nullable(),
    observationArea: AreaSchema,
    scanArea: AreaSchema.nullable(),
    isVisible: z.boolean(),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'ThreeDModelObservation' });
export type Observation = z.infer<typeof ObservationSchema>;
export const ObservationListSchema = z.object({ observations: z.array(ObservationSchema) });

export const ObservationTableSchema = z.object({
  rows: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      observationType: z.string(),
      observationDate: z.string().nullable(),
      isVisible: z.boolean(),
      /** "tracker" when placed from the 3D tracker's positions, "manual" otherwise. */
      placement: z.enum(['tracker', 'manual']),
      isMoved: z.boolean(),
    }),
  ),
});

export const VersionQuerySchema = z.object({ threeDModelVersionId: IdSchema.optional() });

export const CreateObservationsBodySchema = z.object({
  threeDModelNodeId: IdSchema,
  threeDModelVersionId: IdSchema,
  nodeIds: z.array(IdSchema).min(1).max(100),
});

export const UpdateObservationBodySchema = z.object({ observationArea: AreaSchema.optional(), isVisible: z.boolean().optional() });

/** A bar as the 3D view draws it: along the line, depth of its centre, radius (metres). */
export const ObservationRebarSchema = z.object({ id: z.string(), xM: z.number(), depthM: z.number(), radiusM: z.number() });
export type ObservationRebar = z.infer<typeof ObservationRebarSchema>;

export const ObservationDetailsSchema = z
  .object({
    observation: ObservationSchema,
    gprScan: z.object({ nodeId: IdSchema, name: z.string(), lengthM: z.number(), depthM: z.number(), traces: z.number().int() }),
    rebars: z.array(ObservationRebarSchema),
    /** Where the bars come from: the user's correction, else the latest finished analysis. */
    rebarSource: z.enum(['correction', 'analysis']).nullable(),
    /** The radargram as a PNG (checked on every call). */
    radargramUrl: z.string(),
    /**
     * What GENERATE_POINT_CLOUD reads for this scan (decisions/0045): its area scan when it is a line of one (the
     * cloud is in the area's grid; `direction` and `offsetM` place this line on it), else the scan itself.
     */
    pointCloudSource: z.object({
      gprScanNodeId: IdSchema,
      kind: z.enum(['area', 'line']),
      name: z.string(),
      direction: z.enum(['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP']),
      offsetM: z.number(),
    }),
  })
  .meta({ id: 'ThreeDModelObservationDetails' });
export type ObservationDetails = z.infer<typeof ObservationDetailsSchema>;

export const RadarPositionSchema = z.object({
  id: z.string(),
  order: z.number(),
  direction: z.enum(['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP']).nullable(),
  startPoint: Vec3Schema,
  endPoint: Vec3Schema,
});
export const PositionsResponseSchema = z.object({ positions: z.array(RadarPositionSchema) });
