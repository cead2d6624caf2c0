import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { createListQuerySchema } from './query.js';

/** Every analysis type of the spec (§3). The schema accepts them all; the service refuses those not in RUNNABLE_ANALYSIS_TYPES (all run now). */
export const ANALYSIS_TYPES = [
  'GPR_SCAN_PREVIEW',
  'GENERATE_MESH',
  'GENERATE_POINT_CLOUD',
  'LINE_SCAN_REBAR_2',
  'AREA_SCAN_REBAR_2',
  'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
  'AREA_SCAN_DUAL_ORIENTATION_REBAR_2',
  'HYPERBOLA_DETECTION',
] as const;
export const AnalysisTypeSchema = z.enum(ANALYSIS_TYPES);
export type AnalysisType = z.infer<typeof AnalysisTypeSchema>;

export const ANALYSIS_TYPE_LABELS: Record<AnalysisType, string> = {
  GPR_SCAN_PREVIEW: 'GPR scan preview',
  GENERATE_MESH: 'Generate mesh analysis',
  GENERATE_POINT_CLOUD: 'Generate point cloud analysis',
  LINE_SCAN_REBAR_2: 'Line scan rebar analysis 2',
  AREA_SCAN_REBAR_2: 'Area scan rebar analysis 2',
  LINE_SCAN_DUAL_ORIENTATION_REBAR_2: 'Line scan dual orientation rebar analysis 2',
  AREA_SCAN_DUAL_ORIENTATION_REBAR_2: 'Area scan dual orientation rebar analysis 2',
  HYPERBOLA_DETECTION: 'Hyperbola detection',
};

/** The types that run now; the others arrive with their issues and are refused with a 400. */
export const RUNNABLE_ANALYSIS_TYPES = [
  'GPR_SCAN_PREVIEW',
  'HYPERBOLA_DETECTION',
  'LINE_SCAN_REBAR_2',
  'AREA_SCAN_REBAR_2',
  'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
  'AREA_SCAN_DUAL_ORIENTATION_REBAR_2',
  'GENERATE_POINT_CLOUD',
  'GENERATE_MESH',
] as const satisfies readonly AnalysisType[];

export const ANALYSIS_STATUSES = ['CREATED', 'ANALYSING', 'FINISHED', 'FAILED'] as const;
export const AnalysisStatusSchema = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof AnalysisStatusSchema>;
export const isFinalStatus = (status: AnalysisStatus | null | undefined) =>
  status === 'FINISHED' || status === 'FAILED';

/** The node-id fields each type's input needs (spec §3 "Analysis inputs by type"). */
export const ANALYSIS_INPUT_FIELDS = {
  GPR_SCAN_PREVIEW: ['gprScanNodeId'],
  HYPERBOLA_DETECTION: ['gprScanNodeId'],
  LINE_SCAN_REBAR_2: ['gprScanNodeId'],
  AREA_SCAN_REBAR_2: ['areaScanNodeId'],
  LINE_SCAN_DUAL_ORIENTATION_REBAR_2: ['parallelGprScanNodeId', 'perpendicularGprScanNodeId'],
  AREA_SCAN_DUAL_ORIENTATION_REBAR_2: ['parallelAreaScanNodeId', 'perpendicularAreaScanNodeId'],
  GENERATE_MESH: ['threeDModelVersionId'],
  GENERATE_POINT_CLOUD: ['threeDModelVersionId'],
} as const satisfies Record<AnalysisType, readonly string[]>;
export type AnalysisInputField = (typeof ANALYSIS_INPUT_FIELDS)[AnalysisType][number];

/**
 * Types whose input is one of several sets of ids, exactly one of them (decisions/0045): GENERATE_POINT_CLOUD
 * from a 3D model version's recording (`threeDModelVersionId`) or from a GPR scan or area scan (`gprScanNodeId`).
 */
export const ANALYSIS_INPUT_ALTERNATIVES: Partial<
  Record<AnalysisType, readonly (readonly AnalysisInputField[])[]>
> = {
  GENERATE_POINT_CLOUD: [['threeDModelVersionId'], ['gprScanNodeId']],
};

