/** Longest slug we derive or accept. */
export const MAX_SLUG_LENGTH = 48;

/** A valid slug: lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Derive an organization slug from its name: accents dropped, lower case, runs of anything else
 * turned into one hyphen.
 * @example slugify('Béton & Fils GmbH') // 'beton-fils-gmbh'
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}
