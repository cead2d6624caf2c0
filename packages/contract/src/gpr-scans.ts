import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { FileWithUrlSchema } from './files.js';
import { NodeSchema } from './nodes.js';
import { createListQuerySchema } from './query.js';

/** The scan formats packages/gpr reads (one line each; a vendor zip yields several). */
export const GPR_SCAN_FORMATS = ['dzt', 'segy', 'dt1', 'rd3', 'rd7', 'gprmax'] as const;
export const GprScanFormatSchema = z.enum(GPR_SCAN_FORMATS);

/** Direction of a line within its area scan ('Left to right', 'Bottom to top'). */
export const AreaScanDirectionSchema = z.enum(['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP']);
export type AreaScanDirection = z.infer<typeof AreaScanDirectionSchema>;

/** AREA_SCAN: a grid of lines described by a CSV. MULTI_SCAN: lines imported together, or a file's channels. */
export const GPR_SCAN_GROUP_TYPES = ['AREA_SCAN', 'MULTI_SCAN'] as const;
export const GprScanGroupTypeSchema = z.enum(GPR_SCAN_GROUP_TYPES);
export type GprScanGroupType = z.infer<typeof GprScanGroupTypeSchema>;

const describe = (text: string) => ({ description: text });

/** A GPR line scan (node type GPR_SCAN) with the facts read from its file. */
export const GprScanSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    /** The group it sits in (its parent, when that is a GPR scan group). */
    gprScanGroupNodeId: IdSchema.nullable(),
    createdAt: TimestampSchema,
    fileName: TextSchema.meta(describe('Original file name')),
    fileId: IdSchema.meta(
      describe('The scan file (for vendor zips: this line alone), for "Download GPR scan data"'),
    ),
    zipPath: TextSchema.nullable().meta(describe('Path inside the zip it was imported from')),
    format: GprScanFormatSchema,
    gprVendorId: TextSchema.nullable(),
    gprExternalId: TextSchema.nullable(),
    scanLength: z.number().meta(describe('Length of the line, metres')),
    scanDate: TextSchema.nullable().meta(describe('Acquisition date as the file states it (ISO 8601)')),
    areaScanDirection: AreaScanDirectionSchema.nullable(),
    csvLineNumber: z.number().int().nullable(),
    scanNumber: z.number().int().nullable().meta(describe('Shown as L plus three digits')),
    repetitionRateScansPerCm: z.number().nullable(),
    traces: z.number().int(),
    samplesPerTrace: z.number().int(),
    sampleIntervalS: z.number(),
    timeOffsetS: z
      .number()
      .meta(describe('Two-way time of the first sample, seconds (negative: before time zero)')),
    traceSpacingM: z.number().meta(describe('0 when unknown (time-triggered)')),
    antennaSeparationM: z.number(),
    channel: z.number().int().nullable(),
    antennaName: TextSchema.nullable(),
    centreFrequencyHz: z.number().nullable(),
    permittivity: z
      .number()
      .nullable()
      .meta(describe('The value set in the instrument (a setting, not a measurement)')),
    warnings: z.array(TextSchema),
  })
  .meta({ id: 'GprScan' });
export type GprScan = z.infer<typeof GprScanSchema>;

export const GprScanResponseSchema = z.object({ gprScan: GprScanSchema });

/** `PATCH /api/gpr-scans/{id}/geometry`: the geometry a file lacks (gprMax stores no trace spacing) or got wrong. */
export const UpdateGprScanGeometryBodySchema = z.object({
  traceSpacingM: z
    .number()
    .gt(0)
    .max(0.5)
    .meta(describe('Distance between two traces, metres')),
});
export type UpdateGprScanGeometryBody = z.infer<typeof UpdateGprScanGeometryBodySchema>;

export const HeaderFieldSchema = z.object({
  name: TextSchema,
  value: z.union([TextSchema, z.number(), z.boolean(), z.null()]),
});

/** A pair of GPR scans of one spot. */
export const DualOrientationGprScanSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    parentId: IdSchema.nullable(),
    parallelGprScanNodeId: IdSchema,
    perpendicularGprScanNodeId: IdSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'DualOrientationGprScan' });
export type DualOrientationGprScan = z.infer<typeof DualOrientationGprScanSchema>;

/** A pair of area scans of one spot. */
export const DualOrientationAreaScanSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    parentId: IdSchema.nullable(),
    parallelAreaScanNodeId: IdSchema,
    perpendicularAreaScanNodeId: IdSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'DualOrientationAreaScan' });
export type DualOrientationAreaScan = z.infer<typeof DualOrientationAreaScanSchema>;

export const GprScanDetailsSchema = z.object({
  gprScan: GprScanSchema,
  dualOrientationGprScan: DualOrientationGprScanSchema.nullable(),
  /** The area scan the line belongs to, when its group is one. */
  areaScanNodeId: IdSchema.nullable(),
  gprScanFile: FileWithUrlSchema.meta(describe('The scan file with a short-lived download address')),
  gprScanZipFile: FileWithUrlSchema.nullable().meta(
    describe('The zip it was imported from, with a download address'),
  ),
  previewImageUrl: TextSchema.nullable().meta(describe('Set once the GPR scan preview analysis has run')),
  header: z.array(HeaderFieldSchema).meta(describe("The source file's header, verbatim")),
});
export type GprScanDetails = z.infer<typeof GprScanDetailsSchema>;

/** A GPR scan group (node type GPR_SCAN_GROUP). */
export const GprScanGroupSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    type: GprScanGroupTypeSchema,
    parentGprScanGroupNodeId: IdSchema.nullable(),
    fileName: TextSchema,
    createdAt: TimestampSchema,
  })
  .meta({ id: 'GprScanGroup' });
