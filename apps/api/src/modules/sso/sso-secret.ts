import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Client secrets of identity providers at rest: AES-256-GCM with a key derived from AUTH_SECRET (HKDF-SHA256),
 * the organization id as additional data (a row copied to another organization does not decrypt).
 */
function keyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'gprhub-sso', 'sso client secret v1', 32));
}

export function encryptSsoSecret(authSecret: string, organizationId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret), iv);
  cipher.setAAD(Buffer.from(organizationId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSsoSecret(authSecret: string, organizationId: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown format of a stored SSO secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(organizationId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
