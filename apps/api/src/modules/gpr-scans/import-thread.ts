import { parentPort } from 'node:worker_threads';
import { HttpError } from '../../lib/errors.js';
import { planImport } from './import-plan.js';
import type { ImportReadOutput, ImportReadRequest } from './import-reading.js';
import { describeZipReview, readUploads, readZipUpload } from './read-uploads.js';
import { fetchVendorZip } from './vendor-link-fetch.js';

/**
 * Worker-thread entry for import reading (see import-reading.ts): reads the files of one request, plans the
 * import or describes the zip, and posts `{ id, kind: 'done', output }`. Errors the app would answer
 * (HttpError: 400, 413) travel as data; anything else as `kind: 'error'`.
 */
async function handle(request: ImportReadRequest): Promise<ImportReadOutput> {
  try {
    if (request.task === 'link') {
      const zip = await fetchVendorZip(request.address, request.fetch);
      const read = await readZipUpload(zip, request.limits, request.pathsToSkip, { isStrict: false });
      const review = describeZipReview(zip, read.read);
      if (!request.isPlanned) return { ok: true, review };
      const source = await readZipUpload(zip, request.limits, request.pathsToSkip, { isStrict: true });
      return { ok: true, review, plan: planImport(request.parentId, [source], request.limits.maxZipUncompressedBytes) };
    }
    if (request.task === 'review') {
      const source = await readZipUpload(request.zip, request.limits, request.pathsToSkip, { isStrict: false });
      return { ok: true, review: describeZipReview(request.zip, source.read) };
    }
    const sources = request.isZipForm
      ? [await readZipUpload(request.files[0]!, request.limits, request.pathsToSkip, { isStrict: true })]
      : await readUploads(request.files, request.limits, request.pathsToSkip);
    return { ok: true, plan: planImport(request.parentId, sources, request.limits.maxZipUncompressedBytes) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { statusCode, code, message, validationErrors } = error;
    return { ok: false, error: { statusCode, code, message, validationErrors } };
  }
}

const port = parentPort;
port?.on('message', ({ id, request }: { id: number; request: ImportReadRequest }) => {
  handle(request).then(
    (output) => port.postMessage({ id, kind: 'done', output }),
    (error: unknown) =>
      port.postMessage({ id, kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