/**
 * The id fields an input of this type uses: the type's fields, or for a type with alternatives the one set the
 * input names. Null when it names none of them, or several.
 *
 * @example inputFieldsOf('GENERATE_POINT_CLOUD', { gprScanNodeId: 'a…' }) // ['gprScanNodeId']
 */
export function inputFieldsOf(
  analysisType: AnalysisType,
  input: Record<string, unknown>,
): readonly string[] | null {
  const alternatives = ANALYSIS_INPUT_ALTERNATIVES[analysisType];
  if (!alternatives) return ANALYSIS_INPUT_FIELDS[analysisType];
  const named = alternatives.filter((fields) =>
    fields.some((f) => input[f] !== undefined && input[f] !== null),
  );
  return named.length === 1 ? named[0]! : null;
}

/** Hyperbola label (spec §3). */
export const HyperbolaLabelSchema = z
  .object({
    id: IdSchema,
    xIdx: z.number().int().min(0),
    tIdx: z.number().int().min(0),
    tIdxFrac: z
      .number()
      .min(0)
      .optional()
      .meta({
        description:
          "The apex's sample below a sample on the same axis as tIdx (tIdx is its rounding): the engine's apex time, " +
          'so the depth axis reads the reported cover at the apex. Absent on labels a user placed or moved.',
      }),
    R: z.number().min(0).optional(),
    classification: z.literal('rebar'),
    confidence: z.number().min(0),
  })
  .meta({ id: 'HyperbolaLabel' });
export type HyperbolaLabelDto = z.infer<typeof HyperbolaLabelSchema>;

/**
 * What to analyse. Which id fields are required depends on the type (see ANALYSIS_INPUT_FIELDS);
 * the other fields are options of the run: user hyperbola labels per scan node (the rebar analysis
 * then fits those instead of detecting), a known permittivity, or a bar of known cover.
 */
export const AnalysisInputSchema = z
  .object({
    gprScanNodeId: IdSchema.optional(),
    areaScanNodeId: IdSchema.optional(),
    parallelGprScanNodeId: IdSchema.optional(),
    perpendicularGprScanNodeId: IdSchema.optional(),
    parallelAreaScanNodeId: IdSchema.optional(),
    perpendicularAreaScanNodeId: IdSchema.optional(),
    threeDModelVersionId: IdSchema.optional(),
    hyperbolaLabels: z.record(IdSchema, z.array(HyperbolaLabelSchema).max(2000)).optional().meta({
      description:
        'User hyperbola labels keyed by GPR scan node id; the rebar analysis fits these instead of detecting.',
    }),
    permittivity: z
      .number()
      .min(1)
      .max(81)
      .optional()
      .meta({ description: "The concrete's relative permittivity, when known." }),
    knownCover: z
      .object({
        xM: z.number().min(0),
        yM: z.number().min(0).optional(),
        scan: z.enum(['parallel', 'perpendicular']).optional(),
        coverM: z.number().min(0).max(2),
      })
      .optional()
      .meta({
        description:
          'A cover measured on site (cover meter, drill hole) that calibrates the permittivity, metres. LINE_SCAN_REBAR_2: xM is the position along the line. AREA_SCAN_REBAR_2 and AREA_SCAN_DUAL_ORIENTATION_REBAR_2: (xM, yM) is the point of the grid where it was measured; the bar detected nearest it (within 50 mm) calibrates the whole area (both areas of a pair). LINE_SCAN_DUAL_ORIENTATION_REBAR_2: scan names the scan of the pair the bar was measured on and xM the position along it; it calibrates both scans. Every cover is recomputed with the calibrated permittivity; a run without knownCover removes the calibration.',
      }),
    barDiameterM: z.number().min(0.004).max(0.06).optional().meta({
      description:
        "The bars' diameter when it is known (drawings, a drill hole), metres, e.g. 0.016. LINE_SCAN_REBAR_2, AREA_SCAN_REBAR_2 and their dual-orientation pairs fit every bar with it (a hyperbola label's own R still wins) instead of averaging over 8–28 mm: a bar's curvature hardly depends on its size, and a thick bar fitted as an average one reads the permittivity low and every cover deep. Results then echo barDiameterM and no bar claims a size of its own; a run without it lets the engine estimate the size again.",
    }),
  })
  .meta({
    description:
      'What to analyse: the node ids the type needs, plus run options. GENERATE_POINT_CLOUD takes exactly one of threeDModelVersionId (a 3D model version with an RTAB-Map database) or gprScanNodeId (a GPR scan or an area scan; then permittivity is a run option).',
  });
