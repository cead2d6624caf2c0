import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * An object being written to storage that no file row refers to yet. The row is committed before the
 * object is written and removed in the transaction that inserts the object's file row, so an object in
 * storage always has a file row or a pending row; a pending row older than the sweep's grace time belongs
 * to a writer that crashed, and the orphan sweep deletes its object (decisions/0020).
 */
export const storagePendingObjects = pgTable(
  'storage_pending_object',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('storage_pending_object_created_idx').on(t.createdAt)],
);
