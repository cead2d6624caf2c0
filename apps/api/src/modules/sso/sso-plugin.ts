import { randomUUID } from 'node:crypto';
import { SSO_REQUIRED_CODE, SsoSignInBodySchema } from '@gprhub/contract';
import type { Database } from '@gprhub/db';
import { findSsoProviderByDomain, findSsoProviderById } from '@gprhub/db';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import * as client from 'openid-client';
import { decryptSsoSecret } from './sso-secret.js';
import { discoverProvider, SsoDiscoveryError } from './sso-oidc.js';

export interface SsoPluginOptions {
  db: Database;
  authSecret: string;
  /** Plain-http loopback issuers allowed (the app itself runs on http: development and tests). */
  allowHttpLoopback: boolean;
}

/** A sign-in in progress, between the redirect to the provider and its return (10 minutes at most). */
interface PendingSignIn {
  providerId: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

const PENDING_TTL_MS = 10 * 60 * 1000;
const STATE_COOKIE = 'sso_state';
export const SSO_CALLBACK_PATH = '/sso/callback';
const SIGN_IN_PAGE = '/auth/sign-in';

export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** Only a path of this app: `/…`, never `//host` or `/\host` (no open redirect). */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return '/';
  return value;
}

/** The message shown on the sign-in page after a refused return from the provider. */
function signInError(message: string): string {
  return `${SIGN_IN_PAGE}?sso_error=${encodeURIComponent(message)}`;
}

function refusal(error: unknown): string {
  if (error instanceof SsoDiscoveryError) return error.message;
  if (error instanceof client.AuthorizationResponseError) {
    return `The identity provider refused the sign-in: ${error.error_description ?? error.error}`;
  }
  if (error instanceof client.ResponseBodyError) {
    return `The identity provider refused the sign-in: ${error.error_description ?? error.error}`;
  }
  // openid-client wraps oauth4webapi's error, whose cause names the failed claim: use the innermost words.
  let message = error instanceof Error ? error.message : String(error);
  let claim: unknown;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error) message = e.message;
    if ('claim' in e) claim = (e as { claim?: unknown }).claim;
  }
  const why: Record<string, string> = {
    exp: 'the ID token has expired',
    iat: 'the ID token was issued at a wrong time',
    aud: 'the ID token was issued for another client (audience)',
    azp: 'the ID token was issued for another client (authorized party)',
    nonce: 'the ID token does not belong to this sign-in (nonce)',
    iss: 'the ID token comes from another issuer',
  };
  const reason = typeof claim === 'string' && why[claim] ? why[claim] : message;
  return `The identity provider's answer was refused: ${reason}`;
}

/**
 * OpenID Connect single sign-on per organization (docs/decisions/0041-single-sign-on.md), inside better-auth:
 * `POST /api/auth/sso/sign-in` starts it for an email's domain, `GET /api/auth/sso/callback` finishes it with
 * openid-client (PKCE, state, nonce, ID-token issuer, audience, expiry and signature), then creates the session
 * as every better-auth sign-in does. Password sign-in and sign-up are refused for domains whose organization
 * requires SSO.
 */
