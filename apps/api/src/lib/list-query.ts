import { Messages, toValidationErrors } from '@gprhub/contract';
import type { z } from 'zod';
import { HttpError } from './errors.js';
import { ErrorCode } from '@gprhub/contract';

/**
 * Parse the `q` parameter of a `GET .../query?q=<json>` endpoint with the resource's query schema.
 * An absent `q` means all defaults. Bad JSON or a non-object gives 'The provided data is not a valid
 * object'; schema failures give the spec's per-field messages.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, q: string | undefined): z.output<S> {
  let raw: unknown = {};
  if (q !== undefined && q !== '') {
    try {
      raw = JSON.parse(q);
    } catch {
      throw new HttpError(400, ErrorCode.InvalidObject, Messages.invalidObject);
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HttpError(400, ErrorCode.InvalidObject, Messages.invalidObject);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new HttpError(400, ErrorCode.ValidationFailed, Messages.validationFailed, toValidationErrors(result.error.issues));
  }
  return result.data;
}
