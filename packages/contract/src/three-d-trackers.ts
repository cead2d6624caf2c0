import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { createListQuerySchema } from './query.js';
import { ThreeDModelFileTypeSchema, ThreeDModelVersionSchema } from './three-d-models.js';

/** Texts of the 3D trackers screen (seed 000 §2) and of the device's side (decision 0036). */
export const ThreeDTrackerMessages = {
  title: '3d Trackers',
  add: 'Add Tracker',
  addDialogTitle: 'Add 3d tracker',
  clickToEnlarge: 'Click to enlarge',
  deleteTitle: 'Delete 3D tracker',
  deleteText: 'Are you sure you want to delete this 3d tracker?',
  notConnected: 'Not Connected',
  connectedTooltip: 'Connected to 3D Tracker',
  notConnectedTooltip: 'Not connected to 3D Tracker',
  unknownName: 'Unknown',
  nameRequired: 'Name is required',
  liveUnavailable: 'not available right now',
  noSession: 'No session yet',
  pairingTokenInvalid: 'This pairing code is not valid: it was already used or it has expired. Show a new QR code and scan it again.',
  credentialInvalid: 'This 3D tracker is not paired (its credential is unknown, revoked or expired): pair it again',
  notConnectedToModel: 'This 3D tracker is not connected to a 3D model: connect it on the model page first',
  sessionNotFound: 'No such session of this 3D tracker',
  fileNotOfModel: 'The file was not uploaded to the model this 3D tracker is connected to',
  rosUrlInvalid: 'The rosbridge address must be a ws:// or wss:// URL',
  rosUrlHostRefused:
    "The rosbridge address's host is not allowed: use the tracker's address on the site network (a private, loopback or link-local address), or ask the administrator to list this host in TRACKER_ROS_HOSTS",
  endSession: 'End session',
  endSessionTitle: 'End live session',
  endSessionText: 'Are you sure you want to end this live session? The 3D tracker stops appearing here until it opens a new one.',
} as const;

/** The key of the QR code's payload object (seed 000 §7). */
export const PAIRING_PAYLOAD_KEY = 'SET_THREE_D_TRACKER';
/** The query parameter of the add-url that carries the payload (base64url of its JSON). */
export const PAIRING_URL_PARAM = 'pairing';
/** A pairing token works once, for this long. */
export const PAIRING_TOKEN_TTL_S = 10 * 60;
/** A device credential works this long, then the device pairs again. */
export const TRACKER_CREDENTIAL_TTL_S = 30 * 24 * 3600;
/** A session the device has not refreshed (open or heartbeat) for this long has ended, by default (TRACKER_SESSION_TIMEOUT_S). */
export const TRACKER_SESSION_TIMEOUT_DEFAULT_S = 120;
/** Prefix of device credentials, so a leaked one is recognisable. */
export const TRACKER_CREDENTIAL_PREFIX = 'gprt_';
/** Prefix of pairing tokens. */
export const PAIRING_TOKEN_PREFIX = 'gprp_';
/** The header chip polls the trackers every 5 s; the live page polls the model every 2 s (seed 000 §9, 001 §4). */
export const TRACKER_POLL_MS = 5000;
export const LIVE_POLL_MS = 2000;
/** Live view point cloud maximum (seed 001 §9). */
export const LIVE_VIEW_MAX_POINTS = 10_000_000;

/** The payload of the QR code: everything a device needs to pair, nothing that outlives the token. */
export const PairingPayloadSchema = z.object({
  [PAIRING_PAYLOAD_KEY]: z.object({
    apiUrl: z.string().meta({ description: 'Base address of the app the device talks to' }),
    pairingToken: z.string(),
    organizationId: z.string(),
    expiresAt: TimestampSchema,
  }),
});
export type PairingPayload = z.infer<typeof PairingPayloadSchema>;

export const NextUploadInfoSchema = z.object({ threeDModelId: IdSchema }).meta({ id: 'ThreeDTrackerNextUploadInfo' });

export const ThreeDTrackerSchema = z
  .object({
    nodeId: IdSchema,
    name: z.string(),
    idFromTracker: z.string(),
    createdAt: TimestampSchema,
    nextUploadInfo: NextUploadInfoSchema.nullable().meta({ description: 'The model its next recording becomes a version of; null: not connected' }),
  })
  .meta({ id: 'ThreeDTracker' });
