import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError, getErrorMessage } from '../api/api-error';

/** Where a form's general (non-field) server error is kept; `FormServerError` shows it. */
export const SERVER_ERROR_KEY = 'root.serverError' as const;

/** A validation path as a form field name: `body.name` → `name`, `files[0].name` → `files.0.name`. */
export function toFieldName(path: string): string {
  return path
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/^(body|query|params)\./, '')
    .replace(/^\./, '');
}

/**
 * Put a failed call's errors on a react-hook-form form: each `validationErrors` entry goes on the
 * field its path names; anything else (no field errors, or paths the form does not have) becomes
 * the form's general error under `root.serverError`.
 *
 * @param setError - the form's `setError`
 * @param error - whatever the call threw (`ApiRequestError`, a better-auth error, an Error)
 * @param fields - the form's field names; paths outside it are shown as the general error. When
 *   omitted every path is trusted to be a field.
 * @example
 * try { await save(values) } catch (error) { applyServerErrors(form.setError, error, ['name', 'slug']) }
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields?: readonly FieldPath<T>[],
): void {
  const validationErrors = error instanceof ApiRequestError ? (error.validationErrors ?? []) : [];
  const unmatched: string[] = [];
  let matched = 0;
  for (const { path, message } of validationErrors) {
    const field = toFieldName(path);
    if (field && (!fields || (fields as readonly string[]).includes(field))) {
      setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: matched === 0 });
      matched += 1;
    } else {
      unmatched.push(message);
    }
  }
  if (unmatched.length > 0) {
    setError(SERVER_ERROR_KEY, { type: 'server', message: unmatched.join('\n') });
  } else if (matched === 0) {
    setError(SERVER_ERROR_KEY, { type: 'server', message: getErrorMessage(error) });
  }
}
