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

it('turns an uploaded RTAB-Map recording into a point cloud: progress toast, then the cloud drawn', async () => {
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

  // The generation's toast appears (running with its progress, or just finished if the worker was quick).
  const toast = page.getByTestId('generation-toast');
  await toast.waitFor({ timeout: 30_000 });
  const firstState = await toast.getAttribute('data-state');
  expect(['running', 'finished', 'shown']).toContain(firstState);
  await expect.poll(async () => toast.textContent()).toMatch(/Generating the point cloud|Point cloud generated/);
  await screenshot(page, '3d-model-generation-toast');

  // The run finishes (not fails), then the page refreshes the model by itself and draws the generated cloud.
  await expect
    .poll(async () => `${await toast.getAttribute('data-state')}: ${await toast.textContent()}`, {
      timeout: 90_000,
      message: `server output: ${server.output().slice(-3000)}`,
    })
    .toMatch(/^(finished|shown): Point cloud generated/);
  await screenshot(page, '3d-model-generation-finished');
  await expect.poll(async () => page.getByTestId('viewer').getAttribute('data-model-kind'), { timeout: 30_000 }).toBe('cloud');
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('viewer-stats-toggle').click();
  await expect
    .poll(async () => Number(await page.getByTestId('viewer-stats').getAttribute('data-points')), { timeout: 30_000 })
    .toBeGreaterThan(1000);
  await page.waitForTimeout(800);
  expect(await canvasColourCount(page)).toBeGreaterThan(20);
  await screenshot(page, '3d-model-generated-cloud');
}, 240_000);
