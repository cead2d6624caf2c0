/**
 * The area-page browser tests' common start: a new surveyor with an organization of their own imports the synthetic
 * vendor-style slab (three vertical and two horizontal bars, nine lines) and opens its area page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signUpWithOrganization } from './browser.js';
import { importZip } from './scans.js';
import { syntheticAreaZip } from './synthetic-area-scan.js';

/**
 * Signs up "Ada Surveyor" with the organization `name` (slug `slug`) and imports the synthetic slab into it.
 *
 * @returns the area scan's node id.
 * @example const areaId = await signUpAndImportSlab(page, server.url, { name: 'Deck Reports', slug: 'deck-reports' });
 */
export async function signUpAndImportSlab(
  page: Page,
  origin: string,
  organization: { name: string; slug: string },
): Promise<string> {
  await signUpWithOrganization(page, origin, {
    firstName: 'Ada',
    lastName: 'Surveyor',
    email: `${organization.slug}-${Date.now()}@example.com`,
    password: 'cover-check-2026',
    organization: organization.name,
    slug: organization.slug,
  });
  const imported = await importZip(page, origin, organization.slug, 'slab-7.zip', syntheticAreaZip());
  return imported.areaScanGroups[0]!.node.nodeId;
}

/** Opens an area scan's page and waits until its analysis has FINISHED. */
export async function openAreaScanPage(
  page: Page,
  origin: string,
  slug: string,
  areaId: string,
): Promise<void> {
  await page.goto(`${origin}/area-scans/${areaId}?org=${slug}`);
  await page.getByTestId('area-scan-page').waitFor();
  await expect
    .poll(() => page.getByTestId('analysis-status-bar').getAttribute('data-status'), { timeout: 180_000 })
    .toBe('FINISHED');
}
