import { z } from 'zod';
import { IdSchema, TextSchema } from './common.js';

/** `format` of `GET /api/gpr-scans/{id}/export`. */
export const GprScanExportQuerySchema = z.object({ format: z.enum(['csv']) });
/** `format` of `GET /api/area-scans/{id}/export`: the bars as CSV, or the rebar plan as DXF. */
export const AreaScanExportQuerySchema = z.object({ format: z.enum(['csv', 'dxf']) });

/**
 * A cover class of the plan and the DXF layers: covers below `upToMm` (the last class has `upToMm` null: every
 * deeper cover), drawn in `color` (#rrggbb).
 */
export const CoverClassSchema = z.object({
  upToMm: z.number().positive().max(10_000).nullable(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb'),
});
export type CoverClass = z.infer<typeof CoverClassSchema>;

/** Classes a cover check reads at a glance: shallow warm, deep cool. */
export const DEFAULT_COVER_CLASSES: CoverClass[] = [
  { upToMm: 20, color: '#d73027' },
  { upToMm: 30, color: '#fc8d59' },
  { upToMm: 40, color: '#fee08b' },
  { upToMm: 50, color: '#91bfdb' },
  { upToMm: null, color: '#4575b4' },
];

/** The cover classes' label, e.g. '20–30 mm', '< 20 mm', '≥ 50 mm'. */
export function coverClassLabel(classes: readonly CoverClass[], index: number, unit: 'mm' | 'in' = 'mm'): string {
  const fmt = (mm: number) => (unit === 'mm' ? `${mm}` : `${Math.round((mm / 25.4) * 100) / 100}`);
  const upper = classes[index]?.upToMm ?? null;
  const lower = index > 0 ? (classes[index - 1]?.upToMm ?? null) : null;
  if (lower === null && upper === null) return 'all covers';
  if (lower === null) return `< ${fmt(upper!)} ${unit}`;
  if (upper === null) return `≥ ${fmt(lower)} ${unit}`;
  return `${fmt(lower)}–${fmt(upper)} ${unit}`;
}

/** The index of the class a cover falls in. */
export function coverClassIndex(classes: readonly CoverClass[], coverMm: number): number {
  const i = classes.findIndex((c) => c.upToMm === null || coverMm < c.upToMm);
  return i === -1 ? classes.length - 1 : i;
}

export const REPORT_SECTIONS = [
  'radargram',
  'rebarTable',
  'statistics',
  'materialProperties',
  'planView',
  'floorPlans',
  'comments',
] as const;
export const ReportSectionSchema = z.enum(REPORT_SECTIONS);
export type ReportSection = z.infer<typeof ReportSectionSchema>;

/** An organization's report settings (issue #21 item 3). */
export const ReportSettingsSchema = z.object({
  /** The name on the cover page; empty: the organization's name. */
  organizationName: TextSchema.max(200),
  /** File id of the logo (a PNG or JPEG uploaded on the settings page), or null. */
  logoFileId: IdSchema.nullable(),
  units: z.enum(['mm', 'in']),
  coverClasses: z
    .array(CoverClassSchema)
    .min(1)
    .max(10)
    .refine(
      (classes) =>
        classes.every((c, i) => (i === classes.length - 1 ? c.upToMm === null : c.upToMm !== null)) &&
        classes.every((c, i) => i === 0 || c.upToMm === null || c.upToMm > classes[i - 1]!.upToMm!),
      'Cover classes rise, and only the last one is open-ended',
    ),
  sections: z.array(ReportSectionSchema).max(REPORT_SECTIONS.length),
});
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;
export const ReportSettingsResponseSchema = z.object({
  reportSettings: ReportSettingsSchema,
  /** A short-lived address of the logo's image (null without a logo). */
  logoUrl: TextSchema.nullable(),
});

/** The report logo: a PNG or JPEG of at most 5 MB, checked by its bytes when the settings are saved. */
export const REPORT_LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const REPORT_LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const ReportLogoMessages = {
  notAnImage: 'The logo must be a PNG or JPEG image',
  tooLarge: 'The logo must be at most 5 MB',
  notUploaded: 'The logo has not been uploaded',
};
/** `POST /api/report-settings/logo`: register a logo file of the organization and get its upload address. */
export const CreateReportLogoBodySchema = z.object({
  name: TextSchema.min(1).max(255),
  extension: TextSchema.min(1).max(16),
});
export type CreateReportLogoBody = z.infer<typeof CreateReportLogoBodySchema>;

export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  organizationName: '',
  logoFileId: null,
  units: 'mm',
  coverClasses: DEFAULT_COVER_CLASSES,
  sections: [...REPORT_SECTIONS],
};

export const CreateReportBodySchema = z.object({ subjectNodeId: IdSchema });
export type CreateReportBody = z.infer<typeof CreateReportBodySchema>;
export const CreateReportResponseSchema = z.object({ reportId: IdSchema });

export const ReportStatusSchema = z.enum(['PENDING', 'RUNNING', 'FINISHED', 'FAILED']);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** `GET /api/reports/{reportId}`: `url` (a short-lived download address) is set when the report is done. */
export const ReportResponseSchema = z.object({
  reportId: IdSchema,
  subjectNodeId: IdSchema,
  status: ReportStatusSchema,
  /** 0–1. */
  progress: z.number(),
  message: TextSchema.nullable(),
  /** The report's FILE node (beside its subject) once done. */
  fileNodeId: IdSchema.nullable(),
  fileId: IdSchema.nullable(),
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const ReportMessages = {
  notReportable: 'A report covers a GPR scan, an area scan, a dual-orientation pair, a folder or a building',
  noBars: 'No rebar results yet: the analysis of this scan has not finished',
} as const;
