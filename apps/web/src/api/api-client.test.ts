// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiMutation, setCurrentOrganization } from './api-client';
import { ApiRequestError } from './api-error';
import { buildQueryPath, parseQueryParam } from './query-string';

function fakeFetch(response: Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response.clone());
  return fetch;
}

afterEach(() => setCurrentOrganization(null));

describe('apiFetch', () => {
  it('returns the JSON body and sends cookies and the organization header', async () => {
    const fetch = fakeFetch(new Response(JSON.stringify({ keys: [], total: 0 }), { status: 200 }));
    setCurrentOrganization('from-tab');
    await expect(apiFetch('/api/tenant-keys/query', { fetch })).resolves.toEqual({ keys: [], total: 0 });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('x-organization')).toBe('from-tab');

    await apiFetch('/api/x', { fetch, organization: 'explicit' });
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get('x-organization')).toBe('explicit');
  });

  it('throws ApiRequestError carrying the server body', async () => {
    const body = {
      message: 'One or more of the provided parameters failed validation',
      httpStatus: 400,
      code: 'VALIDATION_FAILED',
      service: 'api',
      validationErrors: [{ path: 'limit', message: 'Property limit cannot be less than 1' }],
    };
    const fetch = fakeFetch(new Response(JSON.stringify(body), { status: 400 }));
    const error = await apiFetch('/api/x', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject(body);
  });

  it("defaults to 'Not found' and 'Bad request' when the body is not JSON", async () => {
    await expect(
      apiFetch('/api/x', { fetch: fakeFetch(new Response('<html>', { status: 404 })) }),
    ).rejects.toMatchObject({ message: 'Not found', httpStatus: 404 });
    await expect(
      apiFetch('/api/x', { fetch: fakeFetch(new Response('', { status: 400 })) }),
    ).rejects.toMatchObject({ message: 'Bad request', httpStatus: 400 });
  });

  it('returns nothing for 204', async () => {
    await expect(
      apiFetch('/api/x', { fetch: fakeFetch(new Response(null, { status: 204 })) }),
    ).resolves.toBeUndefined();
  });
});

describe('apiMutation', () => {
  it('sends JSON bodies with a content type', async () => {
    const fetch = fakeFetch(new Response('{"id":"1"}', { status: 201 }));
    await apiMutation('POST', '/api/x', { name: 'a' }, { fetch });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"a"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('sends form data as is, letting the browser set the boundary', async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await apiMutation('PUT', '/api/x', form, { fetch });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });

  it('sends no body when none is given', async () => {
    const fetch = fakeFetch(new Response('{}', { status: 200 }));
    await apiMutation('POST', '/api/tenant-keys', undefined, { fetch });
    expect(fetch.mock.calls[0]![1]!.body).toBeUndefined();
  });
});

describe('query string', () => {
  it('encodes the list query as JSON in q', () => {
    const query = { limit: 20, skip: 40, sort: { field: 'createdAt', direction: 'desc' } };
    const path = buildQueryPath('/api/tenant-keys/query', query);
    expect(path.startsWith('/api/tenant-keys/query?q=%7B')).toBe(true);
    expect(parseQueryParam(path.slice(path.indexOf('?')))).toEqual(query);
  });
});
