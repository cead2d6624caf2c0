import type { OrganizationRole } from '@gprhub/contract';

export const ROLE_LABELS: Record<OrganizationRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const ROLE_DESCRIPTIONS: Record<OrganizationRole, string> = {
  owner: 'Everything, including owners and deleting the organization',
  admin: 'Members, invitations, report settings, 3D trackers, everyone’s API keys',
  member: 'Day-to-day work: nodes, scans, analyses, reports, own API keys',
};
