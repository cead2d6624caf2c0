import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { files } from './files.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** An origin and three unit axes, metres, in RTAB-Map's world frame (z up); see packages/scan3d `ObservationArea`. */
export interface StoredArea {
  origin: [number, number, number];
  planeX: [number, number, number];
  planeY: [number, number, number];
  planeZ: [number, number, number];
}

/**
 * A 3D model (node type THREE_D_MODEL) and its view options. Versions, their files and observations hang
 * off it; a tracker session (#13) and generation jobs (#12) add their own tables pointing here.
 */
export const threeDModels = pgTable('three_d_model', {
  nodeId: uuid('node_id')
    .primaryKey()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  /** View options: rotation of the model about the viewer's x, y, z, degrees (−180…180). */
  rotationXDeg: doublePrecision('rotation_x_deg').notNull().default(0),
  rotationYDeg: doublePrecision('rotation_y_deg').notNull().default(0),
  rotationZDeg: doublePrecision('rotation_z_deg').notNull().default(0),
  /** View options: material size 1–100 (point size = value / 1000 m). */
  materialSize: doublePrecision('material_size').notNull().default(10),
  useVertexColors: boolean('use_vertex_colors').notNull().default(true),
  createdAt: timestamp('created_at', tz).defaultNow().notNull(),
});

/** One upload (or generation) of a model's files. Versions are kept; the newest is shown. */
export const threeDModelVersions = pgTable(
  'three_d_model_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    threeDModelNodeId: uuid('three_d_model_node_id')
      .notNull()
      .references(() => threeDModels.nodeId, { onDelete: 'cascade' }),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('three_d_model_version_model_idx').on(t.organizationId, t.threeDModelNodeId, t.createdAt)],
);

/** A file of a version with its type (rtabmap_db, point_cloud, rtabmap_glb…; the contract's `THREE_D_MODEL_FILE_TYPES`). */
export const threeDModelVersionFiles = pgTable(
  'three_d_model_version_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => threeDModelVersions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** What the server's check read (e.g. "PLY binary_little_endian, 8 points with colours"). */
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    index('three_d_model_version_file_version_idx').on(t.versionId),
    index('three_d_model_version_file_file_idx').on(t.fileId),
  ],
);

/** A GPR scan placed in the room of a model. */
export const threeDModelObservations = pgTable(
  'three_d_model_observation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    threeDModelNodeId: uuid('three_d_model_node_id')
      .notNull()
      .references(() => threeDModels.nodeId, { onDelete: 'cascade' }),
    threeDModelVersionId: uuid('three_d_model_version_id').references(() => threeDModelVersions.id, { onDelete: 'set null' }),
    /** GPR_SCAN (the only type so far). */
    observationType: text('observation_type').notNull(),
    observationNodeId: uuid('observation_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    observationDate: text('observation_date'),
    observationArea: jsonb('observation_area').$type<StoredArea>().notNull(),
    /** Where the 3D tracker saw the scan (null when it did not). */
    scanArea: jsonb('scan_area').$type<StoredArea>(),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [
    index('three_d_model_observation_model_idx').on(t.organizationId, t.threeDModelNodeId, t.createdAt),
    uniqueIndex('three_d_model_observation_unique_idx')
      .on(t.threeDModelNodeId, t.observationNodeId, sql`coalesce(${t.threeDModelVersionId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
  ],
);
