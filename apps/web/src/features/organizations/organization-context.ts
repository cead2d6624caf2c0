import { createContext, useContext } from 'react';

/** An organization the user belongs to, as better-auth lists it. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null | undefined;
}

export interface OrganizationContextValue {
  /** The organization this tab works in (the URL's `org`). */
  organization: Organization;
  /** Every organization the user belongs to. */
  organizations: Organization[];
  /** Switch this tab to another organization and go back to /hub. */
  switchOrganization: (slug: string) => void;
  /** Reload the organization list (after creating one). */
  refreshOrganizations: () => Promise<void>;
}

export const OrganizationContext = createContext<OrganizationContextValue | null>(null);

/** The tab's organization and the user's others. Only inside the organization gate. */
export function useOrganization(): OrganizationContextValue {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error('useOrganization must be used inside the organization gate');
  return value;
}

/** A stable accent colour per organization, for its avatar. */
export function organizationColor(slug: string): string {
  const hues = [152, 200, 32, 262, 12, 178, 222, 88];
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hues[hash % hues.length]}, 48%, 40%)`;
}