export type ThreeDTracker = z.infer<typeof ThreeDTrackerSchema>;

export const ThreeDTrackerQuerySchema = createListQuerySchema(
  z.object({
    hasNextUploadInfo: z.boolean().optional(),
    name: TextSchema.max(255).optional(),
    idFromTracker: TextSchema.max(255).optional(),
    nodeId: IdSchema.optional(),
  }),
  ['createdAt', 'name', 'idFromTracker'],
);
export type ThreeDTrackerQuery = z.infer<typeof ThreeDTrackerQuerySchema>;

export const ThreeDTrackerListSchema = z.object({ threeDTrackers: z.array(ThreeDTrackerSchema), total: z.number().int() });
export type ThreeDTrackerList = z.infer<typeof ThreeDTrackerListSchema>;

export const UpdateThreeDTrackerBodySchema = z
  .object({
    name: TextSchema.trim().max(255).optional(),
    nextUploadInfo: NextUploadInfoSchema.nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.nextUploadInfo !== undefined, { message: 'Give a name or a nextUploadInfo' });
export type UpdateThreeDTrackerBody = z.infer<typeof UpdateThreeDTrackerBodySchema>;

/** "3D tracker send" (seed 001 §7): connect a tracker to a model's next upload (null: reset). */
export const ThreeDTrackerSendBodySchema = z.object({ threeDTrackerId: IdSchema, nextUploadInfo: NextUploadInfoSchema.nullable() });
export type ThreeDTrackerSendBody = z.infer<typeof ThreeDTrackerSendBodySchema>;

export const AddUrlResponseSchema = z.string().meta({ description: `The URL of the QR code; its "${PAIRING_URL_PARAM}" parameter is the base64url JSON { ${PAIRING_PAYLOAD_KEY}: { apiUrl, pairingToken, organizationId, expiresAt } }` });

export const SessionSchema = z.object({ id: IdSchema, rosUrl: z.string().nullable() }).meta({ id: 'ThreeDModelSession' });
export type Session = z.infer<typeof SessionSchema>;

export const SessionParamsSchema = z.object({ id: IdSchema, sessionId: IdSchema });

// ---- The device's side ----

export const PairDeviceBodySchema = z.object({
  pairingToken: TextSchema.min(1).max(200),
  idFromTracker: TextSchema.trim().min(1).max(200),
  name: TextSchema.trim().max(255).nullish(),
});
export type PairDeviceBody = z.infer<typeof PairDeviceBodySchema>;

export const PairDeviceResponseSchema = z.object({
  credential: z.string().meta({ description: `The device's secret (${TRACKER_CREDENTIAL_PREFIX}…), shown once. Send it as Authorization: Bearer.` }),
  expiresAt: TimestampSchema,
  tracker: ThreeDTrackerSchema,
});
export type PairDeviceResponse = z.infer<typeof PairDeviceResponseSchema>;

export const OpenSessionBodySchema = z.object({
  rosUrl: TextSchema.max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'ws:' || url.protocol === 'wss:';
      } catch {
        return false;
      }
    }, ThreeDTrackerMessages.rosUrlInvalid)
    .nullable(),
});

export const DeviceFilesBatchBodySchema = z.object({
  files: z.array(z.object({ name: TextSchema.min(1).max(255), extension: TextSchema.min(1).max(20) })).min(1).max(20),
});

export const DeviceVersionBodySchema = z.object({
  files: z.array(z.object({ type: ThreeDModelFileTypeSchema, fileId: IdSchema })).min(1).max(20),
});
export const DeviceVersionResponseSchema = z.object({ threeDModelId: IdSchema, threeDModelVersion: ThreeDModelVersionSchema });

/**
 * The rosbridge topics the live view subscribes to (decision 0037): RTAB-Map's map cloud, each message new
 * points of the map, and the device's pose.
 */
export const LIVE_TOPICS = {
  cloud: { topic: '/rtabmap/cloud_map', type: 'sensor_msgs/PointCloud2' },
  pose: { topic: '/rtabmap/localization_pose', type: 'geometry_msgs/PoseWithCovarianceStamped' },
} as const;