export type AnalysisInput = z.infer<typeof AnalysisInputSchema>;

export const CreateAnalysisBodySchema = z.object({
  analysisType: AnalysisTypeSchema,
  analysisInput: AnalysisInputSchema,
  rerunIfExists: z.boolean().optional().meta({
    description:
      'false or absent: reuse the existing analysis of this input and its latest run (a new run starts only when none exists, the latest failed, or the run options changed). true: always start a new run.',
  }),
});
export type CreateAnalysisBody = z.infer<typeof CreateAnalysisBodySchema>;

export const AnalysisByInputBodySchema = z.object({
  analysisType: AnalysisTypeSchema,
  analysisInput: AnalysisInputSchema,
});
export type AnalysisByInputBody = z.infer<typeof AnalysisByInputBodySchema>;

export const AnalysisRunSchema = z
  .object({
    id: IdSchema,
    analysisNodeId: IdSchema,
    analysisType: AnalysisTypeSchema,
    status: AnalysisStatusSchema,
    /** 0–100 while ANALYSING, when known. */
    progress: z.number().int().min(0).max(100).nullable(),
    message: TextSchema.nullable(),
    analysisRunResult: z.object({
      status: AnalysisStatusSchema,
      progress: z.number().int().nullable(),
      message: TextSchema.nullable(),
    }),
    analysisEngineVersion: TextSchema,
    createdAt: TimestampSchema,
    startedAt: TimestampSchema.nullable(),
    finishedAt: TimestampSchema.nullable(),
  })
  .meta({ id: 'AnalysisRun' });
export type AnalysisRun = z.infer<typeof AnalysisRunSchema>;

