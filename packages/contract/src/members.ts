import { z } from 'zod';
import { TextSchema, TimestampSchema } from './common.js';
import { ORGANIZATION_ROLES } from './roles.js';

/** better-auth's ids of members and invitations (not UUIDs). */
export const AuthIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id');
export const AuthIdParamsSchema = z.object({ id: AuthIdSchema });

export const OrganizationRoleSchema = z.enum(ORGANIZATION_ROLES).meta({ id: 'OrganizationRole' });

export const MemberSchema = z
  .object({
    id: AuthIdSchema.meta({ description: 'The membership id (not the user id)' }),
    userId: TextSchema,
    name: TextSchema,
    email: TextSchema,
    image: TextSchema.nullable(),
    role: TextSchema.meta({ description: 'owner, admin or member (better-auth roles; several are comma-separated)' }),
    joinedAt: TimestampSchema,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z.object({ members: z.array(MemberSchema), total: z.number().int() });
export type MemberList = z.infer<typeof MemberListSchema>;

/** Who the caller is in the organization: their membership and role. */
export const MembershipSchema = z
  .object({
    memberId: AuthIdSchema.nullable().meta({ description: 'null for an API key' }),
    role: TextSchema.nullable().meta({ description: "The caller's role (an API key: its creator's)" }),
    isApiKey: z.boolean(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof MembershipSchema>;

export const UpdateMemberBodySchema = z.object({ role: OrganizationRoleSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const INVITATION_EMAIL_MAX = 254;

export const CreateInvitationBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(INVITATION_EMAIL_MAX)),
  role: OrganizationRoleSchema,
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

export const InvitationSchema = z
  .object({
    id: AuthIdSchema,
    email: TextSchema,
    role: TextSchema,
    status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
    expiresAt: TimestampSchema,
    createdAt: TimestampSchema,
    inviter: z.object({ id: TextSchema, name: TextSchema }).nullable(),
    url: TextSchema.meta({ description: 'The invitation link to send the invitee (no mail server: sent by hand)' }),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema), total: z.number().int() });
export type InvitationList = z.infer<typeof InvitationListSchema>;

/** What the invitation link shows before it is accepted (anyone holding the link may read it). */
export const InvitationPreviewSchema = z
  .object({
    id: AuthIdSchema,
    email: TextSchema,
    role: TextSchema,
    expiresAt: TimestampSchema,
    organization: z.object({ name: TextSchema, slug: TextSchema }),
    inviterName: TextSchema.nullable(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptedInvitationSchema = z
  .object({ organization: z.object({ id: TextSchema, name: TextSchema, slug: TextSchema }) })
  .meta({ id: 'AcceptedInvitation' });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/** The web address of an invitation link. */
export const invitationPath = (id: string): string => `/invitations/${encodeURIComponent(id)}`;
