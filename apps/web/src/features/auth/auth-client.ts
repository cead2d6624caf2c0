import { inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth, served by our API under /api/auth (email and password, organizations). */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [
    organizationClient(),
    inferAdditionalFields({ user: { firstName: { type: 'string' }, lastName: { type: 'string' } } }),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession['user'];
