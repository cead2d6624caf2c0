import { z } from 'zod';

/** One failed field: `path` is dotted (`files.0.extension`), `message` uses the spec's texts. */
export const ValidationErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** The one error body every endpoint returns. */
export const ApiErrorSchema = z
  .object({
    message: z.string(),
    httpStatus: z.number().int(),
    code: z.string(),
    service: z.string(),
    validationErrors: z.array(ValidationErrorSchema).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Stable machine-readable error codes. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidObject: 'INVALID_OBJECT',
  Unauthorized: 'UNAUTHORIZED',
  NoActiveOrganization: 'NO_ACTIVE_ORGANIZATION',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UriTooLong: 'URI_TOO_LONG',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  HeadersTooLarge: 'HEADERS_TOO_LARGE',
  /** A signed upload address that has already been used: a file is uploaded once. */
  UploadAddressUsed: 'UPLOAD_ADDRESS_USED',
  UnsupportedExtension: 'UNSUPPORTED_EXTENSION',
  /** A GPR file (or an entry of a zip) that cannot be read; the message names it and says why. */
  InvalidGprFile: 'INVALID_GPR_FILE',
  /** The vendor link's download could not be fetched (refused redirect, timeout, HTTP error, too large). */
  VendorLinkFailed: 'VENDOR_LINK_FAILED',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The spec's texts. Kept in one place so API and web say the same thing. */
export const Messages = {
  notFound: 'Not found',
  badRequest: 'Bad request',
  invalidObject: 'The provided data is not a valid object',
  validationFailed: 'One or more of the provided parameters failed validation',
  invalidType: (type: string, name: string) => `Please provide a valid ${type} for property ${name}`,
  tooBig: (name: string, max: number | bigint) => `Property ${name} cannot be higher than ${max}`,
  tooSmall: (name: string, min: number | bigint) => `Property ${name} cannot be less than ${min}`,
  invalidValue: (name: string) => `Please provide a valid value for property ${name}`,
  unsupportedExtension: (ext: string) => `File extension ${ext} is not supported`,
} as const;

/** The type names the spec's messages use, keyed by zod's expected type or string format. */
const TYPE_NAMES: Record<string, string> = {
  uuid: 'uuid',
  guid: 'uuid',
  email: 'email',
  url: 'url',
  datetime: 'date',
  date: 'date',
  string: 'string',
  number: 'number',
  int: 'integer',
  bigint: 'integer',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};

/**
 * Turn zod issues into the spec's validation errors.
 * @param issues - zod's issues (from `error.issues`)
 * @param prefix - a path prefix such as `body` is NOT added; paths are the field's own
 */
export function toValidationErrors(issues: readonly z.core.$ZodIssue[]): ValidationError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const name = path || 'value';
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined) return { path, message: Messages.invalidType(TYPE_NAMES[issue.expected] ?? issue.expected, name) };
        return { path, message: Messages.invalidType(TYPE_NAMES[issue.expected] ?? issue.expected, name) };
      }
      case 'invalid_format':
        return { path, message: Messages.invalidType(TYPE_NAMES[issue.format] ?? issue.format, name) };
      case 'too_big':
        return { path, message: Messages.tooBig(name, issue.maximum as number) };
      case 'too_small':
        return { path, message: Messages.tooSmall(name, issue.minimum as number) };
      case 'custom':
        // TextSchema's NUL check: the character is not text PostgreSQL can store.
        if (issue.params?.hasNul) return { path, message: Messages.invalidType('string', name) };
        return { path, message: issue.message && !issue.message.startsWith('Invalid') ? issue.message : Messages.invalidValue(name) };
      default:
        return { path, message: Messages.invalidValue(name) };
    }
  });
}
