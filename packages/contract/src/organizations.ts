/**
 * Organizations live in better-auth (`/api/auth/organization/*`). The web app sends the active
 * organization's slug in this header on every API call, so two tabs on two organizations each
 * read their own data; without it the session's active organization applies.
 */
export const ORGANIZATION_HEADER = 'x-organization';
