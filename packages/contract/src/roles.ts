/**
 * Organization roles and what each may do (docs/decisions/0040-roles.md). The API enforces this table
 * (apps/api/src/auth/permissions.ts); the web app reads it to hide or disable what a role may not do.
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

interface PermissionRule {
  /** Roles that hold the permission. */
  roles: readonly OrganizationRole[];
  /** The 403 message for everyone else. */
  refusal: string;
  /** Needs a signed-in user: an API key never holds it, whatever its creator's role. */
  isUserOnly?: boolean;
}

export const PERMISSIONS = {
  /** Invite, cancel invitations, change roles, remove members (owners' roles and removal: owners only). */
  manageMembers: {
    roles: ['owner', 'admin'],
    refusal: 'Only owners and admins can invite, remove or change the role of members',
    isUserOnly: true,
  },
  /** Give or take the owner role, remove an owner. */
  manageOwners: {
    roles: ['owner'],
    refusal: 'Only owners can make someone an owner, or change or remove an owner',
    isUserOnly: true,
  },
  /** The organization's single sign-on settings. */
  manageSso: {
    roles: ['owner', 'admin'],
    refusal: 'Only owners and admins can manage single sign-on',
    isUserOnly: true,
  },
  /** Create API keys and revoke one's own. */
  createTenantKeys: {
    roles: ['owner', 'admin', 'member'],
    refusal: 'Your role in this organization may not create API keys',
  },
  /** Revoke an API key made by someone else. */
  revokeOthersTenantKeys: {
    roles: ['owner', 'admin'],
    refusal: 'Only owners and admins can revoke an API key made by someone else',
  },
  /** Report settings: name on the cover, logo, units, sections. */
  manageReportSettings: {
    roles: ['owner', 'admin'],
    refusal: 'Only owners and admins can change the report settings',
  },
  /** Pair (register) and delete (revoke) 3D trackers. */
  manageTrackers: {
    roles: ['owner', 'admin'],
    refusal: 'Only owners and admins can add or remove 3D trackers',
  },
  /** Delete the organization. */
  deleteOrganization: {
    roles: ['owner'],
    refusal: 'Only owners can delete the organization',
    isUserOnly: true,
  },
} as const satisfies Record<string, PermissionRule>;
export type Permission = keyof typeof PERMISSIONS;

/** Whether a member's role (better-auth's comma-separated list, e.g. `admin,member`) includes one of `roles`. */
export function hasAnyRole(role: string | null | undefined, roles: readonly string[]): boolean {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .some((r) => roles.includes(r));
}

/** Whether `role` holds `permission` (for an API key: `isApiKey`, with its creator's role). */
export function roleCan(role: string | null | undefined, permission: Permission, isApiKey = false): boolean {
  const rule: PermissionRule = PERMISSIONS[permission];
  if (isApiKey && rule.isUserOnly) return false;
  return hasAnyRole(role, rule.roles);
}

/** The highest of a member's roles, for display; null when none of ours. */
export function primaryRole(role: string | null | undefined): OrganizationRole | null {
  return ORGANIZATION_ROLES.find((r) => hasAnyRole(role, [r])) ?? null;
}
