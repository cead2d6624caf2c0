import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticRecording } from '@gprhub/scan3d/rtabmap';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeRtabmapFile } from '../apps/api/src/jobs/rtabmap-sqlite.js';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'scanned-rooms';
const tmp = mkdtempSync(join(tmpdir(), 'gprhub-e2e-rtabmap-'));

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

/** A digest of the 3D canvas' pixels (on a 200 × 150 copy): changes when what is drawn changes. */
async function canvasSignature(p: Page): Promise<string> {
  return p.evaluate(() => {
    const canvas = document.querySelector('[data-testid="viewer"] canvas') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = 150;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0, 200, 150);
    const data = ctx.getImageData(0, 0, 200, 150).data;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i]!, 16777619) >>> 0;
    return hash.toString(16);
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Ravi',
    lastName: 'Tracker',
    email: `ravi-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: 'Scanned rooms',
    slug: org,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** Wait until the viewer has drawn the model of this kind. */
async function waitDrawn(p: Page, kind: string): Promise<void> {
  await expect.poll(async () => p.getByTestId('viewer').getAttribute('data-model-kind'), { timeout: 60_000 }).toBe(kind);
  await p.locator(`[data-testid="viewer"][data-loaded="true"][data-model-kind="${kind}"]`).waitFor({ timeout: 60_000 });
}

it('turns an uploaded RTAB-Map recording into a point cloud and a mesh: progress toasts, the cloud, then the mesh', async () => {
  // A small generated recording (8 frames of 128 × 96), written as a real SQLite RTAB-Map database.
  const file = join(tmp, 'rtabmap.db');
  writeRtabmapFile(file, generateSyntheticRecording({ seed: 11, frames: 8, width: 128, height: 96 }));

  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-3d-model').click();
  await page.getByTestId('new-3d-model-name').fill('Scanned storeroom');
  await page.getByTestId('new-3d-model-submit').click();
  await page.waitForURL(/\/3d-models\/[0-9a-f-]+\/live/);

  await page.getByTestId('upload-version-button').click();
  await page.getByTestId('upload-version-input').setInputFiles([
    { name: 'rtabmap.db', mimeType: 'application/octet-stream', buffer: readFileSync(file) },
  ]);
  await page.getByTestId('upload-version-submit').click();
  await page.waitForURL(/\/3d-model(\?|$)/, { timeout: 30_000 });

  // The cloud's toast appears (running with its progress, or just finished if the worker was quick).
  const cloudToast = page.locator('[data-testid="generation-toast"][data-kind="cloud"]');
  const meshToast = page.locator('[data-testid="generation-toast"][data-kind="mesh"]');
  await cloudToast.waitFor({ timeout: 30_000 });
  expect(['running', 'finished', 'shown']).toContain(await cloudToast.getAttribute('data-state'));
  await expect.poll(async () => cloudToast.textContent()).toMatch(/Generating the point cloud|Point cloud generated/);
  await screenshot(page, '3d-model-generation-toast');

  // The cloud's run finishes (not fails), and the page refreshes the model by itself.
  await expect
    .poll(async () => `${await cloudToast.getAttribute('data-state')}: ${await cloudToast.textContent()}`, {
      timeout: 90_000,
      message: `server output: ${server.output().slice(-3000)}`,
    })
    .toMatch(/^(finished|shown): Point cloud generated/);
  await screenshot(page, '3d-model-generation-finished');

  // Then the mesh's run finishes, and 2 s later the viewer switches to the mesh.
  await meshToast.waitFor({ timeout: 60_000 });
  await expect
    .poll(async () => `${await meshToast.getAttribute('data-state')}: ${await meshToast.textContent()}`, {
      timeout: 120_000,
      message: `server output: ${server.output().slice(-3000)}`,
    })
    .toMatch(/^(finished|shown): Mesh generated/);
  await waitDrawn(page, 'glb');
  await page.getByTestId('viewer-stats-toggle').click();
  await expect
    .poll(async () => Number(await page.getByTestId('viewer-stats').getAttribute('data-triangles')), { timeout: 30_000 })
    .toBeGreaterThan(1000);
  await expect.poll(async () => canvasColourCount(page)).toBeGreaterThan(20);
  const meshPixels = await canvasSignature(page);
  await screenshot(page, '3d-model-generated-mesh');

  // The toggle shows the generated cloud instead, and back.
  await page.getByTestId('viewer-show-cloud').click();
  await waitDrawn(page, 'cloud');
  await expect
    .poll(async () => Number(await page.getByTestId('viewer-stats').getAttribute('data-points')), { timeout: 30_000 })
    .toBeGreaterThan(1000);
  await expect.poll(async () => canvasColourCount(page)).toBeGreaterThan(20);
  await expect.poll(async () => canvasSignature(page)).not.toBe(meshPixels);
  await screenshot(page, '3d-model-generated-cloud');
  await page.getByTestId('viewer-show-mesh').click();
  await waitDrawn(page, 'glb');

  // The model's data table lists the version's files as downloads, the cloud's GLB of points among them.
  await page.getByTestId('viewer-table-toggle').click();
  const table = page.getByTestId('model-data-table');
  const glbLink = table.getByRole('link', { name: 'point_cloud.glb', exact: true });
  await glbLink.waitFor();
  expect(await glbLink.getAttribute('download')).toBe('point_cloud.glb');
  await expect.poll(async () => table.getByRole('link').count()).toBe(7);
  const glb = await page.request.get(new URL((await glbLink.getAttribute('href'))!, server.url).toString());
  expect(glb.status()).toBe(200);
  const bytes = await glb.body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
  await screenshot(page, '3d-model-data-table-downloads');
}, 300_000);
