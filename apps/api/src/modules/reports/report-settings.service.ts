import {
  type CreateReportLogoBody,
  DEFAULT_REPORT_SETTINGS,
  REPORT_LOGO_EXTENSIONS,
  REPORT_LOGO_MAX_BYTES,
  ReportLogoMessages,
  type ReportSettings,
  ReportSettingsSchema,
  type UploadTarget,
} from '@gprhub/contract';
import { findFilesByIds, findReportSettings, insertFiles, upsertReportSettings } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { contentTypeOf } from '../../lib/content-types.js';
import { badRequest } from '../../lib/errors.js';
import { readStoredBytes } from '../../scan-data/stored-bytes.js';
import { DOWNLOAD_URL_TTL_S, UPLOAD_URL_TTL_S } from '../../storage/index.js';
import { toFileRecord } from '../files/files.service.js';

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

/** The settings with a short-lived address of the logo's image, as `GET/PUT /api/report-settings` answer them. */
export async function getReportSettingsResponse(ctx: AppContext, organizationId: string) {
  const reportSettings = await getReportSettings(ctx, organizationId);
  let logoUrl: string | null = null;
  if (reportSettings.logoFileId) {
    const [file] = await findFilesByIds(ctx.db, organizationId, [reportSettings.logoFileId]);
    if (file?.confirmedUploadedAt)
      logoUrl = await ctx.storage.createDownloadUrl(file.storageKey, {
        fileName: `${file.name}.${file.extension}`,
        contentType: file.contentType,
        expiresInS: DOWNLOAD_URL_TTL_S,
        inline: true,
      });
  }
  return { reportSettings, logoUrl };
}

const logoError = (message: string) => badRequest(message, [{ path: 'logoFileId', message }]);

/** The image type the bytes are, by their signature (the declared type and extension are not trusted). */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * `POST /api/report-settings/logo`: register a logo file of the organization (a file of no node, under
 * `report-logos/`) and hand out its upload address, limited to `REPORT_LOGO_MAX_BYTES`. The bytes are checked
 * when the settings are saved with it.
 */
export async function createReportLogoUpload(
  ctx: AppContext,
  organizationId: string,
  createdById: string | null,
  body: CreateReportLogoBody,
): Promise<UploadTarget[]> {
  const ext = body.extension.replace(/^\./, '').toLowerCase();
  if (!(REPORT_LOGO_EXTENSIONS as readonly string[]).includes(ext))
    throw badRequest(ReportLogoMessages.notAnImage, [{ path: 'extension', message: ReportLogoMessages.notAnImage }]);
  const id = crypto.randomUUID();
  const [row] = await insertFiles(ctx.db, [
    {
      id,
      organizationId,
      nodeId: null,
      name: body.name,
      extension: ext,
      contentType: contentTypeOf(ext),
      storageKey: `${organizationId}/report-logos/${id}.${ext}`,
      createdById,
    },
  ]);
  return [
    {
      uploadUrl: await ctx.storage.createUploadUrl(row!.storageKey, {
        fileId: row!.id,
        maxBytes: REPORT_LOGO_MAX_BYTES,
        expiresInS: UPLOAD_URL_TTL_S,
        contentType: row!.contentType,
      }),
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_S * 1000).toISOString(),
      maxBytes: REPORT_LOGO_MAX_BYTES,
      file: toFileRecord(row!),
    },
  ];
}

/**
 * `PUT /api/report-settings`: save them. The logo must be an uploaded file of the organization (another
 * organization's id is refused like an unknown one) of at most 5 MB whose bytes are a PNG or JPEG. A logo
 * the settings no longer use (replaced or removed) is deleted, row and object.
 */
export async function saveReportSettings(ctx: AppContext, organizationId: string, settings: ReportSettings): Promise<ReportSettings> {
  if (settings.logoFileId) {
    const [file] = await findFilesByIds(ctx.db, organizationId, [settings.logoFileId]);
    if (!file || !file.confirmedUploadedAt) throw logoError(ReportLogoMessages.notUploaded);
    if ((file.size ?? 0) > REPORT_LOGO_MAX_BYTES) throw logoError(ReportLogoMessages.tooLarge);
    const type = imageTypeOf(await readStoredBytes(ctx.storage, file.storageKey));
    if (!type || type !== file.contentType) throw logoError(ReportLogoMessages.notAnImage);
  }
  const { logoFileId, ...rest } = settings;
  const { replacedLogoKey } = await upsertReportSettings(ctx.db, organizationId, rest, logoFileId);
  // The replaced logo's row went with the save; its object goes now (or, after a crash here, with the sweep).
  if (replacedLogoKey) await ctx.storage.delete(replacedLogoKey);
  return getReportSettings(ctx, organizationId);
}
