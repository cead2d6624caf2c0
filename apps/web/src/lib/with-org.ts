/** Query parameter that names the tab's organization (its slug). */
export const ORG_PARAM = 'org';

/**
 * Add the organization to an app path, keeping its own query and hash. A path that already names
 * an organization keeps it (that is how a switch is written).
 * @example withOrg('/hub/123?tab=images#top', 'acme') // '/hub/123?tab=images&org=acme#top'
 */
export function withOrg(to: string, org: string | null | undefined): string {
  if (!org) return to;
  const hashIndex = to.indexOf('#');
  const hash = hashIndex >= 0 ? to.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? to.slice(0, hashIndex) : to;
  const queryIndex = beforeHash.indexOf('?');
  const pathname = queryIndex >= 0 ? beforeHash.slice(0, queryIndex) : beforeHash;
  const params = new URLSearchParams(queryIndex >= 0 ? beforeHash.slice(queryIndex + 1) : '');
  if (!params.has(ORG_PARAM)) params.set(ORG_PARAM, org);
  return `${pathname}?${params.toString()}${hash}`;
}

/** Where to go after signing in: the `redirect` parameter when it is an app path, else /hub. */
export function safeRedirect(redirect: string | null | undefined, fallback = '/hub'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return fallback;
  if (redirect.startsWith('/auth')) return fallback;
  return redirect;
}
