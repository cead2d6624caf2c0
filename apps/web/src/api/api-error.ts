import type { ApiError, ValidationError } from '@gprhub/contract';
import { Messages } from '@gprhub/contract';

/** Default messages for statuses whose body carries none (the spec's catalogue). */
function defaultMessage(status: number): string {
  if (status === 404) return Messages.notFound;
  if (status === 400) return Messages.badRequest;
  return `Request failed with status ${status}`;
}

/**
 * A failed API call, carrying the server's error body (`ApiErrorSchema`). Thrown by `apiFetch`
 * and `apiMutation`; forms turn it into field errors with `applyServerErrors`.
 */
export class ApiRequestError extends Error implements ApiError {
  readonly httpStatus: number;
  readonly code: string;
  readonly service: string;
  readonly validationErrors?: ValidationError[];

  constructor(body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.httpStatus = body.httpStatus;
    this.code = body.code;
    this.service = body.service;
    if (body.validationErrors) this.validationErrors = body.validationErrors;
  }

  /** Build the error from a response body that may be anything (HTML from a proxy, empty, JSON). */
  static fromBody(status: number, body: unknown): ApiRequestError {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const message =
      typeof record.message === 'string' && record.message ? record.message : defaultMessage(status);
    const validationErrors = Array.isArray(record.validationErrors)
      ? (record.validationErrors as unknown[]).filter(isValidationError)
      : undefined;
    return new ApiRequestError({
      message,
      httpStatus: typeof record.httpStatus === 'number' ? record.httpStatus : status,
      code:
        typeof record.code === 'string'
          ? record.code
          : status === 404
            ? 'NOT_FOUND'
            : status === 400
              ? 'BAD_REQUEST'
              : 'HTTP_ERROR',
      service: typeof record.service === 'string' ? record.service : 'web',
      ...(validationErrors?.length ? { validationErrors } : {}),
    });
  }
}

function isValidationError(value: unknown): value is ValidationError {
  const v = value as Partial<ValidationError> | null;
  return typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.message === 'string';
}

/** A readable message from anything thrown (ApiRequestError, better-auth error objects, Error, strings). */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const { message, statusText } = error as { message?: unknown; statusText?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof statusText === 'string' && statusText) return statusText;
  }
  return 'Something went wrong';
}
