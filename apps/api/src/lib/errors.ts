import type { ErrorCode, ValidationError } from '@gprhub/contract';
import { ErrorCode as Codes, Messages } from '@gprhub/contract';
import type { z } from 'zod';

/** An error with an HTTP status that the error handler turns into the one error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly validationErrors?: ValidationError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = Messages.notFound) => new HttpError(404, Codes.NotFound, message);
export const badRequest = (message: string = Messages.badRequest, validationErrors?: ValidationError[]) =>
  new HttpError(400, validationErrors ? Codes.ValidationFailed : Codes.BadRequest, message, validationErrors);
export const forbidden = (message: string) => new HttpError(403, Codes.Forbidden, message);
export const unauthorized = (message = 'Sign in or send a valid access token') =>
  new HttpError(401, Codes.Unauthorized, message);

/** Thrown by our zod validator compiler; keeps zod's issues so the handler can word them. */
export class RequestValidationError extends Error {
  statusCode = 400;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super(Messages.validationFailed);
    this.name = 'RequestValidationError';
  }
}
