import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';
import { AREA_TRUTH, syntheticAreaZip } from './support/synthetic-area-scan.js';

/**
 * Issue #14 item 5 on the dual-orientation area page: a line of each area scan of the pair is corrected with the
 * GPR scan page's editor; the corrections feed the pair's plans and statistics (the pooled analysis' bars of
 * that line replaced), survive a reload, reach the pair's CSV export, and reset. The page has a way up.
 */
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
// Unique per run, so the test also runs against a kept PostgreSQL database (DATABASE_URL).
const suffix = Date.now().toString(36);
const org = `dual-deck-${suffix}`;
const folderName = `Deck survey ${suffix}`;
let dualId: string;

beforeAll(async () => {
  server = await startServer({ ANALYSIS_THREADS: '1' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Side = 'parallel' | 'perpendicular';
const card = (side: Side) => page.getByTestId(`dual-${side}-area-line-correction`);
const editor = (side: Side) => card(side).getByTestId('rebar-view');
/** The plan's bars of a side: the parallel area gives the vertical bars, the perpendicular one the horizontal. */
const planBars = (side: Side) =>
  page.locator(`[data-testid="dual-${side}-area-plan"] [data-testid="plan-rebar"]`);

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body, org }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-organization': org },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
    },
    { method, path, body, org },
  );
}

