/**
 * What a new surveyor hit on the built screens (issue #14), through the browser: no entry point leads to a page
 * that is not built; an import keeps names as written, has one structure and links to what it made; pairing
 * is proposed only where the data says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy, utf16le } from '../packages/gpr/test/builders.js';
import { vendorCsvText, vendorStyleSegy } from '../packages/gpr/test/vendor-fixture.js';
import {
  type BrowserSession,
  createFolderByApi,
  openBrowser,
  screenshot,
  signUpWithOrganization,
} from './support/browser.js';
import { BUILT_FEATURES } from '../apps/web/src/lib/built-features.js';
import { importZip, syntheticLineDzt, triggerAnalysis, zipFiles } from './support/scans.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

const gprMaxOut = join(repoRoot, '../shared/data/real/gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'first-use';
let folderId: string;

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

async function openNewGprScan(): Promise<void> {
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-gpr-scan').click();
  await page.getByTestId('new-gpr-scan-dialog').waitFor();
}

/** A vendor-style export of two area scans in folders named as a surveyor names them, and one loose line. */
function slabsZip(): Uint8Array {
  const segy = vendorStyleSegy(buildSegy({ traces: 40 }), 40, false);
  const names = ['L001.sgy', 'L002.sgy', 'L003.sgy'];
  const files: Record<string, Uint8Array> = {};
  for (const area of ['Slab A', 'Slab B']) {
    for (const name of names) files[`${area}/${name}`] = segy;
    files[`${area}/${area}.csv`] = utf16le(vendorCsvText(names));
  }
  files['Loose/Extra Line.sgy'] = segy;
  return zipSync(files);
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a new surveyor on the built screens', () => {
  it('signs up and creates a folder', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Surveyor',
      email: `first-use-${Date.now()}@example.com`,
      password: 'concrete-cover-2026',
      organization: 'First Use',
      slug: org,
    });
    folderId = await createFolderByApi(page, server.url, org, 'Level 2');
  });

  it('finds no entry point to a page that is not built, and those pages are not found', async () => {
    await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
    await page.getByTestId('hub-new-button').waitFor();
    await page.getByTestId('nav-hub').waitFor();
    expect(await page.getByTestId('nav-three-d-trackers').count()).toBe(
      BUILT_FEATURES.threeDTrackers ? 1 : 0,
    );
    expect(await page.getByTestId('hub-start-labeling').count()).toBe(BUILT_FEATURES.labeling ? 1 : 0);
    await page.getByTestId('hub-new-button').click();
    const items = page.locator('[role="menu"] [role="menuitem"]');
    // Kinds not built yet are not offered (no dead ends); built ones are.
    const built = [
      ['3D model', BUILT_FEATURES.threeDModels],
      ['Building', BUILT_FEATURES.buildings],
      ['Upload files', BUILT_FEATURES.files],
    ] as const;
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['Folder', 'GPR scan', ...built.filter(([, on]) => on).map(([label]) => label)]);
    expect(await page.getByText('Coming soon').count()).toBe(0);
    await shot('surveyor-01-new-menu');
    await page.keyboard.press('Escape');

    const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    // Screens not built yet are "Not found".
    for (const [path, isOn] of [
      ['/three-d-trackers', BUILT_FEATURES.threeDTrackers],
      ['/labelers/gpr-scans', BUILT_FEATURES.labeling],
      [`/3d-models/${id}`, BUILT_FEATURES.threeDModels],
      [`/buildings/${id}`, BUILT_FEATURES.buildings],
      [`/files/${id}`, BUILT_FEATURES.files],
      [`/floor-plans/${id}`, BUILT_FEATURES.floorPlans],
    ] as const) {
      if (isOn) continue;
      await page.goto(`${server.url}${path}?org=${org}`);
      await page.getByTestId('not-found-page').waitFor({ timeout: 10_000 });
    }
  });

  it('imports a zip of two areas and a line: names as written, all in the folder, a link to each', async () => {
    await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
    await openNewGprScan();
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'Deck survey.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(slabsZip()),
    });
    await page.getByTestId('file-map-review').waitFor({ timeout: 20_000 });
    // The loose line's file stores no trace spacing (the areas' lines take theirs from the vendor CSV): asked first.
    const missing = page.getByTestId('import-missing-geometry');
    await missing.waitFor({ timeout: 20_000 });
    expect(await missing.textContent()).toContain('Extra Line.sgy');
    expect(await page.getByTestId('gpr-scan-create').isDisabled()).toBe(true);
    await page.getByTestId('import-geometry-spacing-0').fill('10');
    await page.getByTestId('gpr-scan-create').click();
    // Two areas with lines in both directions each: nothing says they are one survey in two directions.
    await page.getByTestId('connect-scans').waitFor({ timeout: 30_000 });
    await page.getByTestId('connect-no-proposal').waitFor();
    expect(await page.getByTestId('connect-skip').getAttribute('class')).toContain('MuiButton-contained');
    expect(await page.getByTestId('connect-create-match').isDisabled()).toBe(true);
    await shot('surveyor-02-no-pair-proposed');
    await page.getByTestId('connect-skip').click();

    const links = page.getByTestId('created-link');
    await page.getByTestId('import-finished').waitFor({ timeout: 20_000 });
    const described = await links.evaluateAll((els) =>
      els.map((el) => [
        el.getAttribute('data-kind'),
        el.querySelector('.MuiListItemText-primary')?.textContent,
      ]),
    );
    expect(described).toEqual([
      ['area-scan', 'Slab A'],
      ['area-scan', 'Slab B'],
      ['gpr-scan', 'Extra Line'],
    ]);
    await shot('surveyor-03-import-finished-links');

    const children = await page.request.get(
      `${server.url}/api/nodes/query?q=${encodeURIComponent(JSON.stringify({ filter: { parentId: folderId } }))}`,
      { headers: { 'x-organization': org } },
    );
    const names = ((await children.json()) as { nodes: { name: string }[] }).nodes.map((n) => n.name).sort();
    expect(names).toEqual(['Extra Line', 'Slab A', 'Slab B']);

    const areaId = await links.first().getAttribute('data-id');
    await links.first().click();
    await page.waitForURL(new RegExp(`/area-scans/${areaId}`));
    await page.getByTestId('area-scan-page').waitFor();
    // The area page has a way up: Hub › Level 2 › Slab A.
    const crumbs = page.getByTestId('hub-breadcrumbs');
    await expect.poll(() => crumbs.textContent()).toBe('HubLevel 2Slab A');
    await shot('surveyor-03b-area-breadcrumbs');
    await crumbs.getByRole('link', { name: 'Level 2' }).click();
    await page.waitForURL(new RegExp(`/hub/${folderId}`));
  });

  it('does not propose to pair two loose files of one slab: Create is the primary action', async () => {
    await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
    await openNewGprScan();
    await page.getByTestId('gpr-scan-file-input').setInputFiles([
      {
        name: 'File_001.DZT',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(syntheticLineDzt(1)),
      },
      {
        name: 'File_002.DZT',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(syntheticLineDzt(2)),
      },
    ]);
    await page.getByTestId('gpr-scan-create').click();
    await page.getByTestId('connect-scans').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('line-pair').count()).toBe(0);
    expect(await page.getByTestId('connect-skip').textContent()).toBe('Create');
    expect(await page.getByTestId('connect-skip').getAttribute('class')).toContain('MuiButton-contained');
    expect(await page.getByTestId('connect-create-match').getAttribute('class')).not.toContain(
      'MuiButton-contained',
    );
    await shot('surveyor-04-loose-files-not-paired');
    await page.getByTestId('connect-skip').click();
    await page.getByTestId('import-finished').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('created-link').count()).toBe(2);
    expect(await page.getByTestId('created-pair-link').count()).toBe(0);
  });

  it("opens a scan of another of the user's organizations: says so and offers to switch", async () => {
    const created = await page.request.post(`${server.url}/api/auth/organization/create`, {
      data: { name: 'Second Site', slug: 'second-site' },
    });
    expect(created.status()).toBe(200);
    const imported = await importZip(
      page,
      server.url,
      'second-site',
      'wall.zip',
      zipFiles({ 'Wall.dzt': syntheticLineDzt(5) }),
    );
    const scanId = imported.gprScans[0]!.node.nodeId;
    // A link without the organization (or with the active one) opens in the active organization: first-use.
    await page.goto(`${server.url}/gpr-scans/${scanId}?org=${org}`);
    const notice = page.getByTestId('other-organization-page');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('belongs to Second Site, another of your organizations');
    await shot('surveyor-05-other-organization');
    await page.getByTestId('switch-organization').click();
    await page.waitForURL(new RegExp(`/gpr-scans/${scanId}\\?.*org=second-site`));
    await page.getByTestId('gpr-scan-details-card').waitFor({ timeout: 15_000 });

    // A folder link too, through the hub.
    const otherFolder = await createFolderByApi(page, server.url, 'second-site', 'Pier 4');
    await page.goto(`${server.url}/hub/${otherFolder}?org=${org}`);
    await page.getByTestId('other-organization-page').waitFor({ timeout: 15_000 });
    // A node of none of the user's organizations stays a plain 404.
    await page.goto(`${server.url}/gpr-scans/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b?org=${org}`);
    await page.getByTestId('not-found-page').waitFor({ timeout: 15_000 });
  });

  it('enables "Signal image" as soon as the preview finishes, without a reload', async () => {
    const imported = await importZip(
      page,
      server.url,
      org,
      'pier.zip',
      zipFiles({ 'Pier.dzt': syntheticLineDzt(6) }),
    );
    const scanId = imported.gprScans[0]!.node.nodeId;
    await page.goto(`${server.url}/gpr-scans/${scanId}?org=${org}`);
    const button = page.getByTestId('download-signal-image');
    await button.waitFor({ timeout: 15_000 });
    await triggerAnalysis(page, org, 'GPR_SCAN_PREVIEW', { gprScanNodeId: scanId });
    // Disabled, it is a plain button; ready, it is a link to the image.
    await expect
      .poll(async () => (await button.getAttribute('href')) ?? '', { timeout: 45_000 })
      .toMatch(/^(https?:)?\/\S+/);
    expect(await button.isDisabled()).toBe(false);
    await shot('surveyor-06-signal-image-ready');
  });

  it('restoring a folder whose parent is still deleted says where it went', async () => {
    const parent = await createFolderByApi(page, server.url, org, 'Old site');
    const child = await createFolderByApi(page, server.url, org, 'East wing', parent);
    for (const id of [child, parent])
      await page.request.delete(`${server.url}/api/nodes/${id}`, { headers: { 'x-organization': org } });
    await page.goto(`${server.url}/nodes?deleted=true&org=${org}`);
    const row = page.locator('.MuiDataGrid-row', { hasText: 'East wing' });
    await row.getByTestId('restore-node-button').click();
    const snackbar = page.getByTestId('restored-snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toContain(
      'Restored to the top level of the hub: the folder it was in is still deleted',
    );
    await shot('surveyor-07-restored-to-top-level');
  });

  it('zooms the Rebars canvas, tells a bar under the pointer, and nudges the selected bar with the arrows', async () => {
    const imported = await importZip(
      page,
      server.url,
      org,
      'deck.zip',
      zipFiles({ 'Deck.dzt': syntheticLineDzt(7) }),
    );
    const scanId = imported.gprScans[0]!.node.nodeId;
    await page.goto(`${server.url}/gpr-scans/${scanId}?org=${org}`);
    await expect
      .poll(() => page.getByTestId('rebar-analysis-status').getAttribute('data-status'), { timeout: 120_000 })
      .toBe('FINISHED');
    const canvas = page.getByTestId('rebar-canvas');
    await expect.poll(() => page.getByTestId('rebar-view').getAttribute('data-analysis-count')).not.toBe('0');
    expect(await canvas.getAttribute('data-zoom')).toBe('1');
    await shot('surveyor-08-rebars-default-view');

    // Fit to the bars: the 4–6 cm deep bars of a 3.2 m line fill the depth.
    await page.getByTestId('rebar-zoom-fit').click();
    await expect.poll(async () => Number(await canvas.getAttribute('data-zoom-y'))).toBeGreaterThan(4);
    await shot('surveyor-09-rebars-fitted');

    // Hover a bar: its position, cover and diameter.
    const box = (await canvas.boundingBox())!;
    const g = async () => ({
      sx: Number(await canvas.getAttribute('data-px-per-m-x')),
      sy: Number(await canvas.getAttribute('data-px-per-m-y')),
      x0: Number(await canvas.getAttribute('data-x0-m')),
      d0: Number(await canvas.getAttribute('data-d0-m')),
    });
    const bars = (
      await page.evaluate(
        async ({ scanId, org }) =>
          (
            await fetch('/api/analyses/by-input', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-organization': org },
              body: JSON.stringify({
                analysisType: 'LINE_SCAN_REBAR_2',
                analysisInput: { gprScanNodeId: scanId },
              }),
            })
          ).json() as Promise<{ results: { rebars: { depthCoords: number[][]; R: number }[] } }>,
        { scanId, org },
      )
    ).results.rebars;
    const at = async (bar: { depthCoords: number[][] }) => {
      // The canvas moves down when edit mode shows its bar: measure it each time.
      const box = (await canvas.boundingBox())!;
      const v = await g();
      const [x, , depth] = bar.depthCoords[0]!;
      return { x: box.x + 120 + (x! - v.x0) * v.sx, y: box.y + 120 + (depth! - v.d0) * v.sy };
    };
    const target = bars[3]!;
    const point = await at(target);
    // 9 px off the centre of a bar drawn a few px wide still counts (24 px hit areas).
    await page.mouse.move(point.x + 9, point.y);
    const card = page.getByTestId('rebar-hover-card');
    await card.waitFor({ timeout: 5_000 });
    expect(await card.textContent()).toMatch(/Position \d+\.\d cm · Cover \d+\.\d cm · Ø \d+ mm/);
    await shot('surveyor-10-rebars-hover');

    // The wheel zooms in further around the pointer, the button back to the whole scan.
    const before = Number(await canvas.getAttribute('data-zoom'));
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeGreaterThan(before);
    await page.getByTestId('rebar-zoom-reset').click();
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('1');

    // Edit: select a bar and nudge it 1 cm along the line (Shift + →) and 2 mm deeper (↓ twice).
    await page.getByTestId('toggle-corrected').click();
    await page.getByTestId('toggle-edit').click();
    const start = await at(target);
    await page.mouse.click(start.x, start.y);
    const panel = page.getByTestId('selected-rebar-panel');
    await panel.waitFor();
    // The engine's bar carries its cover's ± (decision 0085); a bar moved by hand is no measurement and has none.
    const place = async () => {
      const m = /at (\d+\.\d) cm · cover (\d+\.\d)( ±\d+\.\d)? cm/.exec((await panel.textContent()) ?? '');
      return { x: Number(m?.[1]), cover: Number(m?.[2]), hasSd: m?.[3] !== undefined };
    };
    const first = await place();
    expect(first.hasSd).toBe(true);
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await place()).x).toBeCloseTo(first.x + 1, 1);
    await expect.poll(async () => (await place()).cover).toBeCloseTo(first.cover + 0.2, 1);
    expect((await place()).hasSd).toBe(false);
    expect(await page.getByTestId('rebar-view').getAttribute('data-dirty')).toBe('true');
    await shot('surveyor-11-rebars-nudged');
  });

  it.skipIf(!existsSync(gprMaxOut))(
    'asks for the trace spacing a gprMax output lacks, then finds its cylinder',
    async () => {
      const imported = await importZip(
        page,
        server.url,
        org,
        'cylinder.zip',
        zipFiles({ 'cylinder.out': new Uint8Array(readFileSync(gprMaxOut)) }),
      );
      const scanId = imported.gprScans[0]!.node.nodeId;
      await page.goto(`${server.url}/gpr-scans/${scanId}?org=${org}`);
      const missing = page.getByTestId('scan-geometry-missing');
      await missing.waitFor({ timeout: 15_000 });
      await shot('surveyor-12-geometry-missing');
      await missing.getByTestId('edit-scan-geometry').click();
      await page.getByTestId('scan-geometry-spacing').fill('2');
      await shot('surveyor-13-geometry-dialog');
      await page.getByTestId('scan-geometry-save').click();
      await expect.poll(() => missing.count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => page.getByTestId('detail-scan-length').textContent()).toBe('16 cm');
      // The analyses ran again with the spacing: the one PEC cylinder (8 cm cover, 1 cm radius) is found.
      await expect
        .poll(() => page.getByTestId('rebar-analysis-status').getAttribute('data-status'), {
          timeout: 120_000,
        })
        .toBe('FINISHED');
      await expect
        .poll(async () => Number(await page.getByTestId('rebar-view').getAttribute('data-analysis-count')), {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(1);
      await shot('surveyor-14-geometry-set');
    },
    180_000,
  );
});
