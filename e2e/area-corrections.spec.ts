import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openAreaScanPage, signUpAndImportSlab } from './support/area-page.js';
import { openBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue #14 item 5: a line of an imported vendor-style area export is corrected on the area page with the GPR
 * scan page's editor; the correction feeds the plan and the statistics, survives a reload, and is the line's
 * own (its GPR scan page shows it).
 */
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'deck-corrections';
let areaId: string;
let firstLineId: string;

beforeAll(async () => {
  server = await startServer({ ANALYSIS_THREADS: '1' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = () => page.getByTestId('area-scan-panel-line-correction');
const editor = () => card().getByTestId('rebar-view');
const verticalBars = () =>
  page.locator('[data-testid="area-scan-panel-plan"] [data-testid="plan-rebar"][data-orientation="0"]');

async function shot(name: string, target?: Locator): Promise<void> {
  await page.waitForTimeout(300);
  if (target) await target.scrollIntoViewIfNeeded();
  await screenshot(page, name);
}

/** The page point of a bar's centre on the editor's canvas (metres along the line and centre depth). */
async function barPoint(xM: number, centreDepthM: number) {
  const canvas = card().getByTestId('rebar-canvas');
  const box = (await canvas.boundingBox())!;
  const n = async (name: string) => Number(await canvas.getAttribute(name));
  return {
    x: box.x + 120 + (xM - (await n('data-x0-m'))) * (await n('data-px-per-m-x')),
    y: box.y + 120 + (centreDepthM - (await n('data-d0-m'))) * (await n('data-px-per-m-y')),
  };
}

/** Each vertical bar of the plan as its points [x, y] in metres, ordered by x. */
async function planVerticals(): Promise<[number, number][][]> {
  const all = await verticalBars().evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-points-m') ?? ''),
  );
  return all
    .map((points) => points.split(' ').map((p) => p.split(',').map(Number) as [number, number]))
    .sort((a, b) => a[0]![0] - b[0]![0]);
}

async function openArea(): Promise<void> {
  await openAreaScanPage(page, server.url, org, areaId);
  await expect.poll(() => verticalBars().count(), { timeout: 30_000 }).toBe(3);
}

describe('area scan page: corrections per line', () => {
  it('imports a vendor-style area export and shows its plan with a line editor', async () => {
    areaId = await signUpAndImportSlab(page, server.url, { name: 'Deck Corrections', slug: org });
    await openArea();
    // Five lines along x cross each vertical bar: one point per line, L001 at y = 0.
    const before = await planVerticals();
    expect(before.map((bar) => bar.length)).toEqual([5, 5, 5]);
    expect(await page.locator('[data-testid="plan-rebar"][data-corrected="true"]').count()).toBe(0);
    firstLineId = (await card().getAttribute('data-line-node-id'))!;
    expect(await card().textContent()).toContain('Correct L001');
    // The editor starts from the area's own result for L001: its three vertical bars.
    await expect.poll(() => editor().getAttribute('data-analysis-count'), { timeout: 60_000 }).toBe('3');
  });

  it('moves, resizes and removes bars of L001, saves, and the plan and statistics follow', async () => {
    await card().getByTestId('toggle-corrected').click();
    await card().getByTestId('toggle-edit').click();
    expect(await card().getByTestId('rebar-save').isDisabled()).toBe(true);

    // Bars of L001 at 0.15, 0.30 and 0.45 m, covers 4, 5 and 6 cm, radius 6 mm.
    // Drag the middle one 3 cm along the line.
    const from = await barPoint(0.3, 0.056);
    const to = await barPoint(0.33, 0.056);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    expect(await editor().getAttribute('data-dirty')).toBe('true');
    // Give the first a 20 mm diameter.
    const first = await barPoint(0.15, 0.046);
    await page.mouse.click(first.x, first.y);
    await card().getByTestId('rebar-diameter-input').fill('20');
    await card().getByTestId('rebar-diameter-input').press('Enter');
    // Remove the third with the Delete key.
    const third = await barPoint(0.45, 0.066);
    await page.mouse.click(third.x, third.y);
    // The pointer rests on it, so its hover card is up; deleting the bar takes its card away with it.
    await expect.poll(() => card().getByTestId('rebar-hover-card').textContent()).toContain('Corrected bar');
    await page.keyboard.press('Delete');
    expect(await editor().getAttribute('data-corrected-count')).toBe('2');
    await expect.poll(() => card().getByTestId('rebar-hover-card').count()).toBe(0);
    await shot('area-corrections-01-editing', card());

    await card().getByTestId('rebar-save').click();
    await expect.poll(() => editor().getAttribute('data-has-correction')).toBe('true');
    await expect.poll(() => card().getByTestId('rebar-saved').isVisible()).toBe(true);

    // The plan at once: the middle bar bends to 0.33 m on L001, the third starts at L002, the first is Ø 20 mm.
    await expect.poll(async () => (await planVerticals()).map((bar) => bar.length)).toEqual([5, 5, 4]);
    const after = await planVerticals();
    expect(after[1]![0]![1]).toBe(0);
    expect(after[1]![0]![0]).toBeCloseTo(0.33, 2);
    expect(after[2]![0]![1]).toBeCloseTo(0.1, 3);
    expect(await verticalBars().first().locator('title').textContent()).toMatch(/Ø 20 mm · corrected/);
    expect(await page.getByTestId('area-scan-panel-corrected-lines').textContent()).toContain('1 line');
    expect(await page.getByTestId('area-scan-panel-stats-vertical-diameter').textContent()).toContain(
      'max 20 mm',
    );
    // Other lines keep the engine's default radius, so the card notes it, under the figures: the 20 mm set by
    // hand stays readable (nothing lies over the average or the min/max line).
    const diameterCard = page.getByTestId('area-scan-panel-stats-vertical-diameter');
    await diameterCard.scrollIntoViewIfNeeded();
    expect(await diameterCard.textContent()).toContain('Diameter not optimized by this analysis');
    const uncovered = async (target: Locator) =>
      target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && el.contains(top);
      });
    expect(await uncovered(page.getByTestId('area-scan-panel-stats-vertical-diameter-avg'))).toBe(true);
    expect(await uncovered(diameterCard.getByText(/^min \d+ · max 20 mm$/))).toBe(true);
    await shot('area-corrections-02-plan-corrected');
  });

  it('keeps the correction after a reload, and the line page shows the same correction', async () => {
    await openArea();
    await expect.poll(async () => (await planVerticals()).map((bar) => bar.length)).toEqual([5, 5, 4]);
    expect(await page.locator('[data-testid="plan-rebar"][data-corrected="true"]').count()).toBe(3);
    expect(await page.getByTestId('area-scan-panel-stats-vertical-diameter').textContent()).toContain(
      'max 20 mm',
    );
    // A saved correction is shown at once, analysis-only view off (spec §4).
    await expect.poll(() => editor().getAttribute('data-has-correction')).toBe('true');
    expect(await card().getByTestId('toggle-corrected').getAttribute('aria-pressed')).toBe('true');
    expect(await editor().getAttribute('data-corrected-count')).toBe('2');
    await shot('area-corrections-03-after-reload');

    await page.goto(`${server.url}/gpr-scans/${firstLineId}?org=${org}`);
    await page.getByTestId('gpr-scan-page').waitFor();
    await expect.poll(() => page.getByTestId('rebar-view').getAttribute('data-has-correction')).toBe('true');
    expect(await page.getByTestId('rebar-view').getAttribute('data-corrected-count')).toBe('2');
  });

  it('resets L001 to the analysis: saving deletes the correction and the plan is the analysis again', async () => {
    await openArea();
    await expect.poll(() => editor().getAttribute('data-has-correction')).toBe('true');
    await card().getByTestId('toggle-edit').click();
    await card().getByTestId('rebar-reset').click();
    await card().getByTestId('rebar-save').click();
    await expect.poll(() => editor().getAttribute('data-has-correction')).toBe('false');
    await expect.poll(async () => (await planVerticals()).map((bar) => bar.length)).toEqual([5, 5, 5]);
    expect(await page.locator('[data-testid="plan-rebar"][data-corrected="true"]').count()).toBe(0);
  });
});
