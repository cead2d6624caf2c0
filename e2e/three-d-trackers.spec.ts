import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
let simulator: ChildProcess | null = null;
let simulatorLog = '';
const org = 'tracked-sites';
const trackerName = 'Site tracker A';

/** Distinct colours in the live canvas (a canvas with only the grid has few). */
async function liveCanvasColours(p: Page): Promise<number> {
  return p.evaluate(() => {
    const canvas = document.querySelector('[data-testid="live-canvas"] canvas') as HTMLCanvasElement | null;
    if (!canvas) return 0;
    const copy = document.createElement('canvas');
    copy.width = 240;
    copy.height = 160;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0, 240, 160);
    const data = ctx.getImageData(0, 0, 240, 160).data;
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
    firstName: 'Tomas',
    lastName: 'Tracker',
    email: `tomas-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: 'Tracked sites',
    slug: org,
  });
});

afterAll(async () => {
  if (simulator && simulator.exitCode === null) simulator.kill();
  await browser?.close();
  await server?.stop();
});

it('pairs the simulator by QR code, connects it to a model, draws its live map and receives its recording', async () => {
  // A model to record into: with no version it opens on the live tab.
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-3d-model').click();
  await page.getByTestId('new-3d-model-name').fill('Tracked basement');
  await page.getByTestId('new-3d-model-submit').click();
  await page.waitForURL(/\/3d-models\/[0-9a-f-]+\/live/);
  const modelUrl = page.url();
  await page.getByText('No session yet').waitFor();

  // The trackers screen: Add Tracker shows the QR code of a pairing URL.
  await page.getByTestId('nav-three-d-trackers').click();
  await page.getByRole('heading', { name: '3d Trackers' }).waitFor();
  await page.getByTestId('add-tracker-button').click();
  const qr = page.getByTestId('tracker-qr-code');
  await qr.waitFor();
  await page.getByText('Click to enlarge').waitFor();
  const pairingUrl = (await qr.getAttribute('data-pairing-url'))!;
  expect(pairingUrl).toContain('pairing=');
  await screenshot(page, 'tracker-add-qr-code');

  // A phone camera opening the QR code lands on a page that says what it is for, without using the token.
  const phone = await page.context().newPage();
  await phone.goto(pairingUrl);
  await phone.getByText('This code pairs a 3D tracker').waitFor();
  await phone.close();

  // The simulator, exactly as a person runs it: npx gprhub tracker-sim --pair URL.
  simulator = spawn('npx', ['--no-install', 'gprhub', 'tracker-sim', '--pair', pairingUrl, '--name', trackerName, '--id', `e2e-${Date.now()}`, '--duration-s', '15'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  simulator.stdout!.on('data', (d) => (simulatorLog += d));
  simulator.stderr!.on('data', (d) => (simulatorLog += d));
  const exited = new Promise<number | null>((resolve) => simulator!.once('exit', (code) => resolve(code)));

  await page.getByTestId('add-tracker-close').click();
  // The table polls: the paired tracker appears with its name.
  await page.getByTestId('trackers-grid').getByText(trackerName).waitFor({ timeout: 60_000 });
  await screenshot(page, 'tracker-table');

  // Connect it to the model's next upload; the header chip then shows its name.
  await page.goto(modelUrl);
  await page.getByTestId('connect-tracker-open').click();
  await page.getByTestId('connect-tracker-select').click();
  await page.getByRole('option', { name: trackerName }).click();
  await page.getByTestId('connect-tracker-button').click();
  await page.getByTestId('connected-tracker').getByText(trackerName).waitFor();
  await page.getByTestId('connect-tracker-close').click();
  await expect.poll(() => page.locator('header').getByTestId('tracker-chip').textContent(), { timeout: 20_000 }).toBe(trackerName);

  // The simulator opens its session: the live view connects through the app and draws the map as it arrives.
  await page.getByTestId('live-feed-toggle').waitFor({ timeout: 60_000 });
  await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('live');
  // A member may end the session (after a confirmation); cancelled here, so the recording goes on.
  await page.getByTestId('end-session').click();
  await page.getByTestId('end-session-dialog').getByText('Are you sure you want to end this live session?', { exact: false }).waitFor();
  await screenshot(page, 'tracker-end-session-dialog');
  await page.getByTestId('end-session-dialog-cancel').click();
  await page.getByTestId('end-session-dialog').waitFor({ state: 'hidden' });
  await expect.poll(async () => Number(await page.getByTestId('live-point-count').getAttribute('data-points')), { timeout: 30_000 }).toBeGreaterThan(0);
  const firstPoints = Number(await page.getByTestId('live-point-count').getAttribute('data-points'));
  const firstColours = await liveCanvasColours(page);
  await expect.poll(async () => Number(await page.getByTestId('live-point-count').getAttribute('data-points')), { timeout: 30_000 }).toBeGreaterThan(firstPoints);
  await expect.poll(() => liveCanvasColours(page), { timeout: 30_000 }).toBeGreaterThan(firstColours);
  await screenshot(page, 'tracker-live-view');

  // The session ends: back to the 3D model tab, where the uploaded recording appears as the model's version.
  await page.waitForURL(/\/3d-model(\?|$)/, { timeout: 90_000 });
  await page.getByText(/^Version 1 of /).waitFor({ timeout: 60_000 });
  expect(await exited, simulatorLog).toBe(0);
  expect(simulatorLog).toMatch(/uploaded version [0-9a-f-]+ of 3D model/);
  expect(simulatorLog).not.toMatch(/heartbeat failed|closing the session failed/);
  await page.getByTestId('generation-toast').first().waitFor({ timeout: 60_000 });
  await screenshot(page, 'tracker-version-arrived');
  // The upload was the tracker's next upload: the connection is done, so the header chip is hidden.
  await expect.poll(() => page.locator('header').getByTestId('tracker-chip').count(), { timeout: 20_000 }).toBe(0);
});
