import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeWithData, readRealFile } from '../packages/gpr/test/data.js';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';
import { waitForScanPreview } from './support/preview.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'deck-signal';
const FILES = {
  fhwa: 'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT',
  mini: 'gssi-structurescan-mini-ietgpr/File____001.DZT',
} as const;
const scanIds: Partial<Record<keyof typeof FILES, string>> = {};

interface Hyperbola {
  id: string;
  xIdx: number;
  tIdx: number;
  confidence: number;
}
interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  traces: number;
  rows: number;
  startSample: number;
}

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
const input = (scanId: string) => ({
  analysisType: 'HYPERBOLA_DETECTION',
  analysisInput: { gprScanNodeId: scanId },
});
const detection = (scanId: string) =>
  postJson<{ results: { hyperbolas: Hyperbola[] } | null }>('/api/analyses/by-input', input(scanId));
const correctionOf = (scanId: string) =>
  postJson<{ analysisCorrection: { correctedAnalysisResults: { hyperbolas: Hyperbola[] } } | null }>(
    '/api/analyses/corrections/by-input',
    input(scanId),
  );

const frames = async () =>
  Number((await page.getByTestId('radargram-canvas').getAttribute('data-frames')) ?? 0);
const plot = async (): Promise<Plot> =>
  JSON.parse((await page.getByTestId('radargram-overlay').getAttribute('data-plot')) ?? 'null') as Plot;
const shownCount = async () =>
  Number((await page.getByTestId('hyperbola-count').textContent())?.split(' ')[0]);

/** The radargram image's pixels (the plot area, at device pixels): a checksum and the share of grey pixels. */
async function imageStats(): Promise<{ checksum: number; greyShare: number; distinct: number }> {
  const p = await plot();
  return page.evaluate((p) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="radargram-canvas"]')!;
    const ratio = canvas.width / canvas.clientWidth;
    const ctx = canvas.getContext('2d')!;
    const data = ctx.getImageData(
      Math.ceil(p.left * ratio) + 1,
      Math.ceil(p.top * ratio) + 1,
      Math.floor(p.width * ratio) - 2,
      Math.floor(p.height * ratio) - 2,
    ).data;
    let checksum = 0;
    let grey = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      checksum = (checksum * 31 + data[i]! * 7 + data[i + 1]! * 3 + data[i + 2]!) % 1_000_000_007;
      if (data[i] === data[i + 1] && data[i + 1] === data[i + 2]) grey++;
      if (i % 64 === 0) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return { checksum, greyShare: grey / (data.length / 4), distinct: colours.size };
  }, p);
}

async function waitForNewFrame(before: number): Promise<void> {
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(before);
  await page.waitForTimeout(150);
}