export function organizationSso(options: SsoPluginOptions) {
  const { db } = options;
  const clientOf = async (providerId: string) => {
    const provider = await findSsoProviderById(db, providerId);
    if (!provider) throw new SsoDiscoveryError('This organization no longer has single sign-on');
    const config = await discoverProvider({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: decryptSsoSecret(options.authSecret, provider.organizationId, provider.clientSecretEncrypted),
      allowHttpLoopback: options.allowHttpLoopback,
    });
    return { provider, config };
  };

  return {
    id: 'organization-sso',
    endpoints: {
      ssoSignIn: createAuthEndpoint(
        '/sso/sign-in',
        { method: 'POST', body: SsoSignInBodySchema },
        async (ctx) => {
          const domain = emailDomain(ctx.body.email);
          const provider = await findSsoProviderByDomain(db, domain);
          if (!provider) {
            throw new APIError('NOT_FOUND', {
              code: 'SSO_NOT_CONFIGURED',
              message: `No organization signs in ${domain} through single sign-on: sign in with your password`,
            });
          }
          let config: client.Configuration;
          try {
            ({ config } = await clientOf(provider.id));
          } catch (error) {
            throw new APIError('BAD_GATEWAY', { code: 'SSO_PROVIDER_UNAVAILABLE', message: refusal(error) });
          }
          const state = client.randomState();
          const pending: PendingSignIn = {
            providerId: provider.id,
            codeVerifier: client.randomPKCECodeVerifier(),
            nonce: client.randomNonce(),
            returnTo: safeReturnPath(ctx.body.returnTo),
          };
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: `sso:${state}`,
            value: JSON.stringify(pending),
            expiresAt: new Date(Date.now() + PENDING_TTL_MS),
          });
          // The state is also bound to this browser (signed cookie): a code sent to someone else's browser fails.
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: PENDING_TTL_MS / 1000 });
          await ctx.setSignedCookie(cookie.name, state, ctx.context.secret, cookie.attributes);
          const url = client.buildAuthorizationUrl(config, {
            redirect_uri: `${ctx.context.baseURL}${SSO_CALLBACK_PATH}`,
            scope: 'openid email profile',
            response_type: 'code',
            state,
            nonce: pending.nonce,
            code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
            code_challenge_method: 'S256',
            login_hint: ctx.body.email,
          });
          return ctx.json({ url: url.href, redirect: true });
        },
      ),
      ssoCallback: createAuthEndpoint(SSO_CALLBACK_PATH, { method: 'GET' }, async (ctx) => {
        const query = (ctx.query ?? {}) as Record<string, string | undefined>;
        const cookie = ctx.context.createAuthCookie(STATE_COOKIE);
        const bound = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        ctx.setCookie(cookie.name, '', { ...cookie.attributes, maxAge: 0 });
        const state = query.state;
        if (!state || !bound || bound !== state) {
          throw ctx.redirect(signInError('This single sign-on did not start in this browser, or took too long: try again'));
        }
        const stored = await ctx.context.internalAdapter.consumeVerificationValue(`sso:${state}`);
        if (!stored) throw ctx.redirect(signInError('This single sign-on has expired or was already used: try again'));
        const pending = JSON.parse(stored.value) as PendingSignIn;

        let claims: client.IDToken;
        let provider;
        try {
          const found = await clientOf(pending.providerId);
          provider = found.provider;
          const current = new URL(`${ctx.context.baseURL}${SSO_CALLBACK_PATH}`);
          for (const [name, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(name, value);
          const tokens = await client.authorizationCodeGrant(found.config, current, {
            pkceCodeVerifier: pending.codeVerifier,
            expectedState: state,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          });
          const idClaims = tokens.claims();
          if (!idClaims) throw new Error('no ID token');
          claims = idClaims;
          // Providers may leave the email to the UserInfo endpoint (the same subject is required).
          if (typeof claims.email !== 'string') {
            const info = await client.fetchUserInfo(found.config, tokens.access_token, idClaims.sub);
            claims = { ...info, ...idClaims } as client.IDToken;
          }
        } catch (error) {
          ctx.context.logger.warn(`SSO sign-in refused: ${error instanceof Error ? error.message : String(error)}`);
          throw ctx.redirect(signInError(refusal(error)));
        }

        const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
        if (!email) throw ctx.redirect(signInError('The identity provider did not send an email address'));
        if (claims.email_verified !== true) {
          throw ctx.redirect(signInError(`The identity provider has not verified ${email}: sign-in refused`));
        }
        const domain = emailDomain(email);
        if (!provider.domains.includes(domain)) {
          throw ctx.redirect(
            signInError(`${email} is not in a domain of this organization's single sign-on (${provider.domains.join(', ')})`),
          );
        }

        const accountProviderId = `sso:${provider.id}`;
        const found = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
        let user = found?.user;
        const given = typeof claims.given_name === 'string' ? claims.given_name : null;
        const family = typeof claims.family_name === 'string' ? claims.family_name : null;
        if (!user) {
          const name =
            (typeof claims.name === 'string' && claims.name.trim()) ||
            [given, family].filter(Boolean).join(' ') ||
            email.slice(0, email.indexOf('@'));
          user = await ctx.context.internalAdapter.createUser(
            { email, name, emailVerified: true, firstName: given, lastName: family },
            { method: 'sso-oidc', sso: { providerId: accountProviderId, profile: claims } },
          );
        }
        if (!found?.accounts.some((a) => a.providerId === accountProviderId && a.accountId === claims.sub)) {
          await ctx.context.internalAdapter.linkAccount({ userId: user.id, providerId: accountProviderId, accountId: claims.sub });
        }
        const membership = await ctx.context.adapter.findOne<{ id: string }>({
          model: 'member',
          where: [
            { field: 'organizationId', value: provider.organizationId },
            { field: 'userId', value: user.id },
          ],
        });
        if (!membership) {
          // Just-in-time membership, with the role the organization's settings name.
          await ctx.context.adapter.create({
            model: 'member',
            data: { id: randomUUID(), organizationId: provider.organizationId, userId: user.id, role: provider.defaultRole, createdAt: new Date() },
            forceAllowId: true,
          });
        }
        const session = await ctx.context.internalAdapter.createSession(user.id, false, {
          activeOrganizationId: provider.organizationId,
        });
        await setSessionCookie(ctx, { session, user });
        throw ctx.redirect(pending.returnTo);
      }),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string' || !email.includes('@')) return;
            const domain = emailDomain(email);
            const provider = await findSsoProviderByDomain(db, domain);
            if (provider?.requireSso) {
              throw new APIError('FORBIDDEN', {
                code: SSO_REQUIRED_CODE,
                message: `Your organization requires single sign-on for ${domain}: use “Continue with SSO” instead of a password`,
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
