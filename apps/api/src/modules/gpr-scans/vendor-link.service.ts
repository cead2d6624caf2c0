/**
 * Import from the scanner vendor's share link: the link is checked with the shared validator, the zip behind
 * its `d` parameter is downloaded under the rules of `vendor-link-fetch.ts`, then read or imported exactly as
 * an uploaded zip (`gpr-scan-import.service.ts`). See docs/decisions/0007-vendor-link-import.md.
 */
import { readFile } from 'node:fs/promises';
import type {
  CreateGprScansFromUrlBody,
  CreateGprScansFromUrlResponse,
  ReadVendorUrlBody,
  VendorLinkSettings,
  ZipFileMapResponse,
} from '@gprhub/contract';
import { validateVendorUrl } from '@gprhub/contract';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../lib/errors.js';
import { checkImportParent, importZip, reviewZip } from './gpr-scan-import.service.js';
import type { UploadedFile } from './read-uploads.js';
import { fetchVendorZip } from './vendor-link-fetch.js';

interface Caller {
  organizationId: string;
  userId: string | null;
}

const caCache = new Map<string, Promise<string>>();

/** `GET /api/gpr-scans/vendor-link-settings`. */
export function getVendorLinkSettings(ctx: AppContext): VendorLinkSettings {
  return { vendorHost: ctx.config.vendorLink.host };
}

/** Check the link and download the zip its `d` parameter names. */
async function downloadLinkedZip(ctx: AppContext, link: string): Promise<UploadedFile> {
  const { host, caFile, timeoutMs } = ctx.config.vendorLink;
  if (!host) {
    throw badRequest('Import from a vendor link is not configured on this server (set GPR_VENDOR_HOST)');
  }
  const problem = validateVendorUrl(link, host);
  if (problem) throw badRequest(problem, [{ path: 'url', message: problem }]);
  const address = new URL(link.trim()).searchParams.get('d')!;
  let extraCaPem: string | undefined;
  if (caFile) {
    if (!caCache.has(caFile)) caCache.set(caFile, readFile(caFile, 'utf8'));
    extraCaPem = await caCache.get(caFile)!;
  }
  return fetchVendorZip(address, {
    host,
    timeoutMs,
    maxBytes: ctx.config.gprImport.maxBytes,
    ...(extraCaPem ? { extraCaPem } : {}),
  });
}

/** `POST /api/gpr-scans/proceq-url-files`: what the linked zip holds, storing nothing. */
export async function readVendorUrl(ctx: AppContext, body: ReadVendorUrlBody): Promise<ZipFileMapResponse> {
  const zip = await downloadLinkedZip(ctx, body.url);
  return reviewZip(ctx, zip, body.pathsToSkip ?? []);
}

/** `POST /api/gpr-scans/create-from-url`: import the linked zip into a folder, all or nothing. */
export async function importVendorUrl(
  ctx: AppContext,
  caller: Caller,
  body: CreateGprScansFromUrlBody,
): Promise<CreateGprScansFromUrlResponse> {
  const parentId = body.parentId ?? null;
  // The folder first: nothing is downloaded for a request that cannot land anywhere.
  await checkImportParent(ctx, caller.organizationId, parentId);
  const zip = await downloadLinkedZip(ctx, body.url);
  const pathsToSkip = body.pathsToSkip ?? [];
  const { fileMap } = await reviewZip(ctx, zip, pathsToSkip);
  const created = await importZip(ctx, caller, parentId, zip, pathsToSkip);
  return { ...created, fileMap };
}
