import multipart from '@fastify/multipart';
import {
  ApiErrorSchema,
  CreateGprScansFromFilesBodySchema,
  CreateGprScansResponseSchema,
  ErrorCode,
  IdSchema,
  ImportScanGeometryListSchema,
  PathsToSkipSchema,
  toValidationErrors,
  ZipFileMapResponseSchema,
} from '@gprhub/contract';
import type { ImportScanGeometry } from '@gprhub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { importStagedFiles, importZip, reviewZip } from './gpr-scan-import.service.js';
import type { UploadedFile } from './read-uploads.js';
import { startImportAnalyses } from './import-analyses.js';

const tags = ['GPR scan import'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
};
const FORM =
  'multipart/form-data with the field `file` (the zip), optional `parentId` (a folder; absent: the top level) and optional ' +
  '`pathsToSkip` (repeat the field, or one JSON array) naming paths inside the zip to leave out; create-from-zip also takes ' +
  '`scanGeometry`, a JSON array of `{ path, traceSpacingM }` giving the trace spacing (metres) of scan files that store none.';

interface ZipForm {
  zip: UploadedFile;
  parentId: string | null;
  pathsToSkip: string[];
  scanGeometry: ImportScanGeometry[];
}

/** A zod failure of a form field as the app's 400, paths prefixed with the field. */
function fieldError(field: string, issues: Parameters<typeof toValidationErrors>[0]): HttpError {
  const validationErrors = toValidationErrors(issues).map((e) => ({
    ...e,
    path: `${field}${e.path ? `.${e.path}` : ''}`,
  }));
  return badRequest(validationErrors[0]!.message, validationErrors);
}

/** Read the form: one zip plus fields. The zip is buffered up to GPR_IMPORT_MAX_BYTES (413 beyond). */
async function readZipForm(request: FastifyRequest, maxBytes: number): Promise<ZipForm> {
  if (!request.isMultipart()) throw badRequest(`Send the zip as ${FORM}`);
  let zip: UploadedFile | undefined;
  let parentId: string | null = null;
  const skip: string[] = [];
  let geometry: unknown = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (zip) throw badRequest('Send one zip file per request');
        const bytes = await part.toBuffer();
        zip = {
          name: part.filename || 'upload.zip',
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        };
      } else if (part.fieldname === 'parentId') {
        parentId = String(part.value).trim() || null;
      } else if (part.fieldname === 'pathsToSkip' || part.fieldname === 'pathsToSkip[]') {
        const value = String(part.value).trim();
        if (value.startsWith('[')) {
          try {
            skip.push(...(JSON.parse(value) as string[]));
          } catch {
            throw badRequest('pathsToSkip is not a valid JSON array', [
              { path: 'pathsToSkip', message: 'Please provide a valid array for property pathsToSkip' },
            ]);
          }
        } else if (value) skip.push(value);
      } else if (part.fieldname === 'scanGeometry') {
        try {
          geometry = JSON.parse(String(part.value));
        } catch {
          throw badRequest('scanGeometry is not a valid JSON array', [
            { path: 'scanGeometry', message: 'Please provide a valid array for property scanGeometry' },
          ]);
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        ErrorCode.PayloadTooLarge,
        `The zip is larger than the import limit of ${maxBytes} bytes (GPR_IMPORT_MAX_BYTES)`,
      );
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest(`Too many form fields: ${FORM}`);
    throw error;
  }
  if (!zip)
    throw badRequest(`No zip file in the form: ${FORM}`, [
      { path: 'file', message: 'Please provide a valid file for property file' },
    ]);
  if (parentId !== null && !IdSchema.safeParse(parentId).success) {
    throw badRequest('One or more of the provided parameters failed validation', [
      { path: 'parentId', message: 'Please provide a valid uuid for property parentId' },
    ]);
  }
  const paths = PathsToSkipSchema.safeParse(skip);
  if (!paths.success) throw fieldError('pathsToSkip', paths.error.issues);
  const scanGeometry = ImportScanGeometryListSchema.safeParse(geometry);
  if (!scanGeometry.success) throw fieldError('scanGeometry', scanGeometry.error.issues);
  return { zip, parentId, pathsToSkip: paths.data, scanGeometry: scanGeometry.data };
}

export async function registerGprScanImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.gprImport;
  const caller = (request: FastifyRequest) => ({
    organizationId: request.actor.organizationId,
    userId: request.actor.user?.id ?? null,
  });

  // Form data is accepted only here: the multipart parser is registered in this scope.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: limits.maxBytes, files: 1, fields: 5000, fieldSize: 1024 * 1024, parts: 5002 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/gpr-scans/proceq-zip-files', {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Read a vendor zip and list what it holds, to review before importing',
        description:
          `${FORM} Answers the file map (every path: segy-line, scan, area-csv, metadata-csv, sidecar, directory, skipped, unknown or error with the reason), ` +
          'the lines and area scans an import would create, and warnings. Nothing is stored.',
        consumes: ['multipart/form-data'],
        response: { 200: ZipFileMapResponseSchema, ...errors },
      },
      handler: async (request) => {
        const form = await readZipForm(request, limits.maxBytes);
        return reviewZip(ctx, form.zip, form.pathsToSkip);
      },
    });

    r.post('/api/gpr-scans/create-from-zip', {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Import a vendor zip (or a zip of scan files) into a folder',
        description:
          `${FORM} Creates one area scan (GPR scan group AREA_SCAN) per scan-area CSV and, for each file outside them, what uploading it ` +
          'alone creates (a GPR scan, or a MULTI_SCAN group of its channels), all directly in the folder, names as written. Starts their ' +
          'analyses in the background (GPR_IMPORT_START_ANALYSES). All or nothing: an unreadable entry fails the import with its path and ' +
          'the reason (skip it with `pathsToSkip`). Limits: GPR_IMPORT_MAX_BYTES, GPR_ZIP_MAX_UNCOMPRESSED_BYTES, GPR_ZIP_MAX_ENTRIES (413).',
        consumes: ['multipart/form-data'],
        response: { 201: CreateGprScansResponseSchema, ...errors },
      },
      handler: async (request, reply) => {
        const form = await readZipForm(request, limits.maxBytes);
        const created = await importZip(
          ctx,
          caller(request),
          form.parentId,
          form.zip,
          form.pathsToSkip,
          form.scanGeometry,
        );
        void startImportAnalyses(ctx, app.analysisJobs, caller(request), created, request.log);
        return reply.status(201).send(created);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().post('/api/gpr-scans/create-from-files', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Import uploaded scan files (any format packages/gpr reads) into a folder',
      description:
        'Upload first with `POST /api/files/batch` (`nodeId` = the target folder, `objectPathPrefix` e.g. `gpr-imports`), PUT the bytes and ' +
        'confirm with `has-uploaded`; then call this with the file ids. Scan files: DZT (+ DZX/DZG), SEG-Y, DT1 + HD, RD3/RD7 + RAD (+ COR), ' +
        'gprMax .out, or zips of them; sidecars are matched by base name. Each file becomes a GPR scan (a multi-channel file a MULTI_SCAN ' +
        "group), each zip as in `create-from-zip`; the uploads become the scans' files. All or nothing: on an unreadable file nothing is " +
        'created, the message names the file and why, and the uploads stay on the folder for a retry.',
      body: CreateGprScansFromFilesBodySchema,
      response: { 201: CreateGprScansResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const created = await importStagedFiles(ctx, caller(request), request.body);
      void startImportAnalyses(ctx, app.analysisJobs, caller(request), created, request.log);
      return reply.status(201).send(created);
    },
  });
}
