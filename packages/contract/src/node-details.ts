import { z } from 'zod';
import { JsonValueSchema } from './json-value.js';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { FileRecordSchema, UploadTargetSchema } from './files.js';

/** The author of a comment, as shown next to it. */
export const CommentAuthorSchema = z.object({
  id: TextSchema,
  firstName: TextSchema.nullable(),
  lastName: TextSchema.nullable(),
  name: TextSchema,
  image: TextSchema.nullable(),
});

/** A markdown comment. `ownerId` is the author's user id: only the author may edit or delete it. */
export const CommentSchema = z
  .object({
    id: IdSchema,
    nodeId: IdSchema,
    content: TextSchema,
    ownerId: TextSchema,
    author: CommentAuthorSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

export const COMMENT_MAX_LENGTH = 20_000;
export const CommentContentSchema = TextSchema.trim().min(1).max(COMMENT_MAX_LENGTH);
/** `ownerId` may be sent (the spec's clients do) but the author is always the caller. */
export const CreateCommentBodySchema = z.object({ content: CommentContentSchema, ownerId: TextSchema.optional() });
export const UpdateCommentBodySchema = z.object({ content: CommentContentSchema });
export const CommentListSchema = z.object({ comments: z.array(CommentSchema) });

export const METADATA_TYPES = ['TEXT', 'JSON', 'LOCATION', 'RELATED_NODE'] as const;
export const MetadataTypeSchema = z.enum(METADATA_TYPES);
export type MetadataType = z.infer<typeof MetadataTypeSchema>;

export const LocationSchema = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) });
export type Location = z.infer<typeof LocationSchema>;

/** The value of each metadata type. */
export const MetadataValueSchemas = {
  TEXT: TextSchema.min(1).max(10_000),
  JSON: JsonValueSchema,
  LOCATION: LocationSchema,
  RELATED_NODE: z.object({ relatedNodeId: IdSchema }),
} as const;

const metadataFields = { id: IdSchema.optional(), ownerId: IdSchema, name: TextSchema.trim().min(1).max(200) };

/** `PUT /api/node-metadata`: creates the item (no id) or replaces it (id). `ownerId` is the node. */
export const PutMetadataBodySchema = z.discriminatedUnion('type', [
  z.object({ ...metadataFields, type: z.literal('TEXT'), value: MetadataValueSchemas.TEXT }),
  z.object({ ...metadataFields, type: z.literal('JSON'), value: MetadataValueSchemas.JSON }),
  z.object({ ...metadataFields, type: z.literal('LOCATION'), value: MetadataValueSchemas.LOCATION }),
  z.object({ ...metadataFields, type: z.literal('RELATED_NODE'), value: MetadataValueSchemas.RELATED_NODE }),
]);
export type PutMetadataBody = z.infer<typeof PutMetadataBodySchema>;

export const MetadataItemSchema = z
  .object({
    id: IdSchema,
    ownerId: IdSchema,
    name: TextSchema,
    type: MetadataTypeSchema,
    value: JsonValueSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'MetadataItem' });
export type MetadataItem = z.infer<typeof MetadataItemSchema>;
export const MetadataListSchema = z.object({ metadata: z.array(MetadataItemSchema) });
export const MetadataNamesSchema = z.object({ names: z.array(TextSchema) });

/** Extensions an image may have. */
export const IMAGE_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'avif'] as const;

export const NodeImageSchema = z
  .object({ id: IdSchema, nodeId: IdSchema, file: FileRecordSchema, url: TextSchema })
  .meta({ id: 'NodeImage' });
export type NodeImage = z.infer<typeof NodeImageSchema>;
export const NodeImageListSchema = z.object({ images: z.array(NodeImageSchema) });

export const CreateNodeImagesBodySchema = z.object({
  ownerNodeId: IdSchema,
  files: z
    .array(z.object({ nodeId: IdSchema.optional(), name: TextSchema.min(1).max(255), extension: TextSchema.min(1).max(16) }))
    .min(1)
    .max(50),
});
export type CreateNodeImagesBody = z.infer<typeof CreateNodeImagesBodySchema>;
export const CreateNodeImagesResponseSchema = z.object({
  files: z.array(UploadTargetSchema.extend({ imageId: IdSchema })),
});
