import type { ApiError } from '@gprhub/contract';
import { ErrorCode, Messages, toValidationErrors } from '@gprhub/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, RequestValidationError } from '../lib/errors.js';

/** The module a URL belongs to (`/api/tenant-keys/query` → `tenant-keys`), named in every error body. */
export function serviceOf(url: string): string {
  const segment = url.split('?')[0]!.split('/')[2];
  return segment ? segment : 'app';
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.RateLimited,
};

const DEFAULT_MESSAGE: Record<number, string> = { 400: Messages.badRequest, 404: Messages.notFound };

/** Build the one error body. */
export function errorBody(
  request: FastifyRequest,
  httpStatus: number,
  code: string,
  message: string,
  validationErrors?: ApiError['validationErrors'],
): ApiError {
  return { message, httpStatus, code, service: serviceOf(request.url), ...(validationErrors ? { validationErrors } : {}) };
}

function isRootNotObject(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.some((i) => i.path.length === 0 && i.code === 'invalid_type' && i.expected === 'object');
}

/** Every error leaves the API as `{message, httpStatus, code, service, validationErrors?}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply: FastifyReply) => {
    if (error instanceof RequestValidationError) {
      if (isRootNotObject(error.issues)) {
        return reply.status(400).send(errorBody(request, 400, ErrorCode.InvalidObject, Messages.invalidObject));
      }
      return reply
        .status(400)
        .send(errorBody(request, 400, ErrorCode.ValidationFailed, Messages.validationFailed, toValidationErrors(error.issues)));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(request, error.statusCode, error.code, error.message, error.validationErrors));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody(request, 500, ErrorCode.Internal, 'Internal server error'));
    }
    const fastifyCode = (error as FastifyError).code ?? '';
    // Malformed JSON, wrong content type for a JSON body, empty JSON body.
    if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(errorBody(request, 400, ErrorCode.InvalidObject, Messages.invalidObject));
    }
    const code = CODE_BY_STATUS[status] ?? ErrorCode.BadRequest;
    const message = status === 429 ? 'Too many requests, try again later' : error.message || DEFAULT_MESSAGE[status] || Messages.badRequest;
    return reply.status(status).send(errorBody(request, status, code, message));
  });

}
