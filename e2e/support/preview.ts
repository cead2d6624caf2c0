import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for a scan preview (inside `scope`) to show its image. The preview starts at import, so it may be
 * shown, being created, or not yet asked for: wait until its state has loaded, press 'Generate preview'
 * only when that is what it offers, then wait for the image.
 */
export async function waitForScanPreview(scope: Page | Locator, timeout = 120_000): Promise<void> {
  const image = scope.getByTestId('scan-preview-image');
  const generate = scope.getByTestId('scan-preview-generate');
  const creating = scope.getByText('Creating preview');
  await expect
    .poll(
      async () => (await image.isVisible()) || (await creating.isVisible()) || (await generate.isVisible()),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  if (await generate.isVisible()) {
    expect(await generate.textContent()).toMatch(/Generate preview|Retry preview creation/);
    // It may turn into 'Creating preview' between the check and the click: the click then has nothing to do.
    await generate.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await image.waitFor({ timeout });
}
