import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common.js';

/** Roles a user may receive when added on first single sign-on (never `owner`). */
export const SSO_JIT_ROLES = ['member', 'admin'] as const;

/** Error code of a password sign-in (or sign-up) refused because the domain's organization requires SSO. */
export const SSO_REQUIRED_CODE = 'SSO_REQUIRED';

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export const SsoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, 'Enter an email domain such as example.com (no @, no scheme)');

/** Body of `PUT /api/sso-settings`. */
export const SaveSsoSettingsBodySchema = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(500)
      .pipe(z.url({ protocol: /^https?$/, message: 'Enter the issuer URL, e.g. https://login.example.com' }))
      .meta({ description: 'OpenID Connect issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`' }),
    clientId: z.string().trim().min(1, 'Enter the client id').max(500),
    clientSecret: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: 'Required when no provider is registered yet; leave out to keep the stored secret' }),
    domains: z
      .array(SsoDomainSchema)
      .min(1, 'Name at least one email domain')
      .max(50)
      .refine((d) => new Set(d).size === d.length, 'Each domain only once'),
    defaultRole: z.enum(SSO_JIT_ROLES).default('member'),
    requireSso: z.boolean().default(false),
  })
  .meta({ id: 'SaveSsoSettingsBody' });
export type SaveSsoSettingsBody = z.input<typeof SaveSsoSettingsBodySchema>;

export const SsoProviderSchema = z
  .object({
    id: IdSchema,
    issuer: z.string(),
    clientId: z.string(),
    secretSet: z.literal(true).meta({ description: 'The client secret is stored (encrypted); it is never returned' }),
    domains: z.array(z.string()),
    defaultRole: z.enum(SSO_JIT_ROLES),
    requireSso: z.boolean(),
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'SsoProvider' });
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

export const SsoSettingsSchema = z
  .object({
    provider: SsoProviderSchema.nullable(),
    redirectUri: z.string().meta({ description: 'The redirect (callback) URI to register with the identity provider' }),
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** Body of `POST /api/auth/sso/sign-in` (better-auth endpoint of the SSO plugin). */
export const SsoSignInBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter your work email address').max(320),
  returnTo: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'Path of this app to open after sign-in (`/…`); anything else opens `/`' }),
});