export const AnalysisSchema = z
  .object({
    nodeId: IdSchema,
    name: TextSchema,
    analysisType: AnalysisTypeSchema,
    analysisTypeLabel: TextSchema,
    analysisInput: AnalysisInputSchema,
    /** The node the analysis hangs under in the tree (its main input). */
    parentId: IdSchema.nullable(),
    /** The area-scan analysis this per-line analysis belongs to. */
    parentAnalysisNodeId: IdSchema.nullable(),
    /** Status of the latest run; null when none exists ('Not started'). */
    status: AnalysisStatusSchema.nullable(),
    progress: z.number().int().nullable(),
    latestRunId: IdSchema.nullable(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Analysis' });
export type Analysis = z.infer<typeof AnalysisSchema>;

export const CreateAnalysisResponseSchema = z.object({
  analysis: AnalysisSchema,
  analysisRun: AnalysisRunSchema,
  /** True when this call started a new run. */
  started: z.boolean(),
});
export type CreateAnalysisResponse = z.infer<typeof CreateAnalysisResponseSchema>;

/**
 * Results of a run, by type: rebar types `{ rebars, hyperbolas, materialProperties, permittivity, lines? }`,
 * HYPERBOLA_DETECTION `{ hyperbolas }`, GPR_SCAN_PREVIEW `{ previewImageUrl, width, height }`. While an area
 * scan runs, `lines` holds each analysed line as soon as it is done (partial results).
 */
export const AnalysisResultsSchema = z.record(TextSchema, z.unknown()).meta({ id: 'AnalysisResults' });
export type AnalysisResults = Record<string, unknown>;

export const AnalysisByInputResponseSchema = z.object({
  analysis: AnalysisSchema.nullable(),
  analysisRun: AnalysisRunSchema.nullable(),
  results: AnalysisResultsSchema.nullable(),
  /** The latest run is FINISHED or FAILED. */
  isDone: z.boolean(),
  /** `results` are partial: the run is still going. */
  isPartial: z.boolean(),
});
export type AnalysisByInputResponse = z.infer<typeof AnalysisByInputResponseSchema>;

export const AnalysisJobEventSchema = z.object({
  event: TextSchema,
  message: TextSchema.nullable(),
  createdAt: TimestampSchema,
});
export type AnalysisJobEvent = z.infer<typeof AnalysisJobEventSchema>;

export const AnalysisJobSchema = z
  .object({
    id: IdSchema,
    analysisRunId: IdSchema,
    analysisNodeId: IdSchema,
    analysisType: AnalysisTypeSchema,
    status: AnalysisStatusSchema,
    progress: z.number().int().nullable(),
    statusEvent: AnalysisJobEventSchema.nullable(),
    isFinished: z.boolean(),
    analysisEngineVersion: TextSchema,
    /** How many times a worker took the job (more than 1 after a worker died). */
    attempts: z.number().int(),
    history: z.array(AnalysisJobEventSchema),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'AnalysisJob' });
export type AnalysisJob = z.infer<typeof AnalysisJobSchema>;

export const AnalysisJobListSchema = z.object({ analysisJobs: z.array(AnalysisJobSchema) });
export const AnalysisJobPayloadSchema = z.object({ payload: z.record(TextSchema, z.unknown()) });
export const AnalysisJobPayloadQuerySchema = z.object({ analysisType: AnalysisTypeSchema.optional() });

export const ANALYSIS_SORT_FIELDS = ['createdAt', 'analysisType'] as const;
export const AnalysisFilterSchema = z.object({
  /** The analysis node itself, or a node it analyses. */
  nodeId: IdSchema.optional(),
  nodeIdIn: z.array(IdSchema).max(1000).optional(),
  /** Case-insensitive substring of the analysis name; null matches every name. */
  name: TextSchema.max(255).nullable().optional(),
  analysisType: AnalysisTypeSchema.optional(),
  analysisTypeIn: z.array(AnalysisTypeSchema).max(ANALYSIS_TYPES.length).optional(),
  /** Runs and jobs only: those of this run's analysis / this run. */
  analysisRunId: IdSchema.optional(),
  /**
   * The area-scan analysis whose per-line analyses to list; null lists only top-level analyses (hides the
   * per-line sub-analyses, as the /analyses screen does). Absent: both.
   */
  parentAnalysisNodeId: IdSchema.nullable().optional(),
});
export const AnalysisQuerySchema = createListQuerySchema(AnalysisFilterSchema, ANALYSIS_SORT_FIELDS);
export type AnalysisQuery = z.infer<typeof AnalysisQuerySchema>;
export const AnalysisListSchema = z.object({ analyses: z.array(AnalysisSchema), total: z.number().int() });
export const AnalysisRunListSchema = z.object({
  analysisRuns: z.array(AnalysisRunSchema),
  total: z.number().int(),
});
export const AnalysisJobPageSchema = z.object({
  analysisJobs: z.array(AnalysisJobSchema),
  total: z.number().int(),
});
export const SubAnalysesSchema = z.object({ analyses: z.array(AnalysisSchema) });

/** Rebar (v2) as corrected by a user (spec §3); the engine's extras are optional here. */
export const RebarSchema = z
  .object({
    id: IdSchema,
    depthCoords: z
      .array(z.tuple([z.number(), z.number(), z.number()]))
      .min(1)
      .max(10_000),
    R: z.number().min(0),
    orientation: z.union([z.literal(0), z.literal(1)]),
    usesDefaultRadius: z.boolean(),
  })
  .loose()
  .meta({ id: 'Rebar' });

export const CorrectedResultsSchema = z.object({
  rebars: z.array(RebarSchema).max(10_000).optional(),
  hyperbolas: z.array(HyperbolaLabelSchema).max(10_000).optional(),
});

export const AnalysisCorrectionSchema = z
  .object({
    id: IdSchema,
    analysisNodeId: IdSchema,
    analysisType: AnalysisTypeSchema,
    basedOnAnalysisRunId: IdSchema,
    correctedAnalysisResults: CorrectedResultsSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'AnalysisCorrection' });
export type AnalysisCorrection = z.infer<typeof AnalysisCorrectionSchema>;

export const SaveCorrectionBodySchema = z.object({
  analysisType: AnalysisTypeSchema,
  analysisNodeId: IdSchema,
  basedOnAnalysisRunId: IdSchema,
  correctedAnalysisResults: CorrectedResultsSchema,
});
export type SaveCorrectionBody = z.infer<typeof SaveCorrectionBodySchema>;
export const CorrectionByInputResponseSchema = z.object({
  analysisCorrection: AnalysisCorrectionSchema.nullable(),
});
