import { useMutation, useQuery } from '@tanstack/react-query';
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import type { ApiRequestOptions } from './api-client';
import type { ApiRequestError } from './api-error';
import { useOrganizationSlug } from './organization-scope';

/** First element of every organization-scoped query key. */
export const ORG_SCOPE = 'org';

/**
 * The query key of organization data: `['org', slug, ...parts]`. Keys carry the slug so that two
 * organizations never share a cache entry and a switch fetches fresh data.
 */
export function orgQueryKey(organization: string, ...parts: readonly unknown[]): readonly unknown[] {
  return [ORG_SCOPE, organization, ...parts];
}

type QueryExtras<T> = Omit<
  UseQueryOptions<T, ApiRequestError, T, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** `useQuery` for API data of the tab's organization: the fetcher receives the org and abort signal. */
export function useApiQuery<T>(
  key: readonly unknown[],
  fetcher: (request: ApiRequestOptions) => Promise<T>,
  options?: QueryExtras<T>,
) {
  const organization = useOrganizationSlug();
  return useQuery<T, ApiRequestError, T, readonly unknown[]>({
    queryKey: orgQueryKey(organization, ...key),
    queryFn: ({ signal }) => fetcher({ organization, signal }),
    ...options,
  });
}

type MutationExtras<T, V> = Omit<UseMutationOptions<T, ApiRequestError, V>, 'mutationFn'>;

/** `useMutation` bound to the tab's organization. */
export function useApiMutation<T, V = void>(
  mutate: (variables: V, request: ApiRequestOptions) => Promise<T>,
  options?: MutationExtras<T, V>,
) {
  const organization = useOrganizationSlug();
  return useMutation<T, ApiRequestError, V>({
    mutationFn: (variables) => mutate(variables, { organization }),
    ...options,
  });
}
