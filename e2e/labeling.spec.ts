/**
 * Issue #19: a labeling session on a folder of three imported scans, through the browser: click to add, digits
 * for a diameter, Backspace, 'Add From Rebar Analysis', Save & next with the wrap after the last, a reload that
 * shows the stored labels, 'Clear labels', and the export.
 */
import { readFile } from 'node:fs/promises';
import { extractZipEntry, listZipEntries } from '@gprhub/gpr';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BrowserSession, createFolderByApi, openBrowser, screenshot, signUpWithOrganization } from './support/browser.js';
import { syntheticLineDzt, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'labellers';
let folderId: string;
let scanIds: string[] = [];

interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  traces: number;
  rows: number;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url, { width: 1680, height: 1050 });
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Lea',
    lastName: 'Labeller',
    email: `labeller-${Date.now()}@example.com`,
    password: 'concrete-cover-2026',
    organization: 'Labellers',
    slug: org,
  });
  folderId = await createFolderByApi(page, server.url, org, 'Deck 4');
  const zip = zipFiles({ 'L1.dzt': syntheticLineDzt(11), 'L2.dzt': syntheticLineDzt(12), 'L3.dzt': syntheticLineDzt(13) });
  const res = await page.request.post(`${server.url}/api/gpr-scans/create-from-zip`, {
    headers: { 'x-organization': org },
    multipart: { file: { name: 'deck.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) }, parentId: folderId },
  });
  expect(res.status()).toBe(201);
  const listed = await page.request.get(`${server.url}/api/labels/scans?nodeId=${folderId}`, { headers: { 'x-organization': org } });
  scanIds = ((await listed.json()) as { scans: { nodeId: string }[] }).scans.map((s) => s.nodeId);
  expect(scanIds).toHaveLength(3);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = () => page.getByTestId('labels-panel').getByTestId('label-row');
const active = () => page.getByTestId('labeling-page').getAttribute('data-active-scan');

/** Clicks the active signal at a fraction of its plot (waits until the signal is drawn). */
async function clickSignal(fx: number, fy: number): Promise<void> {
  const overlay = page.getByTestId('labeling-canvas').getByTestId('radargram-overlay');
  await expect.poll(() => overlay.getAttribute('data-plot')).toBeTruthy();
  const plot = JSON.parse((await overlay.getAttribute('data-plot'))!) as Plot;
  await overlay.click({ position: { x: plot.left + plot.width * fx, y: plot.top + plot.height * fy } });
}

it('starts from the hub and labels with the mouse and the keyboard', async () => {
  await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
  await page.getByTestId('hub-start-labeling').click();
  await page.getByTestId('labeling-page').waitFor();
  expect(new URL(page.url()).searchParams.get('nodeId')).toBe(folderId);
  await expect.poll(() => page.getByTestId('labelled-count').textContent()).toBe('Labelled 0 / 3');
  expect(await active()).toBe(scanIds[0]);

  await clickSignal(0.3, 0.3);
  await expect.poll(() => rows().count()).toBe(1);
  // Two digits within 700 ms build 16 mm for the label just added.
  await page.keyboard.type('16');
  await expect.poll(() => rows().first().getByRole('spinbutton').inputValue()).toBe('16');
  await clickSignal(0.6, 0.4);
  await expect.poll(() => rows().count()).toBe(2);
  await page.keyboard.press('Backspace');
  await expect.poll(() => rows().count()).toBe(1);

  // A field keeps its keys: typing a depth adds no diameter and removes no label.
  const depth = page.getByTestId('label-depth');
  await depth.fill('0.25');
  await depth.press('Backspace');
  await expect.poll(() => rows().count()).toBe(1);
  await depth.fill('0.25');
  await depth.blur();

  const addFromAnalysis = page.getByTestId('add-from-rebar-analysis');
  await expect.poll(() => addFromAnalysis.isEnabled(), { timeout: 120_000 }).toBe(true);
  await addFromAnalysis.click();
  await expect.poll(() => rows().count()).toBeGreaterThan(3);
  const labelled = await rows().count();
  await page.getByTestId('hot-keys').click();
  await page.getByTestId('hot-keys-dialog').getByText('Remove the latest label').waitFor();
  await screenshot(page, 'labeling-01-hot-keys');
  await page.keyboard.press('Escape');
  await page.getByTestId('hot-keys-dialog').waitFor({ state: 'detached' });
  await screenshot(page, 'labeling-02-labels');

  // A failed save keeps the labels on screen and says so.
  await page.route('**/api/node-metadata', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable', httpStatus: 503, code: 'UNAVAILABLE', service: 'api' }) }),
  );
  await page.getByTestId('labeling-save-next').click();
  await page.getByTestId('labeling-save-error').waitFor();
  expect(await page.getByTestId('labeling-save-error').textContent()).toContain('Your labels are still here');
  expect(await active()).toBe(scanIds[0]);
  expect(await rows().count()).toBe(labelled);
  await page.unroute('**/api/node-metadata');

  // Save & next: the next scan, and the count moves.
  await page.getByTestId('labeling-save-next').click();
  await expect.poll(active).toBe(scanIds[1]);
  await expect.poll(() => page.getByTestId('labelled-count').textContent()).toBe('Labelled 1 / 3');
  await clickSignal(0.5, 0.5);
  await expect.poll(() => rows().count()).toBe(1);
  await page.keyboard.press('Enter');
  await expect.poll(active).toBe(scanIds[2]);
  await clickSignal(0.5, 0.5);
  await expect.poll(() => rows().count()).toBe(1);
  await page.getByTestId('labeling-save-next').click();
  // After the last scan it wraps to the first.
  await expect.poll(active).toBe(scanIds[0]);
  await expect.poll(() => page.getByTestId('labelled-count').textContent()).toBe('Labelled 3 / 3');
  await expect.poll(() => rows().count()).toBe(labelled);

  await page.reload();
  await page.getByTestId('labeling-page').waitFor();
  expect(await active()).toBe(scanIds[0]);
  await expect.poll(() => rows().count()).toBe(labelled);
  expect(await page.getByTestId('label-depth').inputValue()).toBe('0.25');
  await expect.poll(() => rows().first().getByRole('spinbutton').inputValue()).toBe('16');
  await page.getByTestId('label-agreement').getByTestId('agreement-overall').waitFor();
  await screenshot(page, 'labeling-03-after-reload');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-labels').click()]);
  expect(download.suggestedFilename()).toBe('labels.zip');
  const zip = new Uint8Array(await readFile((await download.path())!));
  const entries = listZipEntries('labels.zip', zip);
  expect(entries.filter((e) => e.path.endsWith('/signal.f32'))).toHaveLength(3);
  const csv = new TextDecoder().decode(extractZipEntry('labels.zip', zip, entries.find((e) => e.path === 'labels.csv')!, 1 << 24));
  expect(csv.trim().split('\n')).toHaveLength(1 + labelled + 1 + 1 + 1);

  await page.getByTestId('clear-labels').click();
  await expect.poll(() => rows().count()).toBe(0);
  await expect.poll(() => page.getByTestId('labelled-count').textContent()).toBe('Labelled 2 / 3');
  await page.reload();
  await page.getByTestId('labeling-page').waitFor();
  await expect.poll(() => page.getByTestId('labelled-count').textContent()).toBe('Labelled 2 / 3');
  expect(await rows().count()).toBe(0);
}, 300_000);

it('locks the axes: distance and depth at one scale, kept across a reload, clicks still land on the sample', async () => {
  await page.goto(`${server.url}/labelers/gpr-scans/?nodeId=${folderId}&labelingNodeId=${scanIds[1]}&org=${org}`);
  await page.getByTestId('labeling-page').waitFor();
  await expect.poll(active).toBe(scanIds[1]);
  const view = page.getByTestId('labeling-canvas').getByTestId('radargram-view');
  const overlay = page.getByTestId('labeling-canvas').getByTestId('radargram-overlay');
  const plot = async () => {
    const raw = await overlay.getAttribute('data-plot');
    return raw ? (JSON.parse(raw) as Plot & { startSample: number }) : null;
  };
  const toggle = page.getByTestId('lock-axes');
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  expect(await view.getAttribute('data-axes-locked')).toBe('false');
  await expect.poll(plot).toBeTruthy();
  const free = (await plot())!;

  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => view.getAttribute('data-axes-locked')).toBe('true');
  // Locked, the image is fitted at one scale instead of stretched: one side keeps its length, the other shrinks.
  await expect.poll(async () => JSON.stringify(await plot())).not.toBe(JSON.stringify(free));
  const locked = (await plot())!;
  const keepsWidth = Math.abs(locked.width - free.width) < 0.5 && locked.height < free.height;
  const keepsHeight = Math.abs(locked.height - free.height) < 0.5 && locked.width < free.width;
  expect(keepsWidth || keepsHeight).toBe(true);
  // The view ends under the plot (a flat image leaves no empty band below it), the plot still whole.
  await expect
    .poll(async () => {
      const box = await view.boundingBox();
      return box !== null && box.height <= 480 && box.height >= locked.top + locked.height;
    })
    .toBe(true);
  // The hidden next scan is drawn the same way, so Save & next does not jump.
  expect(await page.getByTestId('labeling-canvas-next').getByTestId('radargram-view').getAttribute('data-axes-locked')).toBe('true');
  await screenshot(page, 'labeling-04-lock-axes');

  // A click on the locked plot adds the label at the sample under the cursor.
  const before = await rows().count();
  await clickSignal(0.5, 0.5);
  await expect.poll(() => rows().count()).toBe(before + 1);
  const added = rows().nth(before).getByRole('cell');
  const trace = Number(await added.nth(1).textContent());
  const sample = Number(await added.nth(2).textContent());
  expect(Math.abs(trace - (locked.traces * 0.5 - 0.5))).toBeLessThanOrEqual(1);
  expect(Math.abs(sample - (locked.startSample + locked.rows * 0.5 - 0.5))).toBeLessThanOrEqual(1);

  // The lock state is a local preference: a reload keeps it; unlocking fills the area again.
  await page.reload();
  await page.getByTestId('labeling-page').waitFor();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(async () => JSON.stringify(await plot())).toBe(JSON.stringify(locked));
  await toggle.click();
  await expect.poll(() => view.getAttribute('data-axes-locked')).toBe('false');
  await expect.poll(async () => JSON.stringify(await plot())).toBe(JSON.stringify(free));
}, 180_000);

it("says the spec's preview texts: 'Preview not generated yet' beside 'Generate preview'", async () => {
  // The preview starts at import; answer the preview's state as never asked for to see that state.
  const byInput = '**/api/analyses/by-input';
  await page.route(byInput, async (route) => {
    const body = route.request().postDataJSON() as { analysisType?: string } | null;
    if (body?.analysisType !== 'GPR_SCAN_PREVIEW') return route.fallback();
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ analysis: null, analysisRun: null, results: null, isDone: false, isPartial: false }),
    });
  });
  try {
    await page.reload();
    const preview = page.getByTestId('signal-preview');
    await preview.getByTestId('scan-preview-generate').waitFor();
    expect(await preview.getByTestId('scan-preview-not-generated').textContent()).toBe('Preview not generated yet');
    expect(await preview.getByTestId('scan-preview-generate').textContent()).toBe('Generate preview');
    expect(await preview.getByTestId('scan-preview-image').count()).toBe(0);
  } finally {
    await page.unroute(byInput);
  }
  await page.reload();
  await page.getByTestId('signal-preview').getByTestId('scan-preview-image').waitFor({ timeout: 120_000 });
  expect(await page.getByTestId('signal-preview').getByTestId('scan-preview-not-generated').count()).toBe(0);
}, 180_000);
