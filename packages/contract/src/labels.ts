import { z } from 'zod';
import { IdSchema, TextSchema } from './common.js';
import { MetadataItemSchema } from './node-details.js';

const describe = (description: string) => ({ description });

/** The name of the JSON metadata item that holds a scan's labels (seed 001 §3 "Rebar label"). */
export const REBAR_POSITION_LABEL_NAME = 'rebarPositionLabel';

/** Positioned label types; DEPTH is the one global label. */
export const POINT_LABEL_TYPES = ['REBAR_POSITION', 'REBAR_POSITION_WITH_DIAMETER', 'BACKGROUND_REFLECTION'] as const;
export const LABEL_TYPES = [...POINT_LABEL_TYPES, 'DEPTH'] as const;
export const PointLabelTypeSchema = z.enum(POINT_LABEL_TYPES);
export type PointLabelType = z.infer<typeof PointLabelTypeSchema>;

export const LABEL_TYPE_NAMES: Record<PointLabelType, string> = {
  REBAR_POSITION: 'Rebar position',
  REBAR_POSITION_WITH_DIAMETER: 'Rebar with diameter',
  BACKGROUND_REFLECTION: 'Background reflection',
};

/** Spec §9. */
export const DEFAULT_LABEL_DIAMETER_MM = 12;
export const MAX_LABEL_DIAMETER_MM = 100;
/** At most this many positioned labels per scan. */
export const MAX_LABEL_POINTS = 5000;

/**
 * One positioned label: the trace (signal row) and sample (time column) of the apex it marks. A diameter (mm)
 * is given exactly when the type is REBAR_POSITION_WITH_DIAMETER.
 */
export const LabelPointSchema = z
  .object({
    signalRowIndex: z.number().int().min(0).meta(describe('Trace index, 0 = first trace')),
    timeColumnIndex: z.number().int().min(0).meta(describe('Sample index on the scan\'s time axis, 0 = first sample')),
    type: PointLabelTypeSchema,
    diameter: z.number().positive().max(MAX_LABEL_DIAMETER_MM).optional().meta(describe('Bar diameter, mm')),
  })
  .strict()
  .superRefine((point, ctx) => {
    if (point.type === 'REBAR_POSITION_WITH_DIAMETER' && point.diameter === undefined)
      ctx.addIssue({ code: 'custom', path: ['diameter'], message: 'A REBAR_POSITION_WITH_DIAMETER label needs a diameter' });
    if (point.type !== 'REBAR_POSITION_WITH_DIAMETER' && point.diameter !== undefined)
      ctx.addIssue({ code: 'custom', path: ['diameter'], message: `A ${point.type} label has no diameter` });
  });
export type LabelPoint = z.infer<typeof LabelPointSchema>;

/** The value of a scan's `rebarPositionLabel` item. */
export const RebarPositionLabelValueSchema = z
  .object({
    points: z.array(LabelPointSchema).max(MAX_LABEL_POINTS),
    global: z
      .object({
        depth: z.number().min(0).max(100).nullable().meta(describe('The DEPTH label: a depth in metres, or none')),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'RebarPositionLabelValue' });
export type RebarPositionLabelValue = z.infer<typeof RebarPositionLabelValueSchema>;

/** `GET /api/gpr-scans/{id}/labels`: the scan node id and its label item (null when unlabelled). */
export const GprScanLabelsSchema = z.object({
  node: z.object({ id: IdSchema, name: TextSchema }),
  rebarPositionLabel: MetadataItemSchema.nullable(),
});
export type GprScanLabels = z.infer<typeof GprScanLabelsSchema>;

export const LabelsNodeQuerySchema = z.object({
  nodeId: IdSchema.optional().meta(describe('A folder, group, area scan or scan; none: every scan of the organization')),
});

/** One scan of a labeling session. */
export const LabelingScanSchema = z.object({
  nodeId: IdSchema,
  name: TextSchema,
  traces: z.number().int(),
  samplesPerTrace: z.number().int(),
  labelId: IdSchema.nullable(),
  pointCount: z.number().int(),
});
export type LabelingScan = z.infer<typeof LabelingScanSchema>;
/** `GET /api/labels/scans?nodeId=`: the scans under the node in the session's order, and how many are labelled. */
export const LabelingScansSchema = z.object({
  scans: z.array(LabelingScanSchema),
  labelled: z.number().int(),
  total: z.number().int(),
});
export type LabelingScans = z.infer<typeof LabelingScansSchema>;

/** The engine against one labelled scan. */
export const ScanAgreementSchema = z.object({
  nodeId: IdSchema,
  name: TextSchema,
  status: z.enum(['COMPARED', 'NO_ANALYSIS']).meta(describe('NO_ANALYSIS: the rebar analysis has not finished yet')),
  labelled: z.number().int().meta(describe('Rebar labels (positions, with or without diameter)')),
  found: z.number().int().meta(describe("The engine's bars")),
  matched: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  f1: z.number().nullable(),
  coverMaeM: z.number().nullable(),
  diameterAgreement: z.number().nullable(),
});
export type ScanAgreement = z.infer<typeof ScanAgreementSchema>;
export const AgreementSummarySchema = z.object({
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  f1: z.number().nullable(),
  coverMaeM: z.number().nullable().meta(describe('Mean |engine cover − label cover| over position matches, metres')),
  diameterAgreement: z
    .number()
    .nullable()
    .meta(describe('Share of matched labels with a diameter where the engine names the same nominal size')),
});
export const LabelAgreementSchema = z
  .object({ scans: z.array(ScanAgreementSchema), overall: AgreementSummarySchema })
  .meta({ id: 'LabelAgreement' });
export type LabelAgreement = z.infer<typeof LabelAgreementSchema>;
