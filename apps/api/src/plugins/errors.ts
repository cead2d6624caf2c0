import type { ApiError } from '@gprhub/contract';
import { ErrorCode, Messages, toValidationErrors } from '@gprhub/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
  414: ErrorCode.UriTooLong,
  415: ErrorCode.UnsupportedMediaType,
  431: ErrorCode.HeadersTooLarge,
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

/**
 * Errors Fastify answers before any route runs (a bad URL, a path parameter over `maxParamLength`:
 * 414), in the one error body rather than Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long' : error.message || Messages.badRequest;
  void reply.status(status).send(errorBody(request, status, CODE_BY_STATUS[status] ?? ErrorCode.BadRequest, message));
}

/**
 * Errors Node's HTTP parser meets before there is a request (headers over `maxHeaderSize`: 431, a
 * malformed request: 400, a slow client: 408), written to the socket in the one error body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'The request headers are too large' : status === 408 ? 'The request took too long to arrive' : 'Malformed HTTP request';
  const body = JSON.stringify({ message, httpStatus: status, code: CODE_BY_STATUS[status] ?? ErrorCode.BadRequest, service: 'app' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
