import { readFileSync } from 'node:fs';
import { createBoxMesh, readPlyHeader, readPlyPoints, sampleBoxSurface, writeGlbMesh, writePlyPoints } from '@gprhub/scan3d';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { importZip } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';
import { AREA_TRUTH, syntheticAreaZip } from './support/synthetic-area-scan.js';

// GENERATE_POINT_CLOUD from a GPR scan (decisions/0045): an area scan whose first line is placed in a 3D model.
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const stamp = Date.now();
const org = `slab-cloud-${stamp}`;

/** A small wall (1.2 m wide, 0.3 m thick, 1.3 m high; z up) so the 60 × 40 cm area fills the view. */
const BOX_MIN: [number, number, number] = [0, 0, 0];
const BOX_MAX: [number, number, number] = [1.2, 0.3, 1.3];
/** The area's first line (grid y 0) runs 0.6 m along the wall's front face at 0.5 m height; the grid's y goes up the wall. */
const positions = [{ id: 'L001.dzt', order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0.3, 0, 0.5], endPoint: [0.9, 0, 0.5] }];

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Ines',
    lastName: 'Surveyor',
    email: `ines-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: `Slab cloud ${stamp}`,
    slug: org,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('generates an area scan’s GPR point cloud from its line in a 3D model, draws it there and downloads it as PLY', async () => {
  const imported = await importZip(page, server.url, org, 'slab.zip', syntheticAreaZip('Slab 7', 500));
  const areaId = imported.areaScanGroups[0]!.node.nodeId;

  // A 3D model with a version of the wall and the tracker's position of the area's first line.
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-3d-model').click();
  await page.getByTestId('new-3d-model-name').fill('Slab wall');
  await page.getByTestId('new-3d-model-submit').click();
  await page.waitForURL(/\/3d-models\/[0-9a-f-]+\/live/);
  const cloud = sampleBoxSurface(BOX_MIN, BOX_MAX, 0.03);
  const mesh = createBoxMesh(BOX_MIN, BOX_MAX);
  await page.getByTestId('upload-version-button').click();
  await page.getByTestId('upload-version-input').setInputFiles([
    { name: 'wall.ply', mimeType: 'application/octet-stream', buffer: Buffer.from(writePlyPoints(cloud.positions, cloud.colours)) },
    { name: 'wall.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(writeGlbMesh(mesh.positions, mesh.indices, [0.72, 0.7, 0.66, 1])) },
    { name: 'positions.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(positions)) },
  ]);
  await page.getByTestId('upload-version-submit').click();
  await page.waitForURL(/\/3d-model(\?|$)/, { timeout: 30_000 });
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 30_000 });

  // Place the area's first line, then generate the area's cloud from its row's menu.
  await page.getByTestId('add-scans-button').click();
  await page.getByTestId('add-scans-list').getByText('L001').click();
  await page.getByTestId('add-scans-confirm').click();
  await page.getByTestId('observation-row').click();
  await expect.poll(() => page.getByTestId('observation-gpr-cloud').textContent(), { timeout: 30_000 }).toContain('No GPR point cloud of area scan Slab 7 yet');
  await page.getByTestId('observation-menu-button').click();
  await page.getByTestId('observation-gpr-cloud-generate').click();
  await page.getByTestId('observation-gpr-cloud-generate').waitFor({ state: 'detached' });
  // It runs on the queue, then is drawn at once (generating also shows it).
  await expect
    .poll(async () => Number((await page.getByTestId('observation-gpr-cloud').getAttribute('data-drawn-points')) ?? 0), { timeout: 120_000, interval: 1000 })
    .toBeGreaterThan(100);
  expect(await page.getByTestId('observation-gpr-cloud').textContent()).toMatch(/GPR point cloud of area scan Slab 7: [\d,]+ points shown/);
  await page.waitForTimeout(600);
  await screenshot(page, '3d-model-gpr-point-cloud');

  // Hide it, and download it as PLY: the area's bars in its grid, metres.
  await page.getByTestId('observation-menu-button').click();
  await page.getByTestId('observation-gpr-cloud-toggle').click();
  await expect.poll(() => page.getByTestId('observation-gpr-cloud').getAttribute('data-drawn-points')).toBeNull();
  await page.getByTestId('observation-gpr-cloud-toggle').waitFor({ state: 'detached' });
  await page.getByTestId('observation-menu-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('observation-gpr-cloud-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.ply$/);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  const points = readPlyPoints(bytes, readPlyHeader(bytes));
  expect(points.count).toBeGreaterThan(100);
  for (const bar of AREA_TRUTH.vertical) {
    let near = 0;
    for (let p = 0; p < points.count; p++)
      if (Math.abs(points.positions[3 * p]! - bar.xM) <= 0.02 && Math.abs(points.positions[3 * p + 2]! - bar.coverM) <= 0.015) near++;
    expect(near, `bar at x ${bar.xM}`).toBeGreaterThan(10);
  }

  // The area scan page offers the same cloud in its Export menu.
  await page.goto(`${server.url}/area-scans/${areaId}?org=${org}`);
  await page.getByTestId('area-scan-page').waitFor();
  await page.getByTestId('export-menu-button').click();
  await page.getByTestId('download-point-cloud').waitFor();
  const [areaDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-point-cloud').click()]);
  expect(areaDownload.suggestedFilename()).toMatch(/\.ply$/);
  expect(readFileSync((await areaDownload.path())!).subarray(0, 3).toString('latin1')).toBe('ply');
  await page.getByTestId('export-menu-button').click();
  await page.getByTestId('generate-point-cloud').waitFor();
  await screenshot(page, 'area-scan-point-cloud-menu');
  await page.keyboard.press('Escape');
}, 400_000);
