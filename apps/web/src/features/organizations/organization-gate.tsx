import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { setCurrentOrganization } from '../../api/api-client';
import { getErrorMessage } from '../../api/api-error';
import { OrganizationScopeProvider } from '../../api/organization-scope';
import { ORG_SCOPE } from '../../api/use-api-query';
import { FullPageLoader } from '../../components/full-page-loader';
import { ORG_PARAM, withOrg } from '../../lib/with-org';
import { authClient } from '../auth/auth-client';
import { CreateOrganizationPage } from './create-organization-page';
import { OrganizationAccessDenied } from './organization-access-denied';
import type { Organization, OrganizationContextValue } from './organization-context';
import { OrganizationContext } from './organization-context';
import { StandalonePage } from './standalone-page';

const hubOf = (slug: string) => `/hub?${ORG_PARAM}=${encodeURIComponent(slug)}`;

/**
 * Layout route that decides the tab's organization. The URL's `org` is the source of truth:
 * without one, the session's active organization (or the first) is written into the URL; with one
 * the user belongs to, it becomes the session's active organization; with another, the user is
 * told. A user without organizations is asked to create one.
 */
export function OrganizationGate() {
  const list = authClient.useListOrganizations();
  const session = authClient.useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const urlSlug = new URLSearchParams(location.search).get(ORG_PARAM);
  const { refetch } = list;
  const organizations = useMemo<Organization[]>(
    () => (list.data ?? []).map(({ id, name, slug, logo }) => ({ id, name, slug, logo })),
    [list.data],
  );

  const refreshOrganizations = useCallback(() => refetch(), [refetch]);
  const openCreated = useCallback(
    async (created: Organization) => {
      await refetch();
      await navigate(hubOf(created.slug));
    },
    [refetch, navigate],
  );

  if (!list.data && list.isPending) return <FullPageLoader label="Loading organizations" />;
  if (!list.data && list.error)
    return <OrganizationLoadError message={getErrorMessage(list.error)} onRetry={() => void refetch()} />;
  if (organizations.length === 0) return <CreateOrganizationPage onCreated={openCreated} />;

  if (!urlSlug) {
    const activeId = session.data?.session.activeOrganizationId;
    const fallback = organizations.find((o) => o.id === activeId) ?? (organizations[0] as Organization);
    return (
      <Navigate
        to={withOrg(`${location.pathname}${location.search}${location.hash}`, fallback.slug)}
        replace
      />
    );
  }
  const organization = organizations.find((o) => o.slug === urlSlug);
  if (!organization)
    return (
      <UnknownOrganization slug={urlSlug} organizations={organizations} refetch={refreshOrganizations} />
    );

  return (
    <ActiveOrganization
      organization={organization}
      organizations={organizations}
      refreshOrganizations={refreshOrganizations}
    >
      <Outlet />
    </ActiveOrganization>
  );
}

function ActiveOrganization({
  organization,
  organizations,
  refreshOrganizations,
  children,
}: {
  organization: Organization;
  organizations: Organization[];
  refreshOrganizations: () => Promise<void>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activeId = authClient.useSession().data?.session.activeOrganizationId;
  const syncedId = useRef<string | null>(null);

  // Before children fetch: calls made outside React (uploads) follow this tab's organization.
  useLayoutEffect(() => setCurrentOrganization(organization.slug), [organization.slug]);

  // Once per switch (not on every session change, or two tabs on two organizations would keep
  // switching each other): make it the session's active organization and drop the previous
  // organization's cached answers, so that everything shown is read again.
  useEffect(() => {
    if (syncedId.current === organization.id) return;
    const isSwitch = syncedId.current !== null;
    syncedId.current = organization.id;
    if (isSwitch) {
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] === ORG_SCOPE && q.queryKey[1] !== organization.slug,
      });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ORG_SCOPE });
    }
    if (activeId !== organization.id)
      void authClient.organization.setActive({ organizationId: organization.id });
  }, [organization.id, organization.slug, activeId, queryClient]);

  const value = useMemo<OrganizationContextValue>(
    () => ({
      organization,
      organizations,
      refreshOrganizations,
      switchOrganization: (slug: string) => void navigate(hubOf(slug)),
    }),
    [organization, organizations, refreshOrganizations, navigate],
  );

  return (
    <OrganizationContext.Provider value={value}>
      <OrganizationScopeProvider slug={organization.slug}>{children}</OrganizationScopeProvider>
    </OrganizationContext.Provider>
  );
}

/** Reload the list once (the user may just have joined or created it) before saying no. */
function UnknownOrganization({
  slug,
  organizations,
  refetch,
}: {
  slug: string;
  organizations: Organization[];
  refetch: () => Promise<void>;
}) {
  const [checkedSlug, setCheckedSlug] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void refetch().finally(() => isCurrent && setCheckedSlug(slug));
    return () => {
      isCurrent = false;
    };
  }, [slug, refetch]);
  if (checkedSlug !== slug) return <FullPageLoader label="Loading organization" />;
  return <OrganizationAccessDenied slug={slug} organizations={organizations} />;
}

function OrganizationLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StandalonePage
      tone="error"
      icon={<ErrorOutlineRoundedIcon />}
      title="Could not load your organizations"
      description={message}
    >
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </StandalonePage>
  );
}
