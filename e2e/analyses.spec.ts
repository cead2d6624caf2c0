import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip, syntheticLineDzt, triggerAnalysis, vendorAreaZip, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'rebar-lab';
const email = `analyst-${Date.now()}@example.com`;
const password = 'rebar-cover-2026';
let lineScanId: string;
let otherLineIds: string[] = [];
let areaScanId: string;
const analysisIds: Record<string, string> = {};

beforeAll(async () => {
  // One analysis at a time, as on a small server: the queue is then visible in the table.
  // This spec follows analyses it starts itself from an empty table: imports start none here (issue #14).
  server = await startServer({ ANALYSIS_THREADS: '1', GPR_IMPORT_START_ANALYSES: 'off' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot once expansions and menus have finished animating. */
async function shot(name: string): Promise<void> {
  await page.waitForTimeout(400);
  // Full-page shots draw the fixed header where the viewport is: shoot from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const analysisRow = (nodeId: string) => page.locator(`.MuiDataGrid-row[data-id="${nodeId}"]`);
const rowStatus = (nodeId: string) =>
  analysisRow(nodeId).getByTestId('analysis-status').getAttribute('data-status');
const visibleTypeLabels = () =>
  page.locator('.MuiDataGrid-row [data-testid="analysis-type"]').allTextContents();

describe('analyses: the table of analyses, their runs and jobs', () => {
  it('signs up, creates an organization and imports a line scan and an area scan', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: email,
      password: password,
      organization: 'Rebar Lab',
      slug: org,
    });

    const names = ['Slab-A1', 'Slab-A2', 'Slab-A3', 'Slab-A4'];
    const lines = await importZip(
      page,
      server.url,
      org,
      'slab-east.zip',
      zipFiles(Object.fromEntries(names.map((name, i) => [`${name}.dzt`, syntheticLineDzt(11 + i)]))),
    );
    const idOf = (name: string) => lines.gprScans.find((scan) => scan.node.name === name)!.node.nodeId;
    lineScanId = idOf('Slab-A1');
    otherLineIds = names.slice(1).map(idOf);
    const area = await importZip(page, server.url, org, 'area.zip', vendorAreaZip());
    areaScanId = area.areaScanGroups[0]!.node.nodeId;
    expect(area.gprScans).toHaveLength(3);
  });

  it('shows the empty state, then rows that turn FINISHED live, without a reload', async () => {
    await page.getByTestId('nav-analyses').click();
    await page.waitForURL(new RegExp(`/analyses\\?.*org=${org}`));
    await page.getByTestId('analyses-empty-state').waitFor();
    expect(await page.getByTestId('analyses-empty-state').getAttribute('data-reason')).toBe('empty');
    await shot('analyses-01-empty');

    // Start six analyses from the hub (the worker runs them one after the other), then open the table
    // through the menu. The marker on this document would not survive a reload.
    await page.getByTestId('nav-hub').click();
    await page.waitForURL(/\/hub\?/);
    await page.evaluate(() => Object.assign(window, { analysesPageMarker: true }));
    const line = await triggerAnalysis(page, org, 'LINE_SCAN_REBAR_2', { gprScanNodeId: lineScanId });
    const preview = await triggerAnalysis(page, org, 'GPR_SCAN_PREVIEW', { gprScanNodeId: lineScanId });
    for (const [i, id] of otherLineIds.entries()) {
      const other = await triggerAnalysis(page, org, 'LINE_SCAN_REBAR_2', { gprScanNodeId: id });
      analysisIds[`other${i}`] = other.analysis.nodeId;
    }
    const area = await triggerAnalysis(page, org, 'AREA_SCAN_REBAR_2', { areaScanNodeId: areaScanId });
    analysisIds.line = line.analysis.nodeId;
    analysisIds.preview = preview.analysis.nodeId;
    analysisIds.area = area.analysis.nodeId;
    expect(line.started).toBe(true);
    await page.getByTestId('nav-analyses').click();

    await analysisRow(analysisIds.area).waitFor({ timeout: 20_000 });
    const seen = new Set<string>();
    let hasRunningShot = false;
    const allFinished = async () => {
      const statuses = await Promise.all(Object.values(analysisIds).map((id) => rowStatus(id)));
      statuses.forEach((status) => seen.add(status ?? ''));
      if (!hasRunningShot && statuses.some((status) => status === 'CREATED' || status === 'ANALYSING')) {
        hasRunningShot = true;
        await screenshot(page, 'analyses-02-running');
      }
      return statuses.every((status) => status === 'FINISHED');
    };
    await expect.poll(allFinished, { timeout: 90_000, interval: 200 }).toBe(true);
    expect(await page.evaluate(() => (window as { analysesPageMarker?: boolean }).analysesPageMarker)).toBe(
      true,
    );
    console.log(`statuses seen in the table: ${[...seen].join(', ')}`);
    // The rows were seen running before they finished: the table follows them live.
    expect([...seen].some((status) => status === 'CREATED' || status === 'ANALYSING')).toBe(true);

    // The area scan's run left one per-line analysis per line; the table lists only the 6 triggered (the
    // per-line ones are under their area-scan analysis).
    await expect
      .poll(() => page.getByTestId('analyses-total').textContent(), { timeout: 20_000 })
      .toBe('6 analyses');
    const input = analysisRow(analysisIds.line).getByTestId('analysis-input');
    expect(await input.getAttribute('data-node-id')).toBe(lineScanId);
    expect(await input.getByRole('link').textContent()).toContain('Slab-A1');
    expect(await input.getByRole('link').getAttribute('href')).toBe(`/gpr-scans/${lineScanId}?org=${org}`);
    await shot('analyses-03-finished');
  });

  it('opens an analysis to its runs, a run to its job, and shows the history and engine version', async () => {
    await page.getByTestId(`analysis-expand-${analysisIds.line}`).click();
    const details = page.getByTestId(`analysis-details-${analysisIds.line}`);
    await details.waitFor();
    expect(await details.getByTestId('analysis-details-id').textContent()).toBe(analysisIds.line);
    const run = details.locator('[data-testid^="analysis-run-toggle-"]').first();
    await run.click();
    const job = details.locator('[data-testid^="analysis-job-"]').first();
    await job.waitFor();
    expect(await job.getAttribute('data-status')).toBe('FINISHED');
    expect((await job.getByTestId('job-engine-version').textContent())?.trim()).toMatch(/\S/);
    expect(await job.getByTestId('job-attempts').textContent()).toBe('1');

    const jobId = (await job.getAttribute('data-testid'))!.replace('analysis-job-', '');
    await page.getByTestId(`job-history-toggle-${jobId}`).click();
    const history = page.getByTestId(`job-history-${jobId}`);
    await history.waitFor();
    const events = await history
      .getByTestId('job-history-event')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-event')));
    expect(events[0]).toBe('CREATED');
    expect(events).toContain('STARTED');
    expect(events.at(-1)).toBe('FINISHED');
    await shot('analyses-04-run-job-history');

    // Copy the payload and read it back from the clipboard.
    await page.getByTestId(`copy-payload-${jobId}`).click();
    const message = page.getByTestId('payload-copy-message');
    await message.waitFor();
    expect(await message.textContent()).toBe('Analysis payload copied to clipboard!');
    await shot('analyses-05-payload-copied');
    const payload = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      analysisType: string;
      analysisInput: { gprScanNodeId: string };
    };
    expect(payload.analysisType).toBe('LINE_SCAN_REBAR_2');
    expect(payload.analysisInput.gprScanNodeId).toBe(lineScanId);
    // The success message goes after 2 s.
    await expect.poll(() => message.count(), { timeout: 5_000 }).toBe(0);
  });

  it("lists an area scan's per-line analyses, each openable", async () => {
    await page.getByTestId(`analysis-expand-${analysisIds.line}`).click();
    await page.getByTestId(`analysis-expand-${analysisIds.area}`).click();
    const details = page.getByTestId(`analysis-details-${analysisIds.area}`);
    const subs = details.getByTestId(`sub-analyses-${analysisIds.area}`);
    await subs.waitFor();
    const items = subs.locator('[data-testid^="sub-analysis-toggle-"]');
    // In the order of the lines, each named once its line's node has loaded.
    await expect.poll(() => items.allTextContents()).toEqual([
      expect.stringContaining('L001'),
      expect.stringContaining('L002'),
      expect.stringContaining('L003'),
    ]);
    await items.first().click();
    await subs.locator('[data-testid^="analysis-run-"]').first().waitFor();
    await shot('analyses-06-sub-analyses');
  });

  it('filters by type on the server and shows the hidden ID column on demand', async () => {
    await page.getByTestId('analyses-type-filter').click();
    await page.getByTestId('analyses-type-option-GPR_SCAN_PREVIEW').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('analyses-total').textContent()).toBe('1 analysis');
    expect(await visibleTypeLabels()).toEqual(['GPR scan preview']);
    await shot('analyses-07-filtered');

    await page.getByTestId('analyses-type-filter').click();
    await page.getByTestId('analyses-type-option-LINE_SCAN_REBAR_2').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('analyses-total').textContent()).toBe('5 analyses');
    await page.getByTestId('analyses-type-filter-clear').click();
    await expect.poll(() => page.getByTestId('analyses-total').textContent()).toBe('6 analyses');

    const idHeader = page.locator('[role="columnheader"][data-field="nodeId"]');
    expect(await idHeader.count()).toBe(0);
    await page.getByTestId('analyses-columns-button').click();
    await page.getByRole('checkbox', { name: 'ID', exact: true }).waitFor();
    await shot('analyses-08-columns-panel');
    await page.getByRole('checkbox', { name: 'ID', exact: true }).click();
    await page.keyboard.press('Escape');
    await idHeader.waitFor();
    await expect
      .poll(() => analysisRow(analysisIds.line!).locator('[data-field="nodeId"]').textContent())
      .toBe(analysisIds.line);
  });

  it('works on a tablet, a phone and in dark mode', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await analysisRow(analysisIds.area!).waitFor();
    // With ID shown the columns are wider than the grid: the open analysis stays in view, even scrolled.
    const areaDetails = page.getByTestId(`analysis-details-${analysisIds.area}`);
    // Measured afresh each time: the grid and the panel settle a frame or two after the resize.
    const inView = async () => {
      const grid = (await page.getByTestId('analyses-grid').boundingBox())!;
      const box = (await areaDetails.boundingBox())!;
      return box.x >= grid.x - 1 && box.x + box.width <= grid.x + grid.width + 1;
    };
    await expect.poll(inView).toBe(true);
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo({ left: 10_000 }));
    await expect.poll(inView).toBe(true);
    await shot('analyses-09-tablet');
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo({ left: 0 }));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await analysisRow(analysisIds.line!).waitFor();
    await page.getByTestId(`analysis-expand-${analysisIds.line}`).click();
    const details = page.getByTestId(`analysis-details-${analysisIds.line}`);
    await details.locator('[data-testid^="analysis-run-toggle-"]').first().click();
    await details.locator('[data-testid^="analysis-job-"]').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('analyses-10-phone');
    await page.getByTestId('theme-mode-switch').click();
    await shot('analyses-11-phone-dark');
    await page.getByTestId('theme-mode-switch').click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("says 'Error loading data' when the list cannot be loaded", async () => {
    await page.route('**/api/analyses/query?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.reload();
    await page.getByTestId('analyses-load-error').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('analyses-load-error').textContent()).toBe('Error loading data');
    await shot('analyses-12-error');
    await page.unroute('**/api/analyses/query?**');
  });
});