async function commitField(testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

async function openSignalTab(scanId: string): Promise<void> {
  await page.goto(`${server.url}/gpr-scans/${scanId}?org=${org}&tab=signal`);
  await page.getByTestId('gpr-scan-signal-tab').waitFor();
  await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(0);
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
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

describeWithData('GPR scan signal tab: the radargram viewer on real scans', () => {
  it('signs up and imports the FHWA specimen and a StructureScan Mini scan', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Grace',
      lastName: 'Inspector',
      email: `signal-${Date.now()}@example.com`,
      password: 'hyperbola-apex-2026',
      organization: 'Deck Signal',
      slug: org,
    });
    const files = Object.fromEntries(
      Object.values(FILES).map((path) => [path.split('/').at(-1)!, readRealFile(path)]),
    );
    const imported = await importZip(page, server.url, org, 'signal-scans.zip', zipFiles(files));
    for (const [key, path] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
      const scan = imported.gprScans.find((item) => item.gprScan.fileName.endsWith(path.split('/').at(-1)!));
      expect(scan).toBeDefined();
      scanIds[key] = scan!.node.nodeId;
    }
  });

  it('shows the FHWA radargram with axes and the detected hyperbolas', async () => {
    await openSignalTab(scanIds.fhwa!);
    const p = await plot();
    expect(p.traces).toBeGreaterThan(100);
    expect(p.rows).toBeGreaterThan(100);
    const stats = await imageStats();
    expect(stats.distinct).toBeGreaterThan(40); // a picture, not a flat fill
    // The detection runs by itself; its hyperbolas over 0.8 are drawn.
    await expect
      .poll(async () => (await detection(scanIds.fhwa!)).results?.hyperbolas.length ?? -1, {
        timeout: 120_000,
        interval: 1_000,
      })
      .toBeGreaterThan(5);
    await expect.poll(shownCount, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('hyperbola-hint').textContent()).toBe(
      'No correction applied yet. Click on the hyperbolas to edit them.',
    );
    await shot('radargram-01-fhwa-viridis');
  });

  it('redraws when the gain and the colour map change, and resets to viridis', async () => {
    const before = await imageStats();
    let count = await frames();
    await commitField('signal-linear-gain-input', '30');
    await waitForNewFrame(count);
    const louder = await imageStats();
    expect(louder.checksum).not.toBe(before.checksum);

    count = await frames();
    await page.getByRole('combobox', { name: 'Colour map' }).click();
    await page.getByTestId('colormap-option-Greys').click();
    await waitForNewFrame(count);
    const grey = await imageStats();
    expect(grey.greyShare).toBeGreaterThan(0.99);
    expect(before.greyShare).toBeLessThan(0.1);
    await commitField('signal-linear-gain-input', '12');
    await shot('radargram-02-fhwa-greys');

    count = await frames();
    await page.getByTestId('signal-colormap-reset').click();
    await waitForNewFrame(count);
    expect((await imageStats()).greyShare).toBeLessThan(0.1);
    await page.getByRole('combobox', { name: 'Colour map' }).click();
    await page.getByTestId('colormap-option-Greys').click();
  });

  it('clamps out-of-range values, accepts comma decimals, and remembers them', async () => {
    await commitField('signal-linear-gain-input', '95');
    expect(await page.getByTestId('signal-linear-gain-input').inputValue()).toBe('80');
    await expect.poll(() => page.getByText('Property Linear gain cannot be higher than 80').count()).toBe(1);
    await commitField('signal-linear-gain-input', '12');
    await commitField('signal-permittivity-input', '6,5');
    expect(await page.getByTestId('signal-permittivity-input').inputValue()).toBe('6.5');
    await commitField('signal-time-gain-input', 'abc');
    await expect
      .poll(() => page.getByText('Please provide a valid value for property Time gain').count())
      .toBe(1);
    expect(await page.getByTestId('signal-time-gain-input').inputValue()).toBe('5');
    await commitField('signal-length-input', '2000');
    expect(await page.getByTestId('signal-length-input').inputValue()).toBe('655');
    await commitField('signal-length-input', '550');
    const stored = await page.evaluate(() => localStorage.getItem('gprhub.signalViewer.settings'));
    expect(JSON.parse(stored!)).toMatchObject({ permittivity: 6.5, colormap: 'Greys', linearGainDb: 12 });
  });

  it('hides hyperbolas under the confidence threshold', async () => {
    const all = (await detection(scanIds.fhwa!)).results!.hyperbolas;
    const expected = (threshold: number) => all.filter((h) => h.confidence >= threshold).length;
    expect(await shownCount()).toBe(expected(0.8));
    const thumb = page.getByTestId('hyperbola-confidence-slider').locator('input[type="range"]');
    await thumb.focus();
    await page.keyboard.press('Home');
    await expect.poll(shownCount).toBe(all.length);
    await page.keyboard.press('End');
    await expect.poll(shownCount).toBe(expected(1));
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(shownCount).toBe(expected(0.8));
  });

  it('moves a hyperbola (confidence 1), saves the correction, and shows it after a reload', async () => {
    const all = (await detection(scanIds.fhwa!)).results!.hyperbolas;
    const target = [...all].filter((h) => h.confidence >= 0.8).sort((a, b) => a.xIdx - b.xIdx)[0]!;
    const p = await plot();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await page.getByTestId('radargram-overlay').boundingBox())!;
    const css = (x: number, y: number) => ({
      x: box.x + p.left + ((x + 0.5) * p.width) / p.traces,
      y: box.y + p.top + ((y + 0.5) * p.height) / p.rows,
    });
    const from = css(target.xIdx, target.tIdx - p.startSample);
    expect(await page.getByTestId('hyperbola-save').isDisabled()).toBe(true);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    expect(await page.getByTestId('gpr-scan-signal-tab').getAttribute('data-selected')).toBe(target.id);
    await page.mouse.move(from.x + 15, from.y + 5, { steps: 3 });
    await page.mouse.move(from.x + 30, from.y + 10, { steps: 3 });
    await page.mouse.up();
    expect(await page.getByTestId('hyperbola-save').isEnabled()).toBe(true);
    await shot('radargram-03-fhwa-moved-hyperbola');
    await page.getByTestId('hyperbola-save').click();
    await page.getByTestId('hyperbolas-saved').waitFor();
    const saved = (await correctionOf(scanIds.fhwa!)).analysisCorrection!.correctedAnalysisResults.hyperbolas;
    const moved = saved.find((h) => h.id === target.id)!;
    expect(moved.confidence).toBe(1);
    expect(moved.xIdx).toBeGreaterThan(target.xIdx);
    expect(moved.tIdx).toBeGreaterThan(target.tIdx);
    expect(saved).toHaveLength(all.length);

    await page.reload();
    await page.getByTestId('gpr-scan-signal-tab').waitFor();
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(0);
    // With a correction the corrected layer shows, the analysis one is off, and there is no hint.
    await expect.poll(() => page.getByTestId('hyperbola-layer-analysis').isChecked()).toBe(false);
    expect(await page.getByTestId('hyperbola-layer-corrected').isChecked()).toBe(true);
    expect(await page.getByTestId('hyperbola-hint').count()).toBe(0);
    expect(await page.getByTestId('signal-permittivity-input').inputValue()).toBe('6.5');
    await shot('radargram-04-fhwa-after-reload');
  });

  it('shows a StructureScan Mini scan and its preview states', async () => {
    await openSignalTab(scanIds.mini!);
    const p = await plot();
    expect(p.traces).toBeGreaterThan(50);
    expect((await imageStats()).distinct).toBeGreaterThan(20);
    const preview = page.getByTestId('signal-preview');
    await waitForScanPreview(preview, 60_000);
    await expect
      .poll(async () => (await detection(scanIds.mini!)).results !== null, {
        timeout: 120_000,
        interval: 1_000,
      })
      .toBe(true);
    await shot('radargram-05-mini');
  });
});
