/**
 * Import from the scanner vendor's share link: the link is checked with the shared validator, the zip behind
 * its `d` parameter is downloaded under the rules of `vendor-link-fetch.ts` and read in an import thread (download
 * included), then imported exactly as an uploaded zip (`gpr-scan-import.service.ts`). See docs/decisions/0007-vendor-link-import.md.
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
import { checkImportParent, importPlannedZip } from './gpr-scan-import.service.js';
import { readVendorLinkInThread } from './import-reading.js';
import type { VendorFetchOptions } from './vendor-link-fetch.js';

interface Caller {
  organizationId: string;
  userId: string | null;
}

const caCache = new Map<string, Promise<string>>();

/** `GET /api/gpr-scans/vendor-link-settings`. */
export function getVendorLinkSettings(ctx: AppContext): VendorLinkSettings {
  return { vendorHost: ctx.config.vendorLink.host };
}

/** Check the link: the address of the zip its `d` parameter names, and how it may be downloaded. */
async function checkLink(ctx: AppContext, link: string): Promise<{ address: string; options: VendorFetchOptions }> {
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
  return {
    address,
    options: { host, timeoutMs, maxBytes: ctx.config.gprImport.maxBytes, ...(extraCaPem ? { extraCaPem } : {}) },
  };
}

/** `POST /api/gpr-scans/proceq-url-files`: what the linked zip holds, storing nothing. */
export async function readVendorUrl(ctx: AppContext, body: ReadVendorUrlBody): Promise<ZipFileMapResponse> {
  const { address, options } = await checkLink(ctx, body.url);
  // Downloaded and read in an import thread (import-reading.ts): the event loop stays free throughout.
  const { review } = await readVendorLinkInThread(address, options, {
    limits: ctx.config.gprImport,
    pathsToSkip: body.pathsToSkip ?? [],
    parentId: null,
    isPlanned: false,
  });
  return review;
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
  const { address, options } = await checkLink(ctx, body.url);
  const { review, plan } = await readVendorLinkInThread(address, options, {
    limits: ctx.config.gprImport,
    pathsToSkip: body.pathsToSkip ?? [],
    parentId,
    isPlanned: true,
  });
  const created = await importPlannedZip(ctx, caller, parentId, plan!);
  return { ...created, fileMap: review.fileMap };
}
