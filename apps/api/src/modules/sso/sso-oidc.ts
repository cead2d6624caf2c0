import * as client from 'openid-client';

/** The identity provider could not be used: its issuer URL, discovery document or answer was not acceptable. */
export class SsoDiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoDiscoveryError';
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Issuer URLs must be https; plain http only for a loopback issuer while the app itself runs on http
 * (development and the tests' own provider).
 */
export function checkIssuerUrl(issuer: string, allowHttpLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new SsoDiscoveryError(`The issuer URL ${issuer} is not a valid address`);
  }
  if (url.search || url.hash) throw new SsoDiscoveryError('The issuer URL must not have a query or a fragment');
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowHttpLoopback && LOOPBACK_HOSTS.has(url.hostname)) return url;
  throw new SsoDiscoveryError('The issuer URL must use https');
}

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowHttpLoopback: boolean;
}

/**
 * Read the provider's discovery document (openid-client checks that it names this issuer) and return a client
 * configuration that verifies ID-token signatures against the provider's keys. Discovery is read afresh for
 * each sign-in step, so a new JWKS (key rotation) is always seen.
 */
export async function discoverProvider(settings: OidcClientSettings): Promise<client.Configuration> {
  const url = checkIssuerUrl(settings.issuer, settings.allowHttpLoopback);
  const insecure = url.protocol === 'http:';
  let config: client.Configuration;
  try {
    config = await client.discovery(url, settings.clientId, undefined, client.None(), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SsoDiscoveryError(
      `Could not read the identity provider's discovery document at ${url.href.replace(/\/$/, '')}/.well-known/openid-configuration: ${reason}`,
    );
  }
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new SsoDiscoveryError('The discovery document lacks an authorization, token or JWKS endpoint');
  }
  if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) {
    throw new SsoDiscoveryError('The identity provider does not support the authorization code flow');
  }
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
    throw new SsoDiscoveryError('The identity provider does not support PKCE with S256');
  }
  // Client authentication at the token endpoint: client_secret_basic unless the provider only offers post.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? client.ClientSecretPost(settings.clientSecret)
      : client.ClientSecretBasic(settings.clientSecret);
  const configured = new client.Configuration(metadata, settings.clientId, undefined, auth);
  if (insecure) client.allowInsecureRequests(configured);
  client.enableNonRepudiationChecks(configured);
  return configured;
}
