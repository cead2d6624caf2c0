import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { claimFileUpload, findFileByIdUnscoped, releaseFileUpload } from '@gprhub/db';
import { ErrorCode } from '@gprhub/contract';
import type { AppContext } from '../../app-context.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { LocalStorage, UploadAddressUsedError, UploadTooLargeError } from '../../storage/index.js';
import { verifyGrant } from '../../storage/signed-token.js';
import { parseByteRange, rangeNotSatisfiable } from '../../lib/byte-range.js';

const forbiddenAddress = () => new HttpError(403, ErrorCode.Forbidden, 'This address is invalid or has expired');
const addressUsed = () => new HttpError(409, ErrorCode.UploadAddressUsed, new UploadAddressUsedError().message);

/**
 * The signed upload and download addresses of the local storage driver. The signature is the
 * authorisation: it names the object, the operation, the size limit and the expiry.
 */
export async function registerLocalStorageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) return;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Stream the body to disk instead of buffering it; the size limit is enforced while writing.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put<{ Params: { token: string } }>('/api/storage/upload/:token', { schema: { hide: true } }, async (request, reply) => {
      const grant = verifyGrant(request.params.token, ctx.config.authSecret);
      if (!grant || grant.op !== 'put' || !grant.fileId) throw forbiddenAddress();
      const fileId = grant.fileId;
      const file = await findFileByIdUnscoped(ctx.db, fileId);
      if (!file) throw notFound('The file of this upload address no longer exists');
      // Single use: once the file is confirmed its object is immutable (decision 0012).
      if (file.confirmedUploadedAt) throw addressUsed();
      const maxBytes = grant.maxBytes ?? 0;
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        throw new HttpError(413, ErrorCode.PayloadTooLarge, `The file is larger than the ${maxBytes} bytes this address accepts`);
      }
      if (!(request.body instanceof Readable) || declared === 0) {
        throw badRequest("Send the file's bytes as the request body (Content-Type: application/octet-stream)");
      }
      try {
        await storage.writeStream(grant.key, request.body, maxBytes, {
          claim: (size) => claimFileUpload(ctx.db, fileId, size),
          release: () => releaseFileUpload(ctx.db, fileId),
        });
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new HttpError(413, ErrorCode.PayloadTooLarge, error.message);
        if (error instanceof UploadAddressUsedError) throw addressUsed();
        throw error;
      }
      return reply.status(204).send();
    });
  });

  app.get<{ Params: { token: string } }>('/api/storage/download/:token', { schema: { hide: true } }, async (request, reply) => {
    const grant = verifyGrant(request.params.token, ctx.config.authSecret);
    if (!grant || grant.op !== 'get') throw forbiddenAddress();
    const stat = await storage.stat(grant.key);
    if (!stat) throw notFound();
    const name = grant.fileName ?? 'download';
    reply
      .type(grant.contentType ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', `${grant.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`);
    // One byte range (as S3 answers its own addresses): the viewer reads spread blocks of a large cloud.
    const range = parseByteRange(request.headers.range, stat.size);
    if (range === 'unsatisfiable') throw rangeNotSatisfiable(reply, stat.size);
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', range.end - range.start + 1);
      return reply.send(await storage.readRange(grant.key, range.start, range.end));
    }
    reply.header('content-length', stat.size);
    return reply.send(await storage.read(grant.key));
  });
}

