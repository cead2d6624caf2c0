/**
 * Reading an import's files (inflating zips, parsing every scan) and planning it is CPU-heavy: a large zip
 * takes seconds; a vendor link's download (TLS, up to GPR_IMPORT_MAX_BYTES gathered into one buffer) too. It runs in worker threads (PARSE_THREADS at a time, the rest wait) so the server keeps
 * answering other requests, the health check included, meanwhile. See import-thread.ts.
 */
import type { ZipFileMapResponse } from '@gprhub/contract';
import { ErrorCode } from '@gprhub/contract';
import type { GprImportLimits } from '../../config.js';
import { ThreadRunner } from '../../jobs/thread-runner.js';
import { HttpError } from '../../lib/errors.js';
import type { ImportPlan } from './import-plan.js';
import type { UploadedFile } from './read-uploads.js';
import type { VendorFetchOptions } from './vendor-link-fetch.js';

export type ImportReadRequest =
  | { task: 'review'; zip: UploadedFile; limits: GprImportLimits; pathsToSkip: string[] }
  | {
      /** Download the zip behind a vendor link (vendor-link-fetch.ts), review it and, with `isPlanned`, plan its import. */
      task: 'link';
      address: string;
      fetch: VendorFetchOptions;
      limits: GprImportLimits;
      pathsToSkip: string[];
      parentId: string | null;
      isPlanned: boolean;
    }
  | {
      task: 'plan';
      files: UploadedFile[];
      isZipForm: boolean;
      limits: GprImportLimits;
      pathsToSkip: string[];
      parentId: string | null;
    };

/** What a thread answers: the result, or the error it threw as the app's error (status, code, message). */
export type ImportReadOutput =
  | { ok: true; review?: ZipFileMapResponse; plan?: ImportPlan }
  | {
      ok: false;
      error: { statusCode: number; code: ErrorCode; message: string; validationErrors?: HttpError['validationErrors'] };
    };

/** The longest one import may read for, seconds (far above any real import). */
const READ_TIMEOUT_S = 600;

const runners = new Map<number, ThreadRunner<ImportReadRequest, ImportReadOutput>>();

/** The process' import-reading threads (idle threads do not keep the process alive). */
export function importReaders(threads: number): ThreadRunner<ImportReadRequest, ImportReadOutput> {
  let runner = runners.get(threads);
  if (!runner) {
    runner = new ThreadRunner(threads, {
      bundled: 'import-thread.js',
      source: new URL('./import-thread.ts', import.meta.url),
    });
    runners.set(threads, runner);
  }
  return runner;
}

async function read(limits: GprImportLimits, request: ImportReadRequest) {
  const output = await importReaders(limits.parseThreads).run(request, READ_TIMEOUT_S);
  if (!output.ok) {
    const { statusCode, code, message, validationErrors } = output.error;
    throw new HttpError(statusCode, code ?? ErrorCode.InvalidGprFile, message, validationErrors);
  }
  return output;
}

/** The review of a zip (its file map), read in a thread. */
export async function reviewZipInThread(
  zip: UploadedFile,
  limits: GprImportLimits,
  pathsToSkip: string[],
): Promise<ZipFileMapResponse> {
  return (await read(limits, { task: 'review', zip, limits, pathsToSkip })).review!;
}

/** The plan of an import (a zip sent as form data, or staged uploads), read in a thread. */
export async function planImportInThread(
  files: UploadedFile[],
  options: { isZipForm: boolean; limits: GprImportLimits; pathsToSkip: string[]; parentId: string | null },
): Promise<ImportPlan> {
  return (await read(options.limits, { task: 'plan', files, ...options })).plan!;
}

/**
 * A vendor link's zip, downloaded, reviewed and (with `isPlanned`) planned in a thread: the download's TLS and
 * buffering and the zip's inflating all stay off the event loop.
 */
export async function readVendorLinkInThread(
  address: string,
  fetchOptions: VendorFetchOptions,
  options: { limits: GprImportLimits; pathsToSkip: string[]; parentId: string | null; isPlanned: boolean },
): Promise<{ review: ZipFileMapResponse; plan?: ImportPlan }> {
  const output = await read(options.limits, { task: 'link', address, fetch: fetchOptions, ...options });
  return { review: output.review!, ...(output.plan ? { plan: output.plan } : {}) };
}
