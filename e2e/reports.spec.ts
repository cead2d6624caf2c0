import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAreaScanPage, signUpAndImportSlab } from './support/area-page.js';
import { openBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue #21: from an area scan's page a surveyor exports the bars as CSV and generates the PDF report, waits for
 * the job and downloads it.
 */
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'deck-reports';
let areaId: string;
/** A 2 × 1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWMQTT0gmnoAAAdHAnUL8jLfAAAAAElFTkSuQmCC',
  'base64',
);

beforeAll(async () => {
  server = await startServer({ ANALYSIS_THREADS: '1' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('reports and exports from the area scan page', () => {
  it('exports the bars as CSV and generates and downloads the PDF report', async () => {
    areaId = await signUpAndImportSlab(page, server.url, { name: 'Deck Reports', slug: org });
    await openAreaScanPage(page, server.url, org, areaId);

    // Export CSV: a download named after the area, one row per bar of the plan (3 vertical, 2 horizontal).
    await page.getByTestId('export-menu-button').click();
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('Slab 7-rebars.csv');
    const csv = readFileSync((await csvDownload.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^id,source,orientation,x_m,/);
    expect(csv).toHaveLength(1 + 5);

    // Generate the report: its progress shows beside the menu until it is ready.
    await page.getByTestId('export-menu-button').click();
    await page.getByTestId('generate-report').click();
    await page.getByTestId('report-status').waitFor();
    await expect
      .poll(() => page.getByTestId('report-status').getAttribute('data-status'), { timeout: 120_000 })
      .toBe('FINISHED');
    await screenshot(page, 'reports-area-scan-page');

    await page.getByTestId('export-menu-button').click();
    await page.getByTestId('download-report').waitFor();
    await screenshot(page, 'reports-export-menu');
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-report').click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^Slab 7 – report .*\.pdf$/);
    const bytes = readFileSync((await pdfDownload.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
  });

  it("saves the organization's report settings", async () => {
    await page.goto(`${server.url}/report-settings?org=${org}`);
    await page.getByTestId('report-settings-name').waitFor();
    await page.getByTestId('report-settings-name').fill('Deck Reports Ltd');
    await page.getByTestId('report-settings-save').click();
    await expect
      .poll(() => page.getByTestId('report-settings-message').textContent())
      .toBe('Report settings saved');
    await screenshot(page, 'reports-settings-page');
    const saved = await page.request.get(`${server.url}/api/report-settings`, {
      headers: { 'x-organization': org },
    });
    expect((await saved.json()).reportSettings.organizationName).toBe('Deck Reports Ltd');
  });

  it('uploads a logo, shows it and removes it', async () => {
    await page.goto(`${server.url}/report-settings?org=${org}`);
    await page.getByTestId('report-settings-logo-input').waitFor({ state: 'attached' });
    // A file that is no image is refused on the page, before any upload.
    await page
      .getByTestId('report-settings-logo-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no logo') });
    await expect
      .poll(() => page.getByTestId('report-settings-message').textContent())
      .toBe('The logo must be a PNG or JPEG image');
    await page
      .getByTestId('report-settings-logo-input')
      .setInputFiles({ name: 'deck-logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect
      .poll(() => page.getByTestId('report-settings-message').textContent(), { timeout: 30_000 })
      .toBe('Logo saved');
    const image = page.getByTestId('report-settings-logo-image');
    await image.waitFor();
    // The image has loaded from its address.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    await screenshot(page, 'reports-settings-logo');
    const saved = await page.request.get(`${server.url}/api/report-settings`, {
      headers: { 'x-organization': org },
    });
    expect((await saved.json()).reportSettings.logoFileId).toEqual(expect.any(String));

    await page.getByTestId('report-settings-logo-remove').click();
    await expect.poll(() => page.getByTestId('report-settings-message').textContent()).toBe('Logo removed');
    expect(await image.count()).toBe(0);
  });
});
