/**
 * Issue #14 item 6 at import: a gprMax output stores no trace spacing. The New GPR scan dialog asks for it
 * before creating the scan, the API takes it in the import call, and the first analysis (started by the
 * import) already finds the model's cylinder: no second run, no "Edit scan geometry" needed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  createFolderByApi,
  openBrowser,
  screenshot,
  signUpWithOrganization,
} from './support/browser.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

const gprMaxOut = join(repoRoot, '../shared/data/real/gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'model-check';
let folderId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

const dialog = () => page.getByTestId('new-gpr-scan-dialog');
const create = () => page.getByTestId('gpr-scan-create');
const spacing = () => page.getByTestId('import-geometry-spacing-0');

describe.skipIf(!existsSync(gprMaxOut))('scan geometry asked at import', () => {
  it('signs up and creates a folder', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Modeller',
      email: `model-check-${Date.now()}@example.com`,
      password: 'concrete-cover-2026',
      organization: 'Model Check',
      slug: org,
    });
    folderId = await createFolderByApi(page, server.url, org, 'Simulations');
  });

  it('asks for the trace spacing of a gprMax output before creating anything', async () => {
    await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
    await page.getByTestId('hub-new-button').click();
    await page.getByTestId('hub-new-gpr-scan').click();
    await dialog().waitFor();
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'cylinder.out',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(gprMaxOut),
    });
    await page.getByTestId('import-missing-geometry').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-missing-geometry').textContent()).toContain('cylinder.out');
    expect(await create().isDisabled()).toBe(true);

    // Not a spacing: said so, and still nothing to create.
    await spacing().fill('0');
    await expect.poll(() => dialog().textContent()).toContain('A spacing greater than 0 and at most 500 mm');
    expect(await create().isDisabled()).toBe(true);
    await spacing().fill('2');
    await expect.poll(() => dialog().textContent()).toContain('Scan length 16.0 cm');
    expect(await create().isEnabled()).toBe(true);
    await shot('import-geometry-01-asked');

    // Nothing was created while the dialog asked.
    const before = await page.request.get(
      `${server.url}/api/nodes/query?q=${encodeURIComponent(JSON.stringify({ filter: { parentId: folderId } }))}`,
      { headers: { 'x-organization': org } },
    );
    expect(((await before.json()) as { nodes: unknown[] }).nodes).toEqual([]);
  });

  it('creates the scan with it, and its first analysis finds the cylinder', async () => {
    await create().click();
    await page.getByTestId('import-finished').waitFor({ timeout: 60_000 });
    // The reader's note that the spacing is unknown is answered: not shown.
    expect(await page.getByTestId('import-finished').textContent()).not.toContain('trace spacing unknown');
    await shot('import-geometry-02-finished');
    await page.getByTestId('open-created-scan').click();
    await page.getByTestId('gpr-scan-page').waitFor();
    await expect.poll(() => page.getByTestId('detail-scan-length').textContent()).toBe('16 cm');
    expect(await page.getByTestId('scan-geometry-missing').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('rebar-analysis-status').getAttribute('data-status'), { timeout: 120_000 })
      .toBe('FINISHED');
    // The one PEC cylinder of the model (8 cm cover), found by the run the import started.
    await expect
      .poll(async () => Number(await page.getByTestId('rebar-view').getAttribute('data-analysis-count')), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    const scanId = new URL(page.url()).pathname.split('/').pop()!;
    const runs = await page.request.get(
      `${server.url}/api/analysis-runs/query?q=${encodeURIComponent(
        JSON.stringify({ filter: { nodeId: scanId, analysisType: 'LINE_SCAN_REBAR_2' } }),
      )}`,
      { headers: { 'x-organization': org } },
    );
    expect(((await runs.json()) as { total: number }).total).toBe(1);
    await shot('import-geometry-03-scan-rebars');

    // The signal is drawn, and only inside its plot: no coloured (viridis) pixel in the margins around it,
    // where only the grey axes and labels go.
    await page.getByTestId('gpr-scan-tab-signal').click();
    await expect
      .poll(
        async () => Number((await page.getByTestId('radargram-canvas').getAttribute('data-frames')) ?? 0),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    const plot = JSON.parse((await page.getByTestId('radargram-overlay').getAttribute('data-plot'))!) as {
      left: number;
      top: number;
      width: number;
      height: number;
    };
    const colouredInside = (isInside: boolean) =>
      page.evaluate(
        ({ p, isInside }) => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="radargram-canvas"]')!;
          const ratio = canvas.width / canvas.clientWidth;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let count = 0;
          for (let y = 0; y < canvas.height; y++)
            for (let x = 0; x < canvas.width; x++) {
              const inPlot =
                x >= (p.left - 1) * ratio &&
                x <= (p.left + p.width + 1) * ratio &&
                y >= (p.top - 1) * ratio &&
                y <= (p.top + p.height + 1) * ratio;
              if (inPlot !== isInside) continue;
              const i = (y * canvas.width + x) * 4;
              const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
              if (Math.max(r, g, b) - Math.min(r, g, b) > 60) count++;
            }
          return count;
        },
        { p: plot, isInside },
      );
    expect(await colouredInside(true)).toBeGreaterThan(1000);
    expect(await colouredInside(false)).toBe(0);
    await shot('import-geometry-04-signal');
  });
});
