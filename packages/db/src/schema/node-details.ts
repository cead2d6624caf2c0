import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { files } from './files.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** A markdown comment on a node, by its author (`ownerId` in the API). */
export const nodeComments = pgTable(
  'node_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [index('node_comment_org_node_idx').on(t.organizationId, t.nodeId, t.createdAt)],
);

/** A typed metadata item of a node (TEXT, JSON, LOCATION, RELATED_NODE); `value` is JSON. */
export const nodeMetadata = pgTable(
  'node_metadata',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    value: jsonb('value').notNull(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [index('node_metadata_org_node_idx').on(t.organizationId, t.nodeId), index('node_metadata_org_name_idx').on(t.organizationId, t.name)],
);

/** A picture attached to a node (the file holds the bytes). */
export const nodeImages = pgTable(
  'node_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('node_image_org_node_idx').on(t.organizationId, t.nodeId, t.createdAt)],
);
