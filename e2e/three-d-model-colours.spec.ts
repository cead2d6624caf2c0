import { writePlyPoints } from '@gprhub/scan3d';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'colour-check';

/** Three bands of a 3 m × 1 m wall (world frame, z up, the wall in the plane y = 0), each one sRGB colour. */
const BANDS: { colour: [number, number, number]; x: [number, number] }[] = [
  { colour: [200, 60, 40], x: [0, 1] }, // brick red
  { colour: [40, 110, 190], x: [1, 2] }, // blue
  { colour: [70, 70, 70], x: [2, 3] }, // dark grey: the sRGB curve matters most in the darks
];

/** The wall's points every 4 mm (coloured by band), as a PLY from a scanner: sRGB bytes. */
function wallCloud(): Uint8Array {
  const step = 0.004;
  const nx = Math.round(3 / step);
  const nz = Math.round(1 / step);
  const positions = new Float32Array(nx * nz * 3);
  const colours = new Uint8Array(nx * nz * 3);
  let i = 0;
  for (let a = 0; a < nx; a++)
    for (let b = 0; b < nz; b++, i++) {
      const x = (a + 0.5) * step;
      positions.set([x, 0, 1 + (b + 0.5) * step], i * 3);
      colours.set(BANDS.find((band) => x < band.x[1])!.colour, i * 3);
    }
  return writePlyPoints(positions, colours);
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Cora',
    lastName: 'Lorimer',
    email: `cora-${Date.now()}@example.com`,
    password: 'true-colours-2026',
    organization: 'Colour check',
    slug: org,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("draws a PLY cloud's sRGB colours as they are (not washed out)", async () => {
  const headers = { 'x-organization': org };
  const model = await (await page.request.post(`${server.url}/api/3d-models`, { headers, data: { name: 'Coloured wall' } })).json();
  const batch = await (
    await page.request.post(`${server.url}/api/files/batch`, {
      headers,
      data: { objectPathPrefix: '3d-models', files: [{ nodeId: model.nodeId, name: 'wall', extension: 'ply' }] },
    })
  ).json();
  const put = await page.request.put(batch.files[0].uploadUrl, { headers: { 'content-type': 'application/octet-stream' }, data: Buffer.from(wallCloud()) });
  expect(put.status()).toBe(204);
  const version = await page.request.post(`${server.url}/api/3d-model-version`, {
    headers,
    data: { threeDModelNodeId: model.nodeId, files: [{ type: 'point_cloud', fileId: batch.files[0].file.id }] },
  });
  expect(version.status()).toBe(201);

  await page.goto(`${server.url}/3d-models/${model.nodeId}/3d-model?org=${org}`);
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 60_000 });
  // The grid would show through the points' gaps at some pixels: off, for a clean sample.
  await page.getByRole('button', { name: 'Grid' }).click();
  await page.waitForTimeout(800);
  await screenshot(page, '3d-model-colours');

  // Each band's centre, read from the canvas (preserveDrawingBuffer), a 5 × 5 pixel median per channel.
  for (const band of BANDS) {
    const at = await page.evaluate((pt) => {
      const canvas = document.querySelector('[data-testid="viewer"] canvas') as HTMLCanvasElement & {
        projectWorldPoint: (x: number, y: number, z: number) => { x: number; y: number };
      };
      return canvas.projectWorldPoint(pt[0], pt[1], pt[2]);
    }, [(band.x[0] + band.x[1]) / 2, 0, 1.5] as [number, number, number]);
    const rgb = await page.evaluate(({ x, y }) => {
      const canvas = document.querySelector('[data-testid="viewer"] canvas') as HTMLCanvasElement;
      const rect = canvas.getBoundingClientRect();
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const px = Math.round(((x - rect.left) / rect.width) * canvas.width);
      const py = Math.round(((y - rect.top) / rect.height) * canvas.height);
      const data = ctx.getImageData(px - 2, py - 2, 5, 5).data;
      return [0, 1, 2].map((c) => {
        const values = Array.from({ length: 25 }, (_, i) => data[i * 4 + c]!).sort((a, b) => a - b);
        return values[12]!;
      });
    }, at);
    for (let c = 0; c < 3; c++) expect(Math.abs(rgb[c]! - band.colour[c]!), `band ${band.colour.join(',')}: drawn ${rgb.join(',')}`).toBeLessThanOrEqual(6);
  }
});