export type GprScanGroup = z.infer<typeof GprScanGroupSchema>;
export const GprScanGroupResponseSchema = z.object({ gprScanGroup: GprScanGroupSchema });

/** An area scan: a GPR scan group of type AREA_SCAN with its grid (centimetres, as the vendor's CSV). */
export const AreaScanSchema = GprScanGroupSchema.extend({
  areaScanWidth: z.number().nullable().meta(describe('cm')),
  areaScanHeight: z.number().nullable().meta(describe('cm')),
  gridSpacingX: z.number().nullable().meta(describe('cm')),
  gridSpacingY: z.number().nullable().meta(describe('cm')),
  gridSizeX: z.number().nullable().meta(describe('cm')),
  gridSizeY: z.number().nullable().meta(describe('cm')),
  scanDate: TextSchema.nullable(),
  csvFields: z
    .record(TextSchema, z.union([TextSchema, z.number()]))
    .meta(describe('Every value of the area CSV as read')),
}).meta({ id: 'AreaScan' });
export type AreaScan = z.infer<typeof AreaScanSchema>;

export const AreaScanResponseSchema = z.object({ areaScan: AreaScanSchema });
export const AreaScanDetailsSchema = z.object({
  areaScan: AreaScanSchema,
  dualOrientationAreaScan: DualOrientationAreaScanSchema.nullable(),
  gprScanZipFile: FileWithUrlSchema.nullable(),
  lineScanCount: z.number().int(),
});
export const LineScansResponseSchema = z.object({ gprScans: z.array(GprScanSchema) });

/** The signal as JSON: `signal[trace][sample]` (rows are traces, columns time samples). */
export const GprScanSignalSchema = z.object({
  signal: z.array(z.array(z.number())),
  traces: z.number().int(),
  samplesPerTrace: z.number().int(),
  sampleIntervalS: z.number(),
  traceSpacingM: z.number(),
  timeOffsetS: z.number(),
});
export type GprScanSignal = z.infer<typeof GprScanSignalSchema>;

/** Layout of the binary signal (`Accept: application/octet-stream`). All little-endian. */
export const SIGNAL_BINARY_MAGIC = 'GPRS';
export const SIGNAL_BINARY_VERSION = 1;
/**
 * Version of the byte-shuffled layout (`?layout=shuffled`): the same header and float32 values, their bytes
 * grouped by position (every value's byte 0, then every byte 1, 2, 3), which compresses better. Lossless.
 */
export const SIGNAL_BINARY_VERSION_SHUFFLED = 2;
export const SIGNAL_BINARY_HEADER_BYTES = 40;

/** Query of `GET /api/gpr-scans/{id}/signal`: the binary layout (the JSON form ignores it). */
export const GprScanSignalQuerySchema = z.object({
  layout: z
    .enum(['plain', 'shuffled'])
    .optional()
    .meta({ description: 'Binary form only: `plain` (default, version 1) or `shuffled` (version 2)' }),
});

export const GPR_SCAN_SORT_FIELDS = ['createdAt', 'gprVendorId', 'gprExternalId', 'originalName'] as const;
const DateFilterSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);
export const GprScanFilterSchema = z.object({
  createdFrom: DateFilterSchema.optional(),
  createdTo: DateFilterSchema.optional(),
  gprExternalId: TextSchema.max(500).optional(),
  gprVendorId: TextSchema.max(100).optional(),
  nodeId: IdSchema.optional(),
  nodeIds: z.array(IdSchema).max(1000).optional(),
  /** Scans directly in this group; null: scans in no group. */
  gprScanGroupNodeId: IdSchema.nullable().optional(),
  gprScanGroupNodeIds: z.array(IdSchema).max(1000).optional(),
  /** Scans anywhere under these nodes. */
  descendantOfNodeIds: z.array(IdSchema).max(100).optional(),
});
export const GprScanQuerySchema = createListQuerySchema(GprScanFilterSchema, GPR_SCAN_SORT_FIELDS);
export type GprScanQuery = z.infer<typeof GprScanQuerySchema>;
export const GprScanListSchema = z.object({
  gprScans: z.array(GprScanSchema),
  /** The area scans the listed scans belong to. */
  areaScans: z.array(AreaScanSchema),
  total: z.number().int(),
});
export type GprScanList = z.infer<typeof GprScanListSchema>;

export const CreateDualOrientationGprScanBodySchema = z.object({
  parallelGprScanNodeId: IdSchema,
  perpendicularGprScanNodeId: IdSchema,
});
export const CreateDualOrientationAreaScanBodySchema = z.object({
  parallelAreaScanNodeId: IdSchema,
  perpendicularAreaScanNodeId: IdSchema,
});
export const DualOrientationGprScanResponseSchema = z.object({
  dualOrientationGprScan: DualOrientationGprScanSchema,
});
export const DualOrientationAreaScanResponseSchema = z.object({
  dualOrientationAreaScan: DualOrientationAreaScanSchema,
});
export const DualOrientationGprScanDetailSchema = DualOrientationGprScanResponseSchema.extend({
  parallelGprScan: GprScanSchema,
  perpendicularGprScan: GprScanSchema,
});
export const DualOrientationAreaScanDetailSchema = DualOrientationAreaScanResponseSchema.extend({
  parallelAreaScan: AreaScanSchema,
  perpendicularAreaScan: AreaScanSchema,
});

/** A created scan or group with its node, as the import answers. */
export const ImportedGprScanSchema = z.object({ gprScan: GprScanSchema, node: NodeSchema });
export const ImportedGprScanGroupSchema = z.object({ gprScanGroup: AreaScanSchema, node: NodeSchema });
