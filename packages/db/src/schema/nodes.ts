import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * Text compared byte by byte (COLLATE "C"), so that one plain btree index serves both the
 * `path LIKE '/a/b/%'` prefix scans and ORDER BY path.
 */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The hub tree. Every scan, folder, analysis, model… is a node. The tree is kept twice: `parentId`
 * (adjacency, for listings) and `path` (the ids of all ancestors and the node itself, `/a/b/c/`,
 * for subtree queries by prefix), see docs/decisions/0002-node-tree.md.
 */
export const nodes = pgTable(
  'node',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => nodes.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    isPublic: boolean('is_public').default(false).notNull(),
    path: byteText('path').notNull(),
    depth: integer('depth').notNull().default(0),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
    /** Set on soft delete; the nodes deleted together share `deletionId` so they are restored together. */
    deletedAt: timestamp('deleted_at', tz),
    deletionId: uuid('deletion_id'),
  },
  // Listings of live children come straight from an index in each sort order (with the id
  // tiebreak), so a page of a 10,000-node folder reads 20 index entries, not 10,000 rows.
  (t) => [
    index('node_children_by_created_idx')
      .on(t.organizationId, t.parentId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('node_children_by_name_idx')
      .on(t.organizationId, t.parentId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('node_children_by_type_idx')
      .on(t.organizationId, t.parentId, t.type, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // Subtrees are path-prefix ranges. In the C collation whatever the database's default, so LIKE 'prefix%'
    // and ORDER BY path read an index range (see `inSubtree` in nodes.repository.ts); the partial index
    // serves the live-descendant reads and their counts from the index alone.
    index('node_org_path_idx').on(t.organizationId, sql`${t.path} COLLATE "C"`),
    index('node_live_path_idx')
      .on(t.organizationId, sql`${t.path} COLLATE "C"`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('node_org_type_idx').on(t.organizationId, t.type, t.createdAt),
    index('node_deletion_idx').on(t.deletionId),
    // Name search (ILIKE '%text%') through trigrams; the extension is created by migration 0000.
    index('node_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
