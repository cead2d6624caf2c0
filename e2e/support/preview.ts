import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for a scan preview (inside `scope`) to show its image. The preview starts at import, so it may be
 * shown, being created, or not yet asked for: wait until its state has loaded, press 'Generate preview'
 * (or 'Retry preview creation') only when that is what it offers, then wait for the image. The texts are the
 * spec's (seed 001 §2): 'Preview not generated yet' beside 'Generate preview', 'Creating preview'.
 */
export async function waitForScanPreview(scope: Page | Locator, timeout = 120_000): Promise<void> {
  const image = scope.getByTestId('scan-preview-image');
  const empty = scope.getByTestId('scan-preview-empty');
  const generate = scope.getByTestId('scan-preview-generate');
  // One read of the state; the box's text is read with a short timeout since it may turn into the image.
  const state = async (): Promise<string | null> => {
    if (await image.isVisible()) return 'shown';
    const text = await empty.innerText({ timeout: 500 }).catch(() => null);
    if (text === null || text.includes('Loading preview')) return null;
    return text;
  };
  let seen: string | null = null;
  await expect.poll(async () => (seen = await state()), { timeout: 30_000 }).toBeTruthy();
  const text = seen as string | null;
  if (text === 'shown' || text === null) return image.waitFor({ timeout });
  expect(text).toMatch(
    /Creating preview|Preview not generated yet\s*Generate preview|Retry preview creation/,
  );
  if (!text.includes('Creating preview')) {
    // It may turn into 'Creating preview' between the read and the click: the click then has nothing to do.
    await generate.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await image.waitFor({ timeout });
}
