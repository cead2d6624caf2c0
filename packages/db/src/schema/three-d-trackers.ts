import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { nodes } from './nodes.js';
import { threeDModels } from './three-d-models.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * A paired 3D tracker (node type THREE_D_TRACKER). `nextUploadModelId` is the spec's nextUploadInfo
 * (`{ threeDModelId }`): the model its next recording becomes a version of; null: not connected.
 */
export const threeDTrackers = pgTable(
  'three_d_tracker',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The id the device reports for itself; one tracker per device and organization (re-pairing updates it). */
    idFromTracker: text('id_from_tracker').notNull(),
    nextUploadModelId: uuid('next_upload_model_id').references(() => threeDModels.nodeId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('three_d_tracker_device_idx').on(t.organizationId, t.idFromTracker),
    index('three_d_tracker_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A single-use pairing token of the add-url's QR code. Only its SHA-256 is stored (decision 0036). */
export const threeDTrackerPairingTokens = pgTable('three_d_tracker_pairing_token', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdById: text('created_by_id').references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  expiresAt: timestamp('expires_at', tz).notNull(),
  /** Set when a device pairs with it; a used token never works again. */
  usedAt: timestamp('used_at', tz),
});

/**
 * A device credential (`gprt_…`), scoped to one tracker. Only its SHA-256 is stored. It dies with its
 * tracker (deleted, or its node soft-deleted), at `expiresAt`, and when the tracker pairs again.
 */
export const threeDTrackerCredentials = pgTable(
  'three_d_tracker_credential',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    trackerNodeId: uuid('tracker_node_id')
      .notNull()
      .references(() => threeDTrackers.nodeId, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('three_d_tracker_credential_tracker_idx').on(t.trackerNodeId)],
);

/** A tracker's live session on a model: open while the device records (seed 001 §3: id, rosUrl). */
export const threeDModelSessions = pgTable(
  'three_d_model_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    threeDModelNodeId: uuid('three_d_model_node_id')
      .notNull()
      .references(() => threeDModels.nodeId, { onDelete: 'cascade' }),
    trackerNodeId: uuid('tracker_node_id')
      .notNull()
      .references(() => threeDTrackers.nodeId, { onDelete: 'cascade' }),
    /** The device's rosbridge v2 WebSocket on the site's network (ws:// or wss://). */
    rosUrl: text('ros_url'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    /** The device's last sign of life (open or heartbeat); a session not refreshed for TRACKER_SESSION_TIMEOUT_S has ended (decision 0036). */
    lastSeenAt: timestamp('last_seen_at', tz).defaultNow().notNull(),
  },
  (t) => [
    index('three_d_model_session_model_idx').on(t.organizationId, t.threeDModelNodeId, t.createdAt),
    index('three_d_model_session_tracker_idx').on(t.trackerNodeId),
  ],
);