async function shot(name: string, target?: Locator): Promise<void> {
  await page.waitForTimeout(300);
  if (target) await target.scrollIntoViewIfNeeded();
  else await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The page point of a bar's centre on a side's editor canvas (metres along the line and centre depth). */
async function barPoint(side: Side, alongM: number, centreDepthM: number) {
  const canvas = card(side).getByTestId('rebar-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const n = async (name: string) => Number(await canvas.getAttribute(name));
  return {
    x: box.x + 120 + (alongM - (await n('data-x0-m'))) * (await n('data-px-per-m-x')),
    y: box.y + 120 + (centreDepthM - (await n('data-d0-m'))) * (await n('data-px-per-m-y')),
  };
}

/** Each bar of a side's plan as its points [x, y] in metres, ordered across the bars. */
async function planPoints(side: Side): Promise<[number, number][][]> {
  const all = await planBars(side).evaluateAll((els) => els.map((el) => el.getAttribute('data-points-m') ?? ''));
  const across = side === 'parallel' ? 0 : 1;
  return all
    .map((points) => points.split(' ').map((p) => p.split(',').map(Number) as [number, number]))
    .sort((a, b) => a[0]![across] - b[0]![across]);
}

async function openPair(): Promise<void> {
  await page.goto(`${server.url}/dual-orientation-area-scans/${dualId}?org=${org}`);
  await page.getByTestId('dual-area-scan-page').waitFor();
  await expect
    .poll(() => page.getByTestId('analysis-status-bar').getAttribute('data-status'), { timeout: 200_000 })
    .toBe('FINISHED');
  await expect.poll(() => planBars('parallel').count(), { timeout: 30_000 }).toBe(AREA_TRUTH.vertical.length);
  await expect.poll(() => planBars('perpendicular').count()).toBe(AREA_TRUTH.horizontal.length);
}

/** Drag the bar at `fromM` along a side's line to `toM`, at its centre depth. */
async function dragBar(side: Side, fromM: number, toM: number, depthM: number): Promise<void> {
  const from = await barPoint(side, fromM, depthM);
  const to = await barPoint(side, toM, depthM);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function setDiameter(side: Side, alongM: number, depthM: number, mm: number): Promise<void> {
  const point = await barPoint(side, alongM, depthM);
  await page.mouse.click(point.x, point.y);
  await card(side).getByTestId('rebar-diameter-input').fill(String(mm));
  await card(side).getByTestId('rebar-diameter-input').press('Enter');
}

async function save(side: Side): Promise<void> {
  await card(side).getByTestId('rebar-save').click();
  await expect.poll(() => editor(side).getAttribute('data-has-correction')).toBe('true');
}

describe('dual-orientation area page: corrections per line', () => {
  it('imports a survey scanned in both directions and pairs its two area scans', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Surveyor',
      email: `dual-${suffix}@example.com`,
      password: 'cover-check-2026',
      organization: `Dual Deck ${suffix}`,
      slug: org,
    });
    const folder = await api<{ nodeId: string }>('POST', '/api/nodes', { type: 'FOLDER', name: folderName });
    expect(folder.status).toBe(201);
    const ids: string[] = [];
    for (const part of ['vertical', 'horizontal'] as const) {
      const zip = syntheticAreaZip(`Deck ${part}`, part === 'vertical' ? 300 : 400, part);
      const imported = await importZip(page, server.url, org, `deck-${part}.zip`, zip, folder.body.nodeId);
      ids.push(imported.areaScanGroups[0]!.node.nodeId);
    }
    const created = await api<{ dualOrientationAreaScan: { nodeId: string } }>(
      'POST',
      '/api/dual-orientation-area-scans',
      { parallelAreaScanNodeId: ids[0], perpendicularAreaScanNodeId: ids[1] },
    );
    expect(created.status).toBe(201);
    dualId = created.body.dualOrientationAreaScan.nodeId;
  }, 240_000);

  it('opens the pair with breadcrumbs and a line editor on each side, starting from the pooled analysis', async () => {
    await openPair();
    // A way up: the hub path to the folder the pair lives in.
    const crumbs = page.getByTestId('hub-breadcrumbs');
    await expect.poll(() => crumbs.getByRole('link', { name: folderName }).count()).toBe(1);
    expect(await crumbs.textContent()).toMatch(/^Hub/);
    // Each side's editor starts from the pair's result for its first line: the bars of its direction it crosses.
    expect(await card('parallel').textContent()).toContain('Correct L001');
    expect(await card('perpendicular').textContent()).toContain('Correct L001');
    await expect
      .poll(() => editor('parallel').getAttribute('data-analysis-count'), { timeout: 60_000 })
      .toBe(String(AREA_TRUTH.vertical.length));
    await expect
      .poll(() => editor('perpendicular').getAttribute('data-analysis-count'), { timeout: 60_000 })
      .toBe(String(AREA_TRUTH.horizontal.length));
    expect((await planPoints('parallel')).map((bar) => bar.length)).toEqual([5, 5, 5]);
    expect((await planPoints('perpendicular')).map((bar) => bar.length)).toEqual([4, 4]);
    expect(await page.locator('[data-testid="plan-rebar"][data-corrected="true"]').count()).toBe(0);
    await shot('dual-area-corrections-01-page');
  }, 300_000);

  it('corrects L001 of the parallel area: removes a bar and sets a diameter; the plan and statistics follow', async () => {
    const side = 'parallel';
    await card(side).getByTestId('toggle-corrected').click();
    await card(side).getByTestId('toggle-edit').click();
    expect(await card(side).getByTestId('rebar-save').isDisabled()).toBe(true);
    // Bars at 0.15, 0.30, 0.45 m along L001, covers 4, 5, 6 cm, radius 6 mm.
    await setDiameter(side, 0.15, 0.046, 20);
    const third = await barPoint(side, 0.45, 0.066);
    await page.mouse.click(third.x, third.y);
    await page.keyboard.press('Delete');
    expect(await editor(side).getAttribute('data-corrected-count')).toBe('2');
    expect(await editor(side).getAttribute('data-dirty')).toBe('true');
    await save(side);
    // The third vertical bar now starts at L002 (y = 0.1 m); the first is Ø 20 mm.
    await expect.poll(async () => (await planPoints(side)).map((bar) => bar.length)).toEqual([5, 5, 4]);
    expect((await planPoints(side))[2]![0]![1]).toBeCloseTo(0.1, 3);
    expect(await page.getByTestId('dual-parallel-area-corrected-lines').textContent()).toContain('1 line');
    await expect
      .poll(() => page.getByTestId('dual-parallel-area-stats-vertical-diameter').textContent())
      .toContain('max 20 mm');
    await shot('dual-area-corrections-02-parallel-corrected', card(side));
  });

  it('corrects L001 of the perpendicular area: moves a bar and sets a diameter; the plan and statistics follow', async () => {
    const side = 'perpendicular';
    const before = await page.getByTestId('dual-perpendicular-area-stats-horizontal-diameter').textContent();
    expect(before).not.toContain('max 25 mm');
    await card(side).getByTestId('toggle-corrected').click();
    await card(side).getByTestId('toggle-edit').click();
    // Bars at 0.10 and 0.30 m along the turned L001, cover 7 cm, radius 8 mm: move the first 3 cm along it.
    await dragBar(side, 0.1, 0.13, 0.078);
    await setDiameter(side, 0.3, 0.078, 25);
    expect(await editor(side).getAttribute('data-corrected-count')).toBe('2');
    await save(side);
    // The perpendicular area's lines run along y in the pair: L001 lies at x = 0, where the first bar bends.
    await expect.poll(async () => (await planPoints(side))[0]![0]![1]).toBeCloseTo(0.13, 2);
    expect((await planPoints(side))[0]![0]![0]).toBe(0);
    expect((await planPoints(side)).map((bar) => bar.length)).toEqual([4, 4]);
    await expect
      .poll(() => page.getByTestId('dual-perpendicular-area-stats-horizontal-diameter').textContent())
      .toContain('max 25 mm');
    // The other side is untouched by this line.
    expect((await planPoints('parallel')).map((bar) => bar.length)).toEqual([5, 5, 4]);
    await shot('dual-area-corrections-03-perpendicular-corrected', card(side));
    await shot('dual-area-corrections-04-plans-corrected');
  });

  it('keeps both corrections after a reload, and the pair export reads them', async () => {
    await openPair();
    await expect.poll(async () => (await planPoints('parallel')).map((bar) => bar.length)).toEqual([5, 5, 4]);
    await expect.poll(async () => (await planPoints('perpendicular'))[0]![0]![1]).toBeCloseTo(0.13, 2);
    await expect.poll(() => editor('parallel').getAttribute('data-has-correction')).toBe('true');
    await expect.poll(() => editor('perpendicular').getAttribute('data-has-correction')).toBe('true');
    expect(await page.getByTestId('dual-perpendicular-area-stats-horizontal-diameter').textContent()).toContain(
      'max 25 mm',
    );
    const csv = await api<string>('GET', `/api/dual-orientation-area-scans/${dualId}/export?format=csv`);
    expect(csv.status).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(AREA_TRUTH.vertical.length + AREA_TRUTH.horizontal.length);
    expect(rows.filter((row) => row.trim().endsWith(',yes'))).toHaveLength(3 + 2);
    await shot('dual-area-corrections-05-after-reload');
  }, 300_000);

  it('resets both lines to the analysis: the plans are the pooled analysis again', async () => {
    for (const side of ['parallel', 'perpendicular'] as const) {
      await card(side).getByTestId('toggle-edit').click();
      await card(side).getByTestId('rebar-reset').click();
      await card(side).getByTestId('rebar-save').click();
      await expect.poll(() => editor(side).getAttribute('data-has-correction')).toBe('false');
    }
    await expect.poll(async () => (await planPoints('parallel')).map((bar) => bar.length)).toEqual([5, 5, 5]);
    await expect.poll(async () => (await planPoints('perpendicular'))[0]![0]![1]).toBeCloseTo(0.1, 1);
    expect(await page.locator('[data-testid="plan-rebar"][data-corrected="true"]').count()).toBe(0);
  });
});
