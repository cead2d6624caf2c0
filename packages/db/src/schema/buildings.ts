import { doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { files } from './files.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** A building (node type BUILDING) and its optional location (WGS 84 degrees; both or neither). */
export const buildings = pgTable('building', {
  nodeId: uuid('node_id')
    .primaryKey()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  createdAt: timestamp('created_at', tz).defaultNow().notNull(),
});

/**
 * A floor of a building. `order` is the level (0 ground, negative below ground); two floors of a building
 * never share one (the unique constraint; moves swap orders in one transaction). `name` null: the order is the label.
 */
export const floors = pgTable(
  'floor',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    buildingNodeId: uuid('building_node_id')
      .notNull()
      .references(() => buildings.nodeId, { onDelete: 'cascade' }),
    name: text('name'),
    order: integer('order').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [unique('floor_building_order_unique').on(t.buildingNodeId, t.order), index('floor_org_building_idx').on(t.organizationId, t.buildingNodeId)],
);

/**
 * A floor plan (node type FLOOR_PLAN): one image (a PDF upload becomes one plan per page, each its rendered
 * PNG). `rotation` (0, 90, 180, 270) is how it is shown; pins are stored in the unrotated image's frame.
 */
export const floorPlans = pgTable(
  'floor_plan',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    buildingNodeId: uuid('building_node_id').references(() => buildings.nodeId, { onDelete: 'cascade' }),
    floorId: uuid('floor_id').references(() => floors.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The image's size in pixels (unrotated). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    rotation: integer('rotation').notNull().default(0),
    /** The page of the uploaded PDF this plan was rendered from (1-based); null for an image upload. */
    pdfPage: integer('pdf_page'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('floor_plan_floor_idx').on(t.organizationId, t.floorId, t.createdAt)],
);

/** A pin: a node shown on a floor plan at (x, y), fractions 0–1 of the unrotated image's width and height. */
export const buildingRelatedNodes = pgTable(
  'building_related_node',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    floorPlanNodeId: uuid('floor_plan_node_id')
      .notNull()
      .references(() => floorPlans.nodeId, { onDelete: 'cascade' }),
    relatedNodeId: uuid('related_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('building_related_node_plan_idx').on(t.organizationId, t.floorPlanNodeId)],
);
