import type { CreatedTenantKey, CreateTenantKeyBody, TenantKeyList, TenantKeyQuery } from '@gprhub/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import type { ApiRequestOptions } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { buildQueryPath } from '../../api/query-string';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

const TENANT_KEYS = 'tenant-keys';

export type TenantKeyListQuery = Omit<TenantKeyQuery, 'filter'>;

/** `GET /api/tenant-keys/query?q=` — one page of the organization's keys (without secrets). */
export function fetchTenantKeys(
  query: TenantKeyListQuery,
  request?: ApiRequestOptions,
): Promise<TenantKeyList> {
  return apiFetch<TenantKeyList>(buildQueryPath('/api/tenant-keys/query', query), request);
}

/** `POST /api/tenant-keys` — a new key; the answer is the only time its secret is readable. */
export function createTenantKey(body: CreateTenantKeyBody, request?: ApiRequestOptions): Promise<CreatedTenantKey> {
  return apiMutation<CreatedTenantKey>('POST', '/api/tenant-keys', body ?? undefined, request);
}

/** `DELETE /api/tenant-keys/{id}` — revoke a key: it stops working at once. */
export function revokeTenantKey(id: string, request?: ApiRequestOptions): Promise<void> {
  return apiMutation<void>('DELETE', `/api/tenant-keys/${id}`, undefined, request);
}

export function useTenantKeys(query: TenantKeyListQuery) {
  return useApiQuery([TENANT_KEYS, query], (request) => fetchTenantKeys(query, request), {
    placeholderData: keepPreviousData,
  });
}

function useInvalidateTenantKeys() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, TENANT_KEYS) });
}

export function useCreateTenantKey() {
  const invalidate = useInvalidateTenantKeys();
  return useApiMutation<CreatedTenantKey, CreateTenantKeyBody>((body, request) => createTenantKey(body, request), {
    onSuccess: invalidate,
  });
}

export function useRevokeTenantKey() {
  const invalidate = useInvalidateTenantKeys();
  return useApiMutation<void, string>((id, request) => revokeTenantKey(id, request), { onSuccess: invalidate });
}
