import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip, syntheticLineDzt, twoChannelDzt, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';
import { waitForScanPreview } from './support/preview.js';
import { AREA_TRUTH, syntheticAreaZip } from './support/synthetic-area-scan.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'slab-survey';
const email = `surveyor-${Date.now()}@example.com`;
const password = 'cover-check-2026';
let areaScanId: string;
const dualAreaIds: string[] = [];
let multiGroupId: string;
let lineIds: string[] = [];

beforeAll(async () => {
  server = await startServer({ ANALYSIS_THREADS: '1' });
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string) => page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}org=${org}`);

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** `POST` JSON from the page (its cookies and organization), returning status and body. */
async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ path, body, org }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-organization': org },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, body, org },
  );
}

const statusOf = () => page.getByTestId('analysis-status-bar').getAttribute('data-status');
const waitFinished = () => expect.poll(statusOf, { timeout: 90_000, interval: 250 }).toBe('FINISHED');

describe('scan pages: area scan, dual orientation, scan groups', () => {
  it('signs up and imports two area scans and two line scans', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Surveyor',
      email: email,
      password: password,
      organization: 'Slab Survey',
      slug: org,
    });

    const area = await importZip(page, server.url, org, 'slab-7.zip', syntheticAreaZip());
    expect(area.areaScanGroups).toHaveLength(1);
    expect(area.gprScans).toHaveLength(9);
    areaScanId = area.areaScanGroups[0]!.node.nodeId;
    // A dual-orientation survey: the same grid scanned once per direction, the scanner turned in between.
    for (const part of ['vertical', 'horizontal'] as const) {
      const zip = syntheticAreaZip(`Slab 8 ${part}`, part === 'vertical' ? 300 : 400, part);
      const imported = await importZip(page, server.url, org, `slab-8-${part}.zip`, zip);
      dualAreaIds.push(imported.areaScanGroups[0]!.node.nodeId);
    }
    const lines = await importZip(
      page,
      server.url,
      org,
      'wall.zip',
      zipFiles({ 'Wall-P.dzt': syntheticLineDzt(31), 'Wall-Q.dzt': syntheticLineDzt(32) }),
    );
    // Loose files of a zip land in the folder as they would uploaded alone (issue #14: one structure).
    expect(lines.gprScanGroups).toHaveLength(0);
    const twoChannels = await importZip(
      page,
      server.url,
      org,
      'wall-r.zip',
      zipFiles({ 'Wall-R.dzt': twoChannelDzt(syntheticLineDzt(33), syntheticLineDzt(34)) }),
    );
    expect(twoChannels.gprScanGroups).toHaveLength(1);
    multiGroupId = twoChannels.gprScanGroups[0]!.node.nodeId;
    lineIds = ['Wall-P', 'Wall-Q'].map(
      (name) => lines.gprScans.find((s) => s.node.name === name)!.node.nodeId,
    );
  });

  it('shows the area scan in plan: the analysis runs by itself, line by line, and the bars match the truth', async () => {
    await open(`/area-scans/${areaScanId}`);
    await page.getByTestId('area-scan-page').waitFor();
    await waitFinished();

    const bars = page.getByTestId('plan-rebar');
    await expect.poll(() => bars.count(), { timeout: 10_000 }).toBe(5);
    const found = await bars.evaluateAll((els) =>
      els.map((el) => ({
        orientation: Number(el.getAttribute('data-orientation')),
        coverM: Number(el.getAttribute('data-cover-m')),
      })),
    );
    const vertical = found
      .filter((b) => b.orientation === 0)
      .map((b) => b.coverM)
      .sort();
    const horizontal = found
      .filter((b) => b.orientation === 1)
      .map((b) => b.coverM)
      .sort();
    expect(vertical).toHaveLength(AREA_TRUTH.vertical.length);
    expect(horizontal).toHaveLength(AREA_TRUTH.horizontal.length);
    AREA_TRUTH.vertical.forEach((truth, i) =>
      expect(Math.abs(vertical[i]! - truth.coverM)).toBeLessThan(0.005),
    );
    AREA_TRUTH.horizontal.forEach((truth, i) =>
      expect(Math.abs(horizontal[i]! - truth.coverM)).toBeLessThan(0.005),
    );
    console.log(`plan covers (m): vertical ${vertical.join(', ')}; horizontal ${horizontal.join(', ')}`);

    // Details and cards.
    expect(await page.getByTestId('area-scan-details-grid-size').textContent()).toBe('60 cm × 40 cm');
    expect(await page.getByTestId('area-scan-details-grid-spacing').textContent()).toBe('20 cm × 10 cm');
    expect(await page.getByTestId('area-scan-details-lines').textContent()).toBe('9');
    expect(await page.getByTestId('area-scan-details-download').getAttribute('href')).toMatch(
      /^\/api\/|^http/,
    );
    const spacing = await page.getByTestId('area-scan-panel-stats-vertical-spacing-avg').textContent();
    expect(Math.abs(parseFloat(spacing ?? '') - 150)).toBeLessThan(5);
    expect(await page.getByTestId('material-properties').textContent()).toMatch(/Epsilon 0/);
    await shot('scan-pages-02-area-finished');
  });

  it('draws the lines analysed so far while the analysis runs (partial results, line by line)', async () => {
    // The synthetic area is analysed in well under a second, faster than the page polls: replay a running
    // analysis from its real per-line results, as the server publishes them, with 4 of 9 lines done.
    await page.route(/\/api\/analyses\/by-input$/, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as {
        analysis: { analysisType: string } | null;
        analysisRun: Record<string, unknown> | null;
        results: { lines?: unknown[] } | null;
      };
      if (json.analysis?.analysisType !== 'AREA_SCAN_REBAR_2' || !json.results?.lines)
        return route.fulfill({ response, json });
      return route.fulfill({
        response,
        json: {
          ...json,
          analysisRun: { ...json.analysisRun, status: 'ANALYSING', progress: 40, message: 'line 4 of 9' },
          results: { lines: json.results.lines.slice(0, 4) },
          isDone: false,
          isPartial: true,
        },
      });
    });
    await page.route(/\/api\/analyses\/query/, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { analyses: { status: string }[] };
      json.analyses.forEach((a) => (a.status = 'ANALYSING'));
      return route.fulfill({ response, json });
    });
    await page.reload();
    await page.getByTestId('area-scan-panel-live').waitFor();
    expect(await statusOf()).toBe('ANALYSING');
    // Lines L001–L004 run along x: each sees the three vertical bars.
    await expect.poll(() => page.getByTestId('plan-hit').count()).toBe(4 * AREA_TRUTH.vertical.length);
    expect(await page.getByTestId('plan-rebar').count()).toBe(0);
    await shot('scan-pages-01-area-running');
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await waitFinished();
    await expect.poll(() => page.getByTestId('plan-rebar').count()).toBe(5);
  });

  it('toggles the layers and moves the line slider through the lines', async () => {
    await page.getByTestId('layer-horizontal').locator('input').uncheck();
    await expect.poll(() => page.getByTestId('plan-rebar').count()).toBe(3);
    await page.getByTestId('layer-horizontal').locator('input').check();
    await expect.poll(() => page.getByTestId('plan-rebar').count()).toBe(5);

    expect(await page.getByTestId('line-slider-value').textContent()).toBe('L001');
    await page.getByRole('slider', { name: 'Line scan' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('line-slider-value').textContent()).toBe('L002');
    expect(
      await page.locator('[data-testid="plan-line"][data-selected="true"]').getAttribute('data-line'),
    ).toBe('L002');
    // The highlighted line's own detections: the three vertical bars it crosses.
    await expect.poll(() => page.getByTestId('line-detection-row').count()).toBe(3);

    // A click on a line along y selects it; it sees the two horizontal bars.
    await page.locator('[data-testid="plan-line"][data-line="L007"]').click();
    expect(await page.getByTestId('line-slider-value').textContent()).toBe('L007');
    await expect.poll(() => page.getByTestId('line-detection-row').count()).toBe(2);
    // The highlighted line's radargram, drawn from its signal.
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="line-detections"] [data-testid="radargram-canvas"]')
            .getAttribute('data-frames')
            .then(Number),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await shot('scan-pages-03-area-line-L007');
  });

  it('opens a dual-orientation GPR scan created through the API, and swaps its roles', async () => {
    const created = await post('/api/dual-orientation-gpr-scans', {
      parallelGprScanNodeId: lineIds[0],
      perpendicularGprScanNodeId: lineIds[1],
    });
    expect(created.status).toBe(201);
    const dualId = (created.body.dualOrientationGprScan as { nodeId: string }).nodeId;
    await open(`/dual-orientation-gpr-scans/${dualId}`);
    await page.getByTestId('dual-gpr-scan-page').waitFor();
    await waitFinished();
    const count = (side: string) =>
      page.getByTestId(`dual-${side}-rebars`).getAttribute('data-rebar-count').then(Number);
    // Each synthetic line holds 10 bars.
    expect(await count('parallel')).toBeGreaterThanOrEqual(8);
    expect(await count('perpendicular')).toBeGreaterThanOrEqual(8);
    // One permittivity for the pair, with its uncertainty and source (issue #13 item 8).
    const dualValue = page.getByTestId('dual-permittivity').getByTestId('permittivity-value');
    expect(await dualValue.textContent()).toMatch(
      /^εr \d+\.\d\d ± \d+\.\d\d, estimated from \d+ hyperbolas$/,
    );
    await shot('scan-pages-04-dual-gpr-rebars');

    // Corrections per scan on the pair's Rebars tab (issue #14 item 5): the GPR scan page's editor, saved as
    // the scan's own correction, kept across a reload.
    const parallel = page.getByTestId('dual-parallel-rebars');
    const view = parallel.getByTestId('rebar-view');
    const analysed = Number(await view.getAttribute('data-analysis-count'));
    expect(analysed).toBe(await count('parallel'));
    await parallel.getByTestId('toggle-corrected').click();
    await parallel.getByTestId('toggle-edit').click();
    await parallel.getByTestId('rebar-add').click();
    const box = (await parallel.getByTestId('rebar-canvas').boundingBox())!;
    // An empty stretch of the world, below the bars (centre depth ~0.4 m).
    await page.mouse.click(box.x + 120 + 0.3 * (box.width - 150), box.y + 120 + 0.35 * (box.height - 140));
    await page.keyboard.press('Escape');
    expect(Number(await view.getAttribute('data-corrected-count'))).toBe(analysed + 1);
    await parallel.getByTestId('rebar-save').click();
    await expect.poll(() => view.getAttribute('data-has-correction')).toBe('true');
    await shot('scan-pages-04b-dual-gpr-corrected');
    await page.reload();
    await page.getByTestId('dual-gpr-scan-page').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('dual-parallel-rebars')
          .getByTestId('rebar-view')
          .getAttribute('data-has-correction'),
      )
      .toBe('true');
    expect(
      Number(
        await page
          .getByTestId('dual-parallel-rebars')
          .getByTestId('rebar-view')
          .getAttribute('data-corrected-count'),
      ),
    ).toBe(analysed + 1);
    expect(
      await page
        .getByTestId('dual-perpendicular-rebars')
        .getByTestId('rebar-view')
        .getAttribute('data-has-correction'),
    ).toBe('false');

    await page.getByTestId('tab-perpendicular').click();
    expect(await page.getByTestId('dual-perpendicular-scan').getAttribute('data-scan-id')).toBe(lineIds[1]);
    // The tab holds the signal viewer of the GPR scan page, drawing this scan's radargram.
    expect(await page.getByTestId('gpr-scan-signal-tab').getAttribute('data-scan-id')).toBe(lineIds[1]);
    await expect
      .poll(() => page.getByTestId('radargram-canvas').getAttribute('data-frames').then(Number), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    // The preview started at import (issue #14): it is shown, or on its way; generate it only if it is not.
    await waitForScanPreview(page);
    await shot('scan-pages-05-dual-gpr-perpendicular');

    await page.getByTestId('swap-roles').click();
    await expect
      .poll(() => page.getByTestId('dual-gpr-scan-page').getAttribute('data-parallel'))
      .toBe(lineIds[1]);
    expect(await page.getByTestId('dual-perpendicular-scan').getAttribute('data-scan-id')).toBe(lineIds[0]);
    // The swapped pair is a new analysis input: it runs and finishes too.
    await page.getByTestId('tab-rebars').click();
    await waitFinished();

    // Issue #13 item 7 on the pair: a bar of the perpendicular scan measured with a cover meter calibrates the
    // pair's one permittivity; the bars of the other scan follow; the calibration can be removed.
    const card = page.getByTestId('dual-permittivity');
    const source = () => card.getByTestId('permittivity-value').getAttribute('data-source');
    const parallelCount = () =>
      page.getByTestId('dual-parallel-rebars').getByTestId('rebar-view').getAttribute('data-analysis-count');
    const barsBefore = await parallelCount();
    await page.getByRole('combobox', { name: 'Measured bar' }).click();
    const option = page
      .getByRole('option')
      .filter({ hasText: /m, cover/ })
      .last();
    const [, xText, coverText] = (await option.textContent())!.match(/([\d.]+) m, cover ([\d.]+) mm/)!;
    await option.click();
    const measuredMm = Math.round(Number(coverText) * 0.9 * 10) / 10;
    await card.getByTestId('calibration-cover').fill(String(measuredMm));
    await card.getByTestId('calibration-apply').click();
    await expect.poll(source, { timeout: 90_000 }).toBe('calibrated');
    await waitFinished();
    expect(await card.getByTestId('permittivity-value').textContent()).toContain(
      `calibrated on the bar at ${Number(xText).toFixed(3)} m of the perpendicular scan (measured cover ${measuredMm.toFixed(1)} mm)`,
    );
    expect(await parallelCount()).toBe(barsBefore);
    await shot('scan-pages-05b-dual-gpr-calibrated');
    await card.getByTestId('calibration-remove').click();
    await expect.poll(source, { timeout: 90_000 }).toBe('estimated');
    await waitFinished();
  });

  it('shows a dual-orientation area scan side by side with the combined analysis', async () => {
    const created = await post('/api/dual-orientation-area-scans', {
      parallelAreaScanNodeId: dualAreaIds[0],
      perpendicularAreaScanNodeId: dualAreaIds[1],
    });
    expect(created.status).toBe(201);
    const dualId = (created.body.dualOrientationAreaScan as { nodeId: string }).nodeId;
    await open(`/dual-orientation-area-scans/${dualId}`);
    await page.getByTestId('dual-area-scan-page').waitFor();
    await waitFinished();
    const parallelBars = page.locator('[data-testid="dual-parallel-area-plan"] [data-testid="plan-rebar"]');
    const perpendicularBars = page.locator(
      '[data-testid="dual-perpendicular-area-plan"] [data-testid="plan-rebar"]',
    );
    // The parallel scan gives the vertical bars, the perpendicular (turned) scan the horizontal ones.
    const orientations = (bars: typeof parallelBars) =>
      bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-orientation')));
    await expect
      .poll(() => orientations(parallelBars), { timeout: 10_000 })
      .toEqual(AREA_TRUTH.vertical.map(() => '0'));
    expect(await orientations(perpendicularBars)).toEqual(AREA_TRUTH.horizontal.map(() => '1'));
    const card = page.getByTestId('dual-area-permittivity');
    const value = card.getByTestId('permittivity-value');
    expect(await value.textContent()).toMatch(/^εr \d+\.\d\d ± \d+\.\d\d, estimated from \d+ hyperbolas$/);
    expect(await card.textContent()).toContain('One permittivity for both area scans');
    // Each side's first line lists its own detections: the bars of that side's direction it crosses.
    const rows = (side: string) =>
      page.locator(`[data-testid="dual-${side}-area"] [data-testid="line-detection-row"]`).count();
    await expect.poll(() => rows('parallel')).toBe(AREA_TRUTH.vertical.length);
    await expect.poll(() => rows('perpendicular')).toBe(AREA_TRUTH.horizontal.length);
    await shot('scan-pages-06-dual-area');

    // Issue #13 item 7 on the pair of areas: a horizontal bar (the perpendicular area's) measured where a line
    // crosses it calibrates both layers; the vertical layer's average cover follows.
    const verticalAverage = async () =>
      Number(
        (await page.getByTestId('dual-parallel-area-stats-vertical-cover-avg').textContent())!.match(
          /[\d.]+/,
        )![0],
      );
    const before = await verticalAverage();
    await page.getByRole('combobox', { name: 'Measured bar and line' }).click();
    const option = page.getByRole('option').filter({ hasText: /cover/ }).last();
    const [, xText, yText, coverText] = (await option.textContent())!.match(
      /x ([\d.]+) m, y ([\d.]+) m, cover ([\d.]+) mm/,
    )!;
    await option.click();
    const measuredMm = Math.round(Number(coverText) * 0.9 * 10) / 10;
    await card.getByTestId('calibration-cover').fill(String(measuredMm));
    await card.getByTestId('calibration-apply').click();
    await expect.poll(() => value.getAttribute('data-source'), { timeout: 150_000 }).toBe('calibrated');
    await waitFinished();
    expect(await value.textContent()).toContain(
      `calibrated on the bar at x ${Number(xText).toFixed(3)} m, y ${Number(yText).toFixed(3)} m (measured cover ${measuredMm.toFixed(1)} mm)`,
    );
    await expect.poll(verticalAverage, { timeout: 30_000 }).toBeLessThan(before);
    await shot('scan-pages-06b-dual-area-calibrated');
  });

  it('lists a MULTI_SCAN group and sends an AREA_SCAN group to its area-scan page', async () => {
    await open(`/gpr-scan-groups/${multiGroupId}`);
    await page.getByTestId('scan-group-page').waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(2);
    await expect
      .poll(async () => (await page.locator('.MuiDataGrid-row').allTextContents()).join(' | '))
      .toMatch(/Wall-R channel 1.*\|.*Wall-R channel 2|Wall-R channel 2.*\|.*Wall-R channel 1/);
    await shot('scan-pages-07-multi-scan-group');

    await open(`/gpr-scan-groups/${areaScanId}`);
    await page.waitForURL(new RegExp(`/area-scans/${areaScanId}\\?.*org=${org}`));
    await page.getByTestId('area-scan-page').waitFor();

    await open('/area-scans/not-a-uuid');
    await page.getByTestId('not-found-page').waitFor();
  });
});
