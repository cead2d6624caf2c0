import { forwardRef, useCallback } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { ORG_PARAM, withOrg } from '../lib/with-org';

/** The tab's organization slug as the URL names it (null outside organization pages). */
export function useOrgParam(): string | null {
  const { search } = useLocation();
  return new URLSearchParams(search).get(ORG_PARAM);
}

export type OrgLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** An app path, with or without its own query. */
  to: string;
  replace?: boolean;
};

/**
 * A router link that keeps the tab's `org` parameter, so every internal link stays in the same
 * organization. Usable as an MUI `component`.
 */
export const OrgLink = forwardRef<HTMLAnchorElement, OrgLinkProps>(function OrgLink({ to, ...props }, ref) {
  const org = useOrgParam();
  return <RouterLink ref={ref} to={withOrg(to, org)} {...props} />;
});

/** `navigate` that keeps the tab's `org` parameter. */
export function useOrgNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const org = useOrgParam();
  return useCallback(
    (to: string, options?: NavigateOptions) => void navigate(withOrg(to, org), options),
    [navigate, org],
  );
}
