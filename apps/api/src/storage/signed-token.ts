import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed local-storage address allows. */
export interface StorageGrant {
  op: 'put' | 'get';
  key: string;
  fileId?: string;
  /** Expiry, seconds since epoch. */
  exp: number;
  maxBytes?: number;
  fileName?: string;
  contentType?: string;
  inline?: boolean;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signGrant(grant: StorageGrant, secret: string): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The grant in a token, or null when the signature is wrong, the token malformed or expired. */
export function verifyGrant(token: string, secret: string, now = Date.now()): StorageGrant | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StorageGrant;
    if (typeof grant.exp !== 'number' || grant.exp * 1000 < now) return null;
    return grant;
  } catch {
    return null;
  }
}
