import type {
  AcceptedInvitation,
  CreateInvitationBody,
  Invitation,
  InvitationList,
  InvitationPreview,
  Member,
  MemberList,
  Membership,
  OrganizationRole,
  Permission,
} from '@gprhub/contract';
import { PERMISSIONS, roleCan } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

const MEMBERS = 'members';

export function useMembers() {
  return useApiQuery([MEMBERS, 'list'], (request) => apiFetch<MemberList>('/api/organization/members', request));
}

/** The signed-in user's own membership and role in the tab's organization. */
export function useMembership() {
  return useApiQuery([MEMBERS, 'membership'], (request) =>
    apiFetch<Membership>('/api/organization/membership', request),
  );
}

/**
 * Whether the signed-in user's role holds `permission` (false while unknown), and the reason to show when not.
 * Only hides or disables controls: the server decides (docs/decisions/0040-roles.md).
 */
export function usePermission(permission: Permission): { isAllowed: boolean; isKnown: boolean; reason: string } {
  const membership = useMembership();
  const isKnown = membership.data !== undefined;
  return {
    isAllowed: isKnown && roleCan(membership.data?.role, permission),
    isKnown,
    reason: PERMISSIONS[permission].refusal,
  };
}

export function useInvitations(isEnabled: boolean) {
  return useApiQuery(
    [MEMBERS, 'invitations'],
    (request) => apiFetch<InvitationList>('/api/organization/invitations', request),
    { enabled: isEnabled },
  );
}

function useInvalidateMembers() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, MEMBERS) });
}

export function useCreateInvitation() {
  const invalidate = useInvalidateMembers();
  return useApiMutation<Invitation, CreateInvitationBody>(
    (body, request) => apiMutation<Invitation>('POST', '/api/organization/invitations', body, request),
    { onSuccess: invalidate },
  );
}

export function useCancelInvitation() {
  const invalidate = useInvalidateMembers();
  return useApiMutation<void, string>(
    (id, request) => apiMutation<void>('DELETE', `/api/organization/invitations/${encodeURIComponent(id)}`, undefined, request),
    { onSuccess: invalidate },
  );
}

export function useChangeMemberRole() {
  const invalidate = useInvalidateMembers();
  return useApiMutation<Member, { id: string; role: OrganizationRole }>(
    ({ id, role }, request) =>
      apiMutation<Member>('PATCH', `/api/organization/members/${encodeURIComponent(id)}`, { role }, request),
    { onSuccess: invalidate },
  );
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  return useApiMutation<void, string>(
    (id, request) => apiMutation<void>('DELETE', `/api/organization/members/${encodeURIComponent(id)}`, undefined, request),
    { onSuccess: invalidate },
  );
}

/** `GET /api/invitations/{id}`: what an invitation link is for (no organization, no sign-in needed). */
export function fetchInvitationPreview(id: string): Promise<InvitationPreview> {
  return apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(id)}`, { organization: null });
}

export function acceptInvitation(id: string): Promise<AcceptedInvitation> {
  return apiMutation<AcceptedInvitation>('POST', `/api/invitations/${encodeURIComponent(id)}/accept`, undefined, {
    organization: null,
  });
}
