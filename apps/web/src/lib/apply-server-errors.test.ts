// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/api-error';
import { applyServerErrors, SERVER_ERROR_KEY, toFieldName } from './apply-server-errors';

type Values = { name: string; slug: string };

function validationError(validationErrors: { path: string; message: string }[]) {
  return new ApiRequestError({
    message: 'One or more of the provided parameters failed validation',
    httpStatus: 400,
    code: 'VALIDATION_FAILED',
    service: 'api',
    validationErrors,
  });
}

describe('applyServerErrors', () => {
  it('puts each validation message on the field its path names', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(
      setError,
      validationError([
        { path: 'name', message: 'Property name cannot be less than 1' },
        { path: 'slug', message: 'Please provide a valid value for property slug' },
      ]),
    );
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Property name cannot be less than 1' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'slug',
      { type: 'server', message: 'Please provide a valid value for property slug' },
      { shouldFocus: false },
    );
  });

  it('shows the message as the general error when there are no field errors', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(
      setError,
      new ApiRequestError({ message: 'Forbidden', httpStatus: 403, code: 'FORBIDDEN', service: 'api' }),
    );
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR_KEY, { type: 'server', message: 'Forbidden' });
  });

  it('shows paths the form does not have as the general error', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(
      setError,
      validationError([
        { path: 'name', message: 'Name taken' },
        { path: 'ownerId', message: 'Please provide a valid uuid for property ownerId' },
      ]),
      ['name', 'slug'],
    );
    expect(setError).toHaveBeenCalledWith(
      'name',
      expect.objectContaining({ message: 'Name taken' }),
      expect.anything(),
    );
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR_KEY, {
      type: 'server',
      message: 'Please provide a valid uuid for property ownerId',
    });
  });

  it('accepts plain errors and better-auth error objects', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(setError, new Error('Network down'));
    applyServerErrors<Values>(setError, {
      status: 401,
      statusText: 'Unauthorized',
      message: 'Invalid email or password',
    });
    expect(setError).toHaveBeenNthCalledWith(1, SERVER_ERROR_KEY, {
      type: 'server',
      message: 'Network down',
    });
    expect(setError).toHaveBeenNthCalledWith(2, SERVER_ERROR_KEY, {
      type: 'server',
      message: 'Invalid email or password',
    });
  });

  it('maps request paths to field names', () => {
    expect(toFieldName('body.name')).toBe('name');
    expect(toFieldName('files[0].extension')).toBe('files.0.extension');
    expect(toFieldName('files.0.extension')).toBe('files.0.extension');
  });
});
