import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

const OrganizationScopeContext = createContext<string | null>(null);

/** Makes the tab's organization slug available to data hooks (set by the organization gate). */
export function OrganizationScopeProvider({ slug, children }: { slug: string; children: ReactNode }) {
  return <OrganizationScopeContext.Provider value={slug}>{children}</OrganizationScopeContext.Provider>;
}

/** The slug of the organization this tab works in. Only valid inside the organization gate. */
export function useOrganizationSlug(): string {
  const slug = useContext(OrganizationScopeContext);
  if (!slug) throw new Error('useOrganizationSlug must be used inside the organization gate');
  return slug;
}
