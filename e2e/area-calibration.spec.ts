import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openAreaScanPage, signUpAndImportSlab } from './support/area-page.js';
import { openBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue #13 item 7 on the area page: the surveyor checks one bar with a cover meter where a line crosses it,
 * enters the reading, and the whole area's permittivity is calibrated on it: every line's covers follow, the
 * calibration is shown and can be removed.
 */
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'deck-calibration';
let areaId: string;

beforeAll(async () => {
  server = await startServer({ ANALYSIS_THREADS: '1' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = () => page.getByTestId('area-permittivity');
const value = () => card().getByTestId('permittivity-value');
/** The vertical layer's average cover as the stat card prints it (a number in the card's unit). */
const averageCover = async () =>
  Number(
    (await page.getByTestId('area-scan-panel-stats-vertical-cover-avg').textContent())!.match(/[\d.]+/)![0],
  );
const waitFinished = () =>
  expect
    .poll(() => page.getByTestId('analysis-status-bar').getAttribute('data-status'), { timeout: 180_000 })
    .toBe('FINISHED');

describe('area scan page: calibration on a known cover', () => {
  it('shows the area permittivity with its uncertainty and where it comes from', async () => {
    areaId = await signUpAndImportSlab(page, server.url, { name: 'Deck Calibration', slug: org });
    await openAreaScanPage(page, server.url, org, areaId);
    await expect.poll(() => value().getAttribute('data-source'), { timeout: 30_000 }).toBe('estimated');
    expect(await value().textContent()).toMatch(/^εr \d+\.\d\d ± \d+\.\d\d, estimated from \d+ hyperbolas$/);
    // Item 8: the cover cards carry the bars' typical uncertainty too.
    expect(await page.getByTestId('area-scan-panel-stats-vertical-cover-sd').textContent()).toMatch(
      /^± \d+\.\d mm$/,
    );
  });

  it('calibrates on the bar where a line crosses it, recomputes every cover, and removes it', async () => {
    const before = await averageCover();
    // The first bar where the second line crosses it; the cover meter reads 5 mm deeper than the engine.
    await page.getByRole('combobox', { name: 'Measured bar and line' }).click();
    const options = page.getByRole('option');
    expect(await options.count()).toBeGreaterThan(5);
    const option = options.nth(1);
    const label = (await option.textContent())!;
    const [, xText, yText, coverText] = label.match(/x ([\d.]+) m, y ([\d.]+) m, cover ([\d.]+) mm/)!;
    await option.click();
    const measuredMm = Math.round(Number(coverText)) + 5;
    await card().getByTestId('calibration-cover').fill(String(measuredMm));
    await screenshot(page, 'area-calibration-01-form');
    await card().getByTestId('calibration-apply').click();
    await expect.poll(() => value().getAttribute('data-source'), { timeout: 180_000 }).toBe('calibrated');
    await waitFinished();
    expect(await value().textContent()).toContain(
      `calibrated on the bar at x ${xText} m, y ${yText} m (measured cover ${measuredMm.toFixed(1)} mm)`,
    );
    // εr falls, so every cover grows: the layer's average by about 5 mm on a 4–6 cm cover.
    await expect.poll(averageCover, { timeout: 30_000 }).toBeGreaterThan(before);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'area-calibration-02-calibrated');

    await page.reload();
    await page.getByTestId('area-scan-page').waitFor();
    await expect.poll(() => value().getAttribute('data-source'), { timeout: 30_000 }).toBe('calibrated');

    await card().getByTestId('calibration-remove').click();
    await expect.poll(() => value().getAttribute('data-source'), { timeout: 180_000 }).toBe('estimated');
    await waitFinished();
    await expect.poll(averageCover, { timeout: 30_000 }).toBe(before);
  });
});
