import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeWithData, readRealFile } from '../packages/gpr/test/data.js';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'bridge-deck-survey';
const email = `surveyor-${Date.now()}@example.com`;
const password = 'rebar-cover-2026';
const FILES = {
  fhwa: 'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT',
  mini1: 'gssi-structurescan-mini-ietgpr/File____001.DZT',
  mini2: 'gssi-structurescan-mini-ietgpr/File____002.DZT',
} as const;
const scanIds: Partial<Record<keyof typeof FILES, string>> = {};

/** A bar as the page's API returns it. */
interface Bar {
  id: string;
  depthCoords: [number, number, number][];
  R: number;
  usesDefaultRadius?: boolean;
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const view = () => page.getByTestId('rebar-view');
const attr = async (name: string) => (await view().getAttribute(name)) ?? '';
const statText = (card: string, part: 'avg' | 'min' | 'max' | 'count') =>
  page
    .getByTestId(`stat-card-${card}`)
    .getByTestId(`stat-${part === 'count' ? 'count' : part}`)
    .textContent();
const statNumber = async (card: string, part: 'avg' | 'min' | 'max') => Number(await statText(card, part));
const statCount = async (card: string) => Number((await statText(card, 'count'))?.replace(/\D+/g, ''));

/** POST from the page itself (its cookies and organization), as the app calls the API. */
async function postJson<T>(path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body, org }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-organization': org },
        body: JSON.stringify(body),
      });
      return (await res.json()) as T;
    },
    { path, body, org },
  );
}

const byInput = (scanId: string) =>
  postJson<{ results: { rebars: Bar[] } | null }>('/api/analyses/by-input', {
    analysisType: 'LINE_SCAN_REBAR_2',
    analysisInput: { gprScanNodeId: scanId },
  });
const correctionOf = (scanId: string) =>
  postJson<{ analysisCorrection: { correctedAnalysisResults: { rebars: Bar[] } } | null }>(
    '/api/analyses/corrections/by-input',
    { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: scanId } },
  );

/** The page point of a bar's centre on the canvas. */
async function barPoint(xM: number, centreDepthM: number) {
  const canvas = page.getByTestId('rebar-canvas');
  const box = (await canvas.boundingBox())!;
  const sx = Number(await canvas.getAttribute('data-px-per-m-x'));
  const sy = Number(await canvas.getAttribute('data-px-per-m-y'));
  return { x: box.x + 120 + xM * sx, y: box.y + 120 + centreDepthM * sy };
}

