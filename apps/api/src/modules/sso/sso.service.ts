import type { SaveSsoSettingsBody, SsoProvider, SsoSettings } from '@gprhub/contract';
import { ErrorCode, SaveSsoSettingsBodySchema } from '@gprhub/contract';
import type { Database, SsoProviderWithDomains } from '@gprhub/db';
import {
  deleteSsoProvider,
  findSsoProviderOfOrganization,
  saveSsoProvider,
  SsoDomainTakenError,
} from '@gprhub/db';
import type { AppConfig } from '../../config.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { discoverProvider, SsoDiscoveryError } from './sso-oidc.js';
import { SSO_CALLBACK_PATH } from './sso-plugin.js';
import { encryptSsoSecret } from './sso-secret.js';


export const ssoRedirectUri = (config: AppConfig): string => `${config.publicUrl}/api/auth${SSO_CALLBACK_PATH}`;

/** Plain-http loopback issuers only while the app itself runs on http (development, tests). */
export const allowsHttpLoopback = (config: AppConfig): boolean => !config.publicUrl.startsWith('https:');

function toProvider(row: SsoProviderWithDomains): SsoProvider {
  return {
    id: row.id,
    issuer: row.issuer,
    clientId: row.clientId,
    secretSet: true,
    domains: row.domains,
    defaultRole: row.defaultRole === 'admin' ? 'admin' : 'member',
    requireSso: row.requireSso,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSsoSettings(db: Database, config: AppConfig, organizationId: string): Promise<SsoSettings> {
  const row = await findSsoProviderOfOrganization(db, organizationId);
  return { provider: row ? toProvider(row) : null, redirectUri: ssoRedirectUri(config) };
}

/**
 * Register or change the organization's provider. The discovery document is read with the given settings
 * first (400 when it cannot be used); a domain of another organization is a 409.
 */
export async function saveSsoSettings(
  db: Database,
  config: AppConfig,
  organizationId: string,
  input: SaveSsoSettingsBody,
): Promise<SsoSettings> {
  const body = SaveSsoSettingsBodySchema.parse(input);
  const existing = await findSsoProviderOfOrganization(db, organizationId);
  if (!existing && !body.clientSecret) {
    throw badRequest('Enter the client secret', [{ path: 'clientSecret', message: 'Enter the client secret' }]);
  }
  try {
    await discoverProvider({
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecret: body.clientSecret ?? 'unused',
      allowHttpLoopback: allowsHttpLoopback(config),
    });
  } catch (error) {
    if (error instanceof SsoDiscoveryError) {
      throw badRequest(error.message, [{ path: 'issuer', message: error.message }]);
    }
    throw error;
  }
  try {
    const row = await saveSsoProvider(db, organizationId, {
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecretEncrypted: body.clientSecret ? encryptSsoSecret(config.authSecret, organizationId, body.clientSecret) : null,
      defaultRole: body.defaultRole,
      requireSso: body.requireSso,
      domains: body.domains,
    });
    return { provider: toProvider(row), redirectUri: ssoRedirectUri(config) };
  } catch (error) {
    if (error instanceof SsoDomainTakenError) {
      throw new HttpError(409, ErrorCode.Conflict, error.message, [{ path: 'domains', message: error.message }]);
    }
    throw error;
  }
}

export async function removeSsoSettings(db: Database, organizationId: string): Promise<void> {
  if (!(await deleteSsoProvider(db, organizationId))) throw notFound('This organization has no single sign-on to remove');
}
