import { ApiRequestError } from '../../api/api-error';

/** better-auth's error object as its client returns it. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  statusText: string;
}

/** better-auth error codes that concern one form field, with the text we show on it. */
const FIELD_ERRORS: Record<string, { path: string; message?: string }> = {
  USER_ALREADY_EXISTS: { path: 'email', message: 'An account with this email already exists' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    path: 'email',
    message: 'An account with this email already exists',
  },
  INVALID_EMAIL: { path: 'email' },
  PASSWORD_TOO_SHORT: { path: 'password' },
  PASSWORD_TOO_LONG: { path: 'password' },
  INVALID_PASSWORD: { path: 'password' },
  ORGANIZATION_ALREADY_EXISTS: { path: 'slug', message: 'This slug is already taken' },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { path: 'slug', message: 'This slug is already taken' },
};

/** Turn a better-auth error into our one error model, so forms handle both the same way. */
export function toApiRequestError(error: AuthClientError): ApiRequestError {
  const message = error.message || error.statusText || 'Authentication failed';
  const field = error.code ? FIELD_ERRORS[error.code] : undefined;
  return new ApiRequestError({
    message,
    httpStatus: error.status,
    code: error.code ?? 'AUTH_ERROR',
    service: 'auth',
    ...(field ? { validationErrors: [{ path: field.path, message: field.message ?? message }] } : {}),
  });
}

/** Await a better-auth client call and return its data, throwing `ApiRequestError` on failure. */
export async function unwrapAuth<T>(
  call: Promise<{ data: T; error: null } | { data: null; error: AuthClientError }>,
): Promise<T> {
  const result = await call;
  if (result.error) throw toApiRequestError(result.error);
  return result.data as T;
}