async function openScan(id: string): Promise<void> {
  await page.goto(`${server.url}/gpr-scans/${id}?org=${org}`);
  await page.getByTestId('gpr-scan-page').waitFor();
  // The analysis starts by itself and the page follows it until it is done.
  await expect
    .poll(() => page.getByTestId('rebar-analysis-status').getAttribute('data-status'), { timeout: 120_000 })
    .toBe('FINISHED');
  await page.getByTestId('rebar-stat-cards').waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describeWithData('GPR scan page: rebars, statistics and corrections on real scans', () => {
  it('signs up and imports the FHWA specimen and both StructureScan Mini scans', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Surveyor',
      email: email,
      password: password,
      organization: 'Bridge Deck Survey',
      slug: org,
    });

    const files = Object.fromEntries(
      Object.values(FILES).map((path) => [path.split('/').at(-1)!, readRealFile(path)]),
    );
    const imported = await importZip(page, server.url, org, 'site-scans.zip', zipFiles(files));
    for (const [key, path] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
      const name = path.split('/').at(-1)!;
      const scan = imported.gprScans.find((item) => item.gprScan.fileName.endsWith(name));
      expect(scan, `${name} imported`).toBeDefined();
      scanIds[key] = scan!.node.nodeId;
    }
  });

  it("shows the engine's bars on the FHWA specimen with plausible statistics", async () => {
    await openScan(scanIds.fhwa!);
    expect(await page.getByTestId('gpr-scan-name').textContent()).toContain('Lab_specimen_data');
    // The specimen has 14 bars about 203 mm apart (FHWA's own processing: 71–83 mm deep).
    const count = Number(await attr('data-analysis-count'));
    expect(count).toBeGreaterThanOrEqual(12);
    expect(count).toBeLessThanOrEqual(14);
    const spacing = await statNumber('spacing', 'avg');
    expect(spacing).toBeGreaterThan(180);
    expect(spacing).toBeLessThan(240);
    const cover = await statNumber('cover', 'avg');
    expect(cover).toBeGreaterThan(30);
    expect(cover).toBeLessThan(120);
    expect(await statNumber('cover', 'min')).toBeLessThanOrEqual(cover);
    expect(await statNumber('cover', 'max')).toBeGreaterThanOrEqual(cover);
    expect(await statCount('cover')).toBe(count);
    // Details and material properties.
    expect(await page.getByTestId('detail-file-name').textContent()).toBe('Lab_specimen_data.DZT');
    expect(await page.getByTestId('detail-scan-length').textContent()).toMatch(/^28\d(\.\d)? cm$/);
    expect(await page.getByTestId('download-scan-data').getAttribute('href')).toMatch(/^(\/|http)/);
    const epsilon = Number(await page.getByTestId('material-0').evaluate((el) => el.firstChild?.textContent));
    expect(epsilon).toBeGreaterThan(3);
    expect(epsilon).toBeLessThan(12);
    // The GPR signal, converted to depth with the analysis' permittivity, lies under the bars.
    await expect.poll(() => attr('data-signal'), { timeout: 20_000 }).toBe('shown');
    await shot('gpr-scan-01-fhwa-rebars');
  });

  it('filters the statistics with the cover range slider and remembers it per scan', async () => {
    const before = await statCount('cover');
    const coverMin = await statNumber('cover', 'min');
    const coverMax = await statNumber('cover', 'max');
    // Move the upper thumb (steps of 1 cm) to just between the shallowest and deepest bar.
    const upper = page.getByTestId('cover-range-slider').locator('input[type="range"]').nth(1);
    await upper.focus();
    const targetCm = Math.ceil((coverMin + coverMax) / 20);
    for (let cm = 60; cm > targetCm; cm--) await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('cover-range-value').textContent()).toBe(`0–${targetCm} cm`);
    await expect.poll(() => statCount('cover')).toBeLessThan(before);
    expect(await statNumber('cover', 'max')).toBeLessThanOrEqual(targetCm * 10);
    await shot('gpr-scan-02-cover-range');

    await page.reload();
    await page.getByTestId('rebar-stat-cards').waitFor();
    expect(await page.getByTestId('cover-range-value').textContent()).toBe(`0–${targetCm} cm`);
    await page.getByTestId('cover-range-slider').locator('input[type="range"]').nth(1).focus();
    await page.keyboard.press('End');
    await expect.poll(() => statCount('cover')).toBe(before);
  });

  it('edits the bars (move, diameter, add, remove), saves, and reads the correction back', async () => {
    const engine = (await byInput(scanIds.fhwa!)).results!.rebars;
    const sorted = [...engine].sort((a, b) => a.depthCoords[0]![0] - b.depthCoords[0]![0]);
    const [first, second, third] = sorted;
    expect(await page.getByTestId('toggle-edit').isDisabled()).toBe(true);
    await page.getByTestId('toggle-corrected').click();
    await page.getByTestId('toggle-edit').click();
    expect(await page.getByTestId('rebar-save').isDisabled()).toBe(true);

    // Drag the first bar 5 cm along the line.
    const from = await barPoint(first!.depthCoords[0]![0], first!.depthCoords[0]![2]);
    const to = await barPoint(first!.depthCoords[0]![0] + 0.05, first!.depthCoords[0]![2]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    expect(await attr('data-dirty')).toBe('true');
    expect(await page.getByTestId('rebar-save').isEnabled()).toBe(true);
    expect(await page.getByTestId('selected-rebar-panel').getAttribute('data-rebar-id')).toBe(first!.id);

    // Give the second bar a 20 mm diameter (stored radius 0.01 m); a zero would become 1 mm.
    const second$ = await barPoint(second!.depthCoords[0]![0], second!.depthCoords[0]![2]);
    await page.mouse.click(second$.x, second$.y);
    expect(await page.getByTestId('selected-rebar-panel').getAttribute('data-rebar-id')).toBe(second!.id);
    await page.getByTestId('rebar-diameter-input').fill('20');
    await page.getByTestId('rebar-diameter-input').press('Enter');
    expect(await page.getByTestId('rebar-diameter-input').inputValue()).toBe('20');

    // Remove the third with the Delete key, and add one in an empty stretch near the end of the line.
    const third$ = await barPoint(third!.depthCoords[0]![0], third!.depthCoords[0]![2]);
    await page.mouse.click(third$.x, third$.y);
    await page.keyboard.press('Delete');
    expect(await page.getByTestId('selected-rebar-panel').count()).toBe(0);
    await page.getByTestId('rebar-add').click();
    const added = await barPoint(2.83, 0.1);
    await page.mouse.click(added.x, added.y);
    await page.keyboard.press('Escape');
    expect(Number(await attr('data-corrected-count'))).toBe(engine.length);
    await shot('gpr-scan-03-editing');

    await page.getByTestId('rebar-save').click();
    await expect.poll(() => attr('data-has-correction')).toBe('true');
    await expect.poll(() => page.getByTestId('rebar-saved').isVisible()).toBe(true);
    expect(await page.getByTestId('rebar-save').isDisabled()).toBe(true);
    // The saved indicator goes after 2 s.
    await expect
      .poll(() => page.getByTestId('rebar-saved').evaluate((el) => getComputedStyle(el).opacity), {
        timeout: 5_000,
      })
      .toBe('0');

    const saved = (await correctionOf(scanIds.fhwa!)).analysisCorrection!.correctedAnalysisResults.rebars;
    expect(saved).toHaveLength(engine.length);
    const moved = saved.find((bar) => bar.id === first!.id)!;
    expect(moved.depthCoords[0]![0] - first!.depthCoords[0]![0]).toBeGreaterThan(0.04);
    expect(moved.depthCoords[0]![0] - first!.depthCoords[0]![0]).toBeLessThan(0.06);
    // Dragged along the line: its depth stayed (within a few pixels' worth).
    expect(Math.abs(moved.depthCoords[0]![2] - first!.depthCoords[0]![2])).toBeLessThan(0.01);
    expect(saved.find((bar) => bar.id === second!.id)!.R).toBe(0.01);
    expect(saved.some((bar) => bar.id === third!.id)).toBe(false);
    const newBar = saved.find((bar) => !engine.some((e) => e.id === bar.id))!;
    expect(newBar.R).toBe(0.006);
    expect(newBar.depthCoords[0]![0]).toBeGreaterThan(2.8);

    // Reloaded, the page shows the correction at once, with the analysis-only layer off.
    await page.reload();
    await page.getByTestId('rebar-stat-cards').waitFor();
    await expect.poll(() => attr('data-has-correction')).toBe('true');
    expect(await page.getByTestId('toggle-corrected').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('toggle-analysis').getAttribute('aria-pressed')).toBe('false');
    // The largest known diameter: the 20 mm set by hand, or a size the engine claimed on a bar left as it was.
    const claimedMm = engine
      .filter((bar) => bar.id !== second!.id && bar.id !== third!.id && bar.usesDefaultRadius === false)
      .map((bar) => Math.round(bar.R * 2000));
    expect(await statNumber('diameter', 'max')).toBe(Math.max(20, ...claimedMm));
    // The diameter set by hand stays readable: no overlay lies over the card while some bar has a known
    // diameter; bars left at the default radius are only counted in the note under the figures.
    const diameterCard = page.getByTestId('stat-card-diameter');
    expect(await diameterCard.getByTestId('stat-overlay').count()).toBe(0);
    await diameterCard.scrollIntoViewIfNeeded();
    const avgUncovered = await diameterCard.getByTestId('stat-avg').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && el.contains(top);
    });
    expect(avgUncovered).toBe(true);
    for (const note of await diameterCard.getByTestId('stat-note').allTextContents())
      expect(note).toMatch(/^Diameter not optimized by this analysis for \d+ of \d+ bars$/);
    await shot('gpr-scan-04-correction-reloaded');
  });

  it('resets to the analysis and deletes the correction on save', async () => {
    await page.getByTestId('toggle-edit').click();
    await page.getByTestId('rebar-reset').click();
    await expect.poll(() => attr('data-dirty')).toBe('true');
    // Reset disables itself once the bars equal the analysis; Enter then saves (the removal).
    await expect.poll(() => page.getByTestId('rebar-reset').isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => attr('data-has-correction')).toBe('false');
    expect((await correctionOf(scanIds.fhwa!)).analysisCorrection).toBeNull();
    expect(await page.getByTestId('rebar-reset').isDisabled()).toBe(true);
    expect(await attr('data-corrected-count')).toBe(await attr('data-analysis-count'));
  });

  it('finds the seven and five bars of the StructureScan Mini scans', async () => {
    await openScan(scanIds.mini2!);
    expect(Number(await attr('data-analysis-count'))).toBe(7);
    // Seven bars in one layer about 0.20 m apart.
    const spacing = await statNumber('spacing', 'avg');
    expect(spacing).toBeGreaterThan(170);
    expect(spacing).toBeLessThan(240);
    await shot('gpr-scan-05-mini-002');
    await openScan(scanIds.mini1!);
    expect(Number(await attr('data-analysis-count'))).toBe(5);
    await shot('gpr-scan-06-mini-001');
  });

  it('calibrates the permittivity on a bar of known cover, recomputes the covers, and removes it', async () => {
    await openScan(scanIds.mini2!);
    const card = page.getByTestId('permittivity-value');
    expect(await card.getAttribute('data-source')).toBe('estimated');
    const coverBefore = await statNumber('cover', 'avg');
    expect(await page.getByTestId('stat-card-cover').getByTestId('stat-sd').textContent()).toMatch(/± \d/);
    // The surveyor's cover meter reads the first bar 5 mm deeper than the engine: εr falls, every cover grows.
    const first = (await byInput(scanIds.mini2!)).results!.rebars[0]!;
    const measuredMm = Math.round((first.depthCoords[0]![2] - first.R) * 1000) + 5;
    await page.getByRole('combobox', { name: 'Measured bar' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('calibration-cover').fill(String(measuredMm));
    await page.getByTestId('calibration-apply').click();
    await expect.poll(() => card.getAttribute('data-source'), { timeout: 120_000 }).toBe('calibrated');
    expect(await card.textContent()).toContain(`measured cover ${measuredMm.toFixed(1)} mm`);
    expect(await statNumber('cover', 'avg')).toBeGreaterThan(coverBefore + 2);
    await shot('gpr-scan-10-calibrated');
    await page.getByTestId('calibration-remove').click();
    await expect.poll(() => card.getAttribute('data-source'), { timeout: 120_000 }).toBe('estimated');
    expect(await statNumber('cover', 'avg')).toBeCloseTo(coverBefore, 1);
  });

  it('fits every bar with the diameter the drawings give, keeps it beside a calibration, and goes back to the estimate', async () => {
    await openScan(scanIds.mini2!);
    const card = page.getByTestId('permittivity-value');
    const sizeOf = async () =>
      ((await byInput(scanIds.mini2!)).results as { barDiameterM?: number } | null)?.barDiameterM ?? null;
    const epsOf = async () => Number(/εr (\d+\.\d+)/.exec((await card.textContent()) ?? '')?.[1]);
    const estimatedEps = await epsOf();
    const diameter = page.getByRole('combobox', { name: 'Bar diameter' });
    await diameter.click();
    await page.getByRole('option', { name: '25 mm', exact: true }).click();
    await expect.poll(sizeOf, { timeout: 120_000 }).toBe(0.025);
    await expect.poll(() => statNumber('diameter', 'avg'), { timeout: 30_000 }).toBe(25);
    expect(await statNumber('diameter', 'min')).toBe(25);
    // A thick bar's flatter hyperbola no longer reads as a low permittivity: εr rises over the estimate.
    await expect.poll(epsOf, { timeout: 30_000 }).toBeGreaterThan(estimatedEps);
    expect(await page.getByTestId('permittivity-card').textContent()).toContain(
      'Every bar is fitted as 25 mm',
    );
    await shot('gpr-scan-11-known-diameter');
    // A calibration keeps the size, and removing it keeps the size too.
    await page.getByRole('combobox', { name: 'Measured bar' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('calibration-cover').fill('20');
    await page.getByTestId('calibration-apply').click();
    await expect.poll(() => card.getAttribute('data-source'), { timeout: 120_000 }).toBe('calibrated');
    expect(await sizeOf()).toBe(0.025);
    await page.getByTestId('calibration-remove').click();
    await expect.poll(() => card.getAttribute('data-source'), { timeout: 120_000 }).toBe('estimated');
    expect(await sizeOf()).toBe(0.025);
    await diameter.click();
    await page.getByRole('option', { name: 'Estimated', exact: true }).click();
    await expect.poll(sizeOf, { timeout: 120_000 }).toBeNull();
    await expect.poll(epsOf, { timeout: 30_000 }).toBeCloseTo(estimatedEps, 2);
  });

  it('keeps the tab in the URL and works on a tablet, a phone and in dark mode', async () => {
    await page.getByTestId('gpr-scan-tab-signal').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('signal');
    await page.getByTestId('gpr-scan-signal-tab').waitFor();
    await page.getByTestId('gpr-scan-tab-rebars').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBeNull();

    await page.goto(`${server.url}/gpr-scans/${scanIds.fhwa}?org=${org}`);
    await page.getByTestId('rebar-stat-cards').waitFor();
    await page.setViewportSize({ width: 820, height: 1180 });
    await shot('gpr-scan-07-tablet');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('rebar-canvas').waitFor();
    const canvasBox = (await page.getByTestId('rebar-canvas').boundingBox())!;
    expect(canvasBox.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('gpr-scan-08-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('theme-mode-switch').click();
    await expect.poll(() => page.getByTestId('theme-mode-switch').getAttribute('data-mode')).toBe('dark');
    await page.getByTestId('toggle-label-distance').click();
    await page.mouse.move(0, 0);
    await shot('gpr-scan-09-dark');
  });

  it('answers an unknown scan id with the not-found page', async () => {
    await page.goto(`${server.url}/gpr-scans/3f0e1c52-8d7b-4a43-9a3e-0c1d2e3f4a5b?org=${org}`);
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
  });
});
