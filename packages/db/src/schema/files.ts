import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** A file in storage, owned by a node. `confirmedUploadedAt` is set when its bytes have arrived. */
export const files = pgTable(
  'file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The node the file belongs to; null for a file of the organization itself (the report settings' logo). */
    nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }),
    /** Key of the object in the storage driver (never shown to clients). */
    storageKey: text('storage_key').notNull().unique(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    confirmedUploadedAt: timestamp('confirmed_uploaded_at', tz),
  },
  (t) => [index('file_org_node_idx').on(t.organizationId, t.nodeId)],
);
