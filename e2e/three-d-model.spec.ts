import { readFileSync } from 'node:fs';
import { createBoxMesh, sampleBoxSurface, writeGlbMesh, writePlyPoints } from '@gprhub/scan3d';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip, syntheticLineDzt, triggerAnalysis, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'basement-survey';

/** The test room: a 4 × 3 × 2.5 m block (world frame, z up), as a PLY cloud and a GLB mesh. */
const BOX_MIN: [number, number, number] = [0, 0, 0];
const BOX_MAX: [number, number, number] = [4, 3, 2.5];
/** The scan runs 3.2 m along the block's front face (y = 0) at 1.2 m height, left to right. */
const positions = [{ id: 'L001.dzt', order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0.4, 0, 1.2], endPoint: [3.6, 0, 1.2] }];

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

/** Distinct colours in the 3D canvas (a blank canvas has one). */
async function canvasColourCount(p: Page): Promise<number> {
  return p.evaluate(() => {
    const canvas = document.querySelector('[data-testid="viewer"] canvas') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = 150;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0, 200, 150);
    const data = ctx.getImageData(0, 0, 200, 150).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size;
  });
}

/** Screen position of a world point (z up) in the viewer, from the canvas' projection probe. */
async function project(p: Page, point: [number, number, number]): Promise<{ x: number; y: number }> {
  return p.evaluate((pt) => {
    const canvas = document.querySelector('[data-testid="viewer"] canvas') as HTMLCanvasElement & {
      projectWorldPoint: (x: number, y: number, z: number) => { x: number; y: number };
    };
    return canvas.projectWorldPoint(pt[0], pt[1], pt[2]);
  }, point);
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Mara',
    lastName: 'Surveyor',
    email: `mara-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: 'Basement survey',
    slug: org,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('creates a model, uploads a version, measures, places a scan with its bars, moves it, and shares it', async () => {
  // A scan with an analysis, to place in the room.
  const imported = await importZip(page, server.url, org, 'line.zip', zipFiles({ 'L001.dzt': syntheticLineDzt() }));
  const scanId = imported.gprScans[0]!.node.nodeId;
  await triggerAnalysis(page, org, 'LINE_SCAN_REBAR_2', { gprScanNodeId: scanId });

  // New → 3D model, with the spec's name messages.
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-3d-model').click();
  const name = page.getByTestId('new-3d-model-name');
  await name.fill('ab');
  await page.getByText('Name is too short').waitFor();
  await name.fill('');
  await page.getByText('Name is required').waitFor();
  await name.fill('Basement room 2');
  await page.getByTestId('new-3d-model-submit').click();
  // No version and no session yet: the live tab.
  await page.waitForURL(/\/3d-models\/[0-9a-f-]+\/live/);
  await page.getByText('No session yet').waitFor();
  const modelId = /3d-models\/([0-9a-f-]+)\//.exec(page.url())![1]!;

  // Upload a version built here: the box as a PLY cloud and a GLB mesh, and the tracker's positions.
  const cloud = sampleBoxSurface(BOX_MIN, BOX_MAX, 0.05);
  const mesh = createBoxMesh(BOX_MIN, BOX_MAX);
  await page.getByTestId('upload-version-button').click();
  await page.getByTestId('upload-version-input').setInputFiles([
    { name: 'room.ply', mimeType: 'application/octet-stream', buffer: Buffer.from(writePlyPoints(cloud.positions, cloud.colours)) },
    { name: 'room.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(writeGlbMesh(mesh.positions, mesh.indices, [0.72, 0.7, 0.66, 1])) },
    { name: 'positions.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(positions)) },
  ]);
  await page.getByTestId('upload-version-submit').click();
  // The page polls, finds the version and opens the 3D model tab with the mesh drawn.
  await page.waitForURL(/\/3d-model(\?|$)/, { timeout: 30_000 });
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('viewer').getAttribute('data-model-kind')).toBe('glb');
  await page.waitForTimeout(800);
  expect(await canvasColourCount(page)).toBeGreaterThan(20);
  await page.getByText('No GPR scans added to 3D model yet').waitFor();
  await shot('3d-model-viewer-box');

  // Measure the box's 4 m bottom front edge: two clicks 3 mm inside its ends.
  await page.getByTestId('viewer-measure').click();
  for (const point of [[0.003, 0, 0.003], [3.997, 0, 0.003]] as [number, number, number][]) {
    const { x, y } = await project(page, point);
    await page.mouse.click(x, y);
    await page.waitForTimeout(200);
  }
  const measured = Number(await page.getByTestId('measure-panel').getAttribute('data-distance-m'));
  expect(Math.abs(measured - 4)).toBeLessThan(0.01);
  await shot('3d-model-measure');
  await page.getByTestId('viewer-measure').click();

  // Place the scan: it lands on the tracker's line, with the analysis' bars.
  await page.getByTestId('add-scans-button').click();
  await page.getByTestId('add-scans-list').getByText('L001').click();
  await page.getByTestId('add-scans-confirm').click();
  await page.getByTestId('observation-row').waitFor();
  // Wait until the analysis has finished and the panel shows its bars.
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId('observation-row').click();
        return (await page.getByTestId('observation-info').textContent({ timeout: 10_000 })) ?? '';
      },
      { timeout: 90_000, interval: 2000 },
    )
    .toMatch(/[1-9]\d* rebars \(from the analysis\)/);
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor();
  await shot('3d-model-observation-bars');

  // Export its bars as glTF from the row's menu: one named node per bar.
  await page.getByTestId('observation-menu-button').click();
  const [glbDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('observation-export-gltf').click()]);
  expect(glbDownload.suggestedFilename()).toBe('L001-rebars.glb');
  const glb = readFileSync((await glbDownload.path())!);
  expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
  const gltf = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')) as { nodes: { name: string }[] };
  const barCount = Number(/(\d+) rebars/.exec((await page.getByTestId('observation-info').textContent()) ?? '')?.[1]);
  expect(gltf.nodes).toHaveLength(barCount);
  // The menu closed with the click; wait for it to be gone before clicking under it.
  await page.getByTestId('observation-export-gltf').waitFor({ state: 'detached' });

  // Move it 5 cm along the line, save, reload: the move stays.
  await page.getByTestId('observation-edit').click();
  expect(await page.getByTestId('observation-save').isDisabled()).toBe(true);
  for (let i = 0; i < 5; i++) await page.getByTestId('move-x-plus').click();
  await expect.poll(() => page.getByTestId('observation-origin').textContent()).toBe('Origin 0.450, 0.000, 1.200 m');
  await page.getByTestId('observation-save').click();
  await page.getByTestId('observation-editor').waitFor({ state: 'detached' });
  await page.reload();
  await page.getByTestId('observation-row').waitFor();
  await page.getByTestId('observation-edit').click();
  expect(await page.getByTestId('observation-origin').textContent()).toBe('Origin 0.450, 0.000, 1.200 m');
  await page.getByTestId('observation-cancel').click();

  // Share: the link opens in a fresh browser without a session, read-only.
  await page.getByTestId('share-button').click();
  await page.getByTestId('share-public-switch').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toBe(`${server.url}/nodes/${modelId}`);
  await page.keyboard.press('Escape');
  const visitor = await openBrowser(server.url);
  try {
    await visitor.page.goto(link);
    await visitor.page.getByTestId('public-model-page').waitFor();
    await visitor.page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 30_000 });
    await visitor.page.getByTestId('observation-row').click();
    await expect.poll(() => visitor.page.getByTestId('observation-info').textContent()).toMatch(/[1-9]\d* rebars/);
    expect(await visitor.page.getByTestId('add-scans-button').count()).toBe(0);
    expect(await visitor.page.getByTestId('observation-edit').count()).toBe(0);
    expect(await visitor.page.getByTestId('tab-live').count()).toBe(0);
    expect(await canvasColourCount(visitor.page)).toBeGreaterThan(20);
    await visitor.page.waitForTimeout(600);
    await screenshot(visitor.page, '3d-model-public-link');

    // Sharing off: the link fails at once.
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-public-switch').click();
    await expect.poll(() => page.getByTestId('share-public-switch').locator('input').isChecked()).toBe(false);
    await visitor.page.reload();
    await visitor.page.getByTestId('public-model-unavailable').waitFor();
    await screenshot(visitor.page, '3d-model-public-link-off');
  } finally {
    await visitor.close();
  }
});

it('draws a cloud larger than the point budget through its octree: coarse first, then the budget', async () => {
  // The box room sampled every 4.2 mm: 3.3 million points (50 MB), more than the 3 million point budget.
  const cloud = sampleBoxSurface(BOX_MIN, BOX_MAX, 0.0042);
  const total = cloud.positions.length / 3;
  expect(total).toBeGreaterThan(3_000_000);
  const headers = { 'x-organization': org };
  const model = await (await page.request.post(`${server.url}/api/3d-models`, { headers, data: { name: 'Large room cloud' } })).json();
  const batch = await (
    await page.request.post(`${server.url}/api/files/batch`, {
      headers,
      data: { objectPathPrefix: '3d-models', files: [{ nodeId: model.nodeId, name: 'large', extension: 'ply' }] },
    })
  ).json();
  const put = await page.request.put(batch.files[0].uploadUrl, {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from(writePlyPoints(cloud.positions, cloud.colours)),
    timeout: 120_000,
  });
  expect(put.status()).toBe(204);
  const version = await page.request.post(`${server.url}/api/3d-model-version`, {
    headers,
    data: { threeDModelNodeId: model.nodeId, files: [{ type: 'point_cloud', fileId: batch.files[0].file.id }] },
  });
  expect(version.status()).toBe(201);

  await page.goto(`${server.url}/3d-models/${model.nodeId}/3d-model?org=${org}`);
  // The coarse level is drawn as soon as the file is read, then the octree takes over.
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="viewer"][data-level="octree"]').waitFor({ timeout: 90_000 });
  await page.getByTestId('viewer-stats-toggle').click();
  const stats = page.getByTestId('viewer-stats');
  // Drawn: some nodes, never more than the budget, which is at most 3 million, below the cloud's size.
  await expect
    .poll(async () => Number(await stats.getAttribute('data-points')), { timeout: 30_000 })
    .toBeGreaterThan(10_000);
  // One snapshot of the panel: its numbers and the text the surveyor reads.
  const shown = await stats.evaluate((el) => ({
    drawn: Number(el.getAttribute('data-points')),
    budget: Number(el.getAttribute('data-point-budget')),
    lines: Array.from(el.children, (c) => c.textContent ?? ''),
  }));
  expect(shown.budget).toBeGreaterThan(0);
  expect(shown.budget).toBeLessThanOrEqual(3_000_000);
  expect(shown.drawn).toBeLessThanOrEqual(shown.budget);
  expect(shown.drawn).toBeLessThan(total);
  const expected = await page.evaluate(([d, b, t]) => [`${d!.toLocaleString()} points`, `budget ${b!.toLocaleString()} of ${t!.toLocaleString()}`], [shown.drawn, shown.budget, total]);
  expect(shown.lines.slice(1, 3)).toEqual(expected);
  expect(await canvasColourCount(page)).toBeGreaterThan(20);
  await shot('3d-model-large-cloud');
});
