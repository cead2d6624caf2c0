import { ApiRequestError } from '../../api/api-error';

/**
 * The same error with its validation paths renamed to the form's field names (the API says
 * `parentNodeId` or `value.latitude` where a form has `folder` or `latitude`), ready for
 * `applyServerErrors`. Anything else is returned unchanged.
 */
export function renameErrorPaths(error: unknown, rename: (path: string) => string): unknown {
  if (!(error instanceof ApiRequestError) || !error.validationErrors?.length) return error;
  return new ApiRequestError({
    message: error.message,
    httpStatus: error.httpStatus,
    code: error.code,
    service: error.service,
    validationErrors: error.validationErrors.map(({ path, message }) => ({ path: rename(path), message })),
  });
}
