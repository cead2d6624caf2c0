import type { Database } from '@gprhub/db';
import { schema } from '@gprhub/db';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, organization } from 'better-auth/plugins';
import type { AppConfig } from '../config.js';
import { organizationSso } from '../modules/sso/sso-plugin.js';

/**
 * better-auth, in our database: email and password, organizations, and bearer tokens (the session
 * token sent as `Authorization: Bearer <token>` authenticates scripts), and organizations' own OpenID Connect providers.
 */
export function createAuth(config: AppConfig, db: Database) {
  return betterAuth({
    appName: 'GPR Hub',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      // No mail server: invitations travel as links (GET /api/organization/invitations), valid a week.
      organization({ allowUserToCreateOrganization: true, invitationExpiresIn: 7 * 24 * 60 * 60 }),
      bearer(),
      // OpenID Connect single sign-on per organization (docs/decisions/0041-single-sign-on.md).
      organizationSso({ db, authSecret: config.authSecret, allowHttpLoopback: !config.publicUrl.startsWith('https:') }),
    ],
    // Rate limiting is done by Fastify in front of these routes (one limiter, one error body).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
