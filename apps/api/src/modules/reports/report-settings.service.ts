import { DEFAULT_REPORT_SETTINGS, type ReportSettings, ReportSettingsSchema } from '@gprhub/contract';
import { findFilesByIds, findReportSettings, upsertReportSettings } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../lib/errors.js';

/**
 * The organization's report settings: what it saved, else the defaults (every section, mm, the default cover
 * classes). A stored value that no longer parses (a contract change) falls back to the defaults field by field.
 */
export async function getReportSettings(ctx: AppContext, organizationId: string): Promise<ReportSettings> {
  const row = await findReportSettings(ctx.db, organizationId);
  if (!row) return DEFAULT_REPORT_SETTINGS;
  const stored = ReportSettingsSchema.partial().safeParse(row.settings);
  const values = stored.success ? stored.data : {};
  return { ...DEFAULT_REPORT_SETTINGS, ...values, logoFileId: row.logoFileId };
}

const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/** `PUT /api/report-settings`: save them; the logo must be a confirmed PNG or JPEG file of the organization. */
export async function saveReportSettings(ctx: AppContext, organizationId: string, settings: ReportSettings): Promise<ReportSettings> {
  if (settings.logoFileId) {
    const [file] = await findFilesByIds(ctx.db, organizationId, [settings.logoFileId]);
    if (!file || !file.confirmedUploadedAt || !LOGO_TYPES.has(file.contentType))
      throw badRequest('The logo must be an uploaded PNG or JPEG file', [
        { path: 'logoFileId', message: 'The logo must be an uploaded PNG or JPEG file' },
      ]);
  }
  const { logoFileId, ...rest } = settings;
  await upsertReportSettings(ctx.db, organizationId, rest, logoFileId);
  return getReportSettings(ctx, organizationId);
}
