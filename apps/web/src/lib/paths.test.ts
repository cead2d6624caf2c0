import { describe, expect, it } from 'vitest';
import { slugify } from '../features/organizations/slugify';
import { isUuid } from './uuid';
import { safeRedirect, withOrg } from './with-org';

describe('withOrg', () => {
  it('adds the org parameter, keeping query and hash', () => {
    expect(withOrg('/hub', 'acme')).toBe('/hub?org=acme');
    expect(withOrg('/hub/1?tab=images#top', 'acme')).toBe('/hub/1?tab=images&org=acme#top');
  });

  it('keeps an org the path already names, and leaves paths alone without an org', () => {
    expect(withOrg('/hub?org=other', 'acme')).toBe('/hub?org=other');
    expect(withOrg('/hub', null)).toBe('/hub');
  });
});

describe('safeRedirect', () => {
  it('accepts app paths only', () => {
    expect(safeRedirect('/keys?org=acme')).toBe('/keys?org=acme');
    expect(safeRedirect(null)).toBe('/hub');
    expect(safeRedirect('https://evil.example')).toBe('/hub');
    expect(safeRedirect('//evil.example')).toBe('/hub');
    expect(safeRedirect('/auth/sign-in')).toBe('/hub');
  });
});

describe('slugify', () => {
  it('derives a slug from a name', () => {
    expect(slugify('Béton & Fils GmbH')).toBe('beton-fils-gmbh');
    expect(slugify('  --Acme Scanning-- ')).toBe('acme-scanning');
    expect(slugify('x'.repeat(60))).toHaveLength(48);
  });
});

describe('isUuid', () => {
  it('accepts UUID v4 only', () => {
    expect(isUuid('3f1c2b4a-8d7e-4f60-9a1b-2c3d4e5f6a7b')).toBe(true);
    expect(isUuid('3f1c2b4a-8d7e-1f60-9a1b-2c3d4e5f6a7b')).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
