/**
 * Browser benchmark of the 3D model viewer: clouds of 1 and 10 million points and a 300,000-triangle mesh,
 * each uploaded as a model version through the API and opened on the 3D model page in headless Chromium.
 * Prints the time to first frame (navigation start → the renderer first draws the model, its performance mark
 * `viewer3d:drawn-*`: the page, the model's answer, the worker's download and read of the coarse level, GPU upload), the time until the octree draws (the worker's full read
 * and octree build), and the frame time (p50, p95 over 4 s of orbiting, once the octree draws) against an
 * almost empty scene (an 8-point cloud). Targets (issue #15): first frame ≤ 2 s at
 * 1 M points and ≤ 6 s at 10 M; frame time p50 within 2× of the empty scene's.
 *
 * Run: `npm run bench -- viewer3d`. Builds the app first when its dist folders are missing. VIEWER3D_CASES=1m,10m
 * runs only those cases (and the empty scene); VIEWER3D_SCREENSHOTS=<name> saves the first frame and the refined
 * view of each case (test-results/screenshots/viewer3d-<name>-<file>-first.png, -refined.png, and -moving.png
 * while orbiting); VIEWER3D_GLB=<path> adds a mesh of one's own (case "glb").
 *
 * The scan-order cloud (a PLY from elsewhere, uploaded as is) is measured twice once the server has derived its
 * LOD-ordered copy (decision 0058; the time the copy took is printed): as the user meets it before the copy is there
 * (the model's answer without `pointCloudLodFile`, so the viewer reads the upload), and after (the viewer reads
 * the copy).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadavg } from 'node:os';
import { shufflePointsInPlace, writeGlbMesh, writePlyPoints } from '@gprhub/scan3d';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot } from '../../../e2e/support/browser.js';
import { repoRoot, startServer } from '../../../e2e/support/server.js';

const ORG = 'viewer3d-bench';
const ORBIT_SECONDS = 4;

function ensureBuilt(): void {
  const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
  const apiOut = process.env.API_DIST ?? 'dist';
  if (existsSync(join(webDist, 'index.html')) && existsSync(join(repoRoot, 'apps/api', apiOut, 'server.js'))) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/**
 * A room-like cloud: points on the six faces of a 5 × 4 × 2.6 m box, coloured by height. `lodOrdered`: written
 * as the server writes generated clouds (shuffled, the header says so); else in scan order (the points swept
 * along x), as a PLY from elsewhere may come.
 */
function roomCloud(count: number, lodOrdered = true): Uint8Array {
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  const size = [5, 4, 2.6];
  let seed = 12345;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
  for (let i = 0; i < count; i++) {
    const axis = i % 3;
    for (let a = 0; a < 3; a++) positions[i * 3 + a] = a === axis ? (random() < 0.5 ? 0 : size[a]!) : random() * size[a]!;
    const shade = 90 + Math.round((positions[i * 3 + 2]! / size[2]!) * 140);
    colours.set([shade, shade - 20, 200 - shade / 2], i * 3);
  }
  if (lodOrdered) {
    shufflePointsInPlace(positions, colours);
    return writePlyPoints(positions, colours, { lodOrdered: true });
  }
  // Scan order: sorted along x.
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => positions[a * 3]! - positions[b * 3]!);
  const sortedPositions = new Float32Array(count * 3);
  const sortedColours = new Uint8Array(count * 3);
  order.forEach((from, to) => {
    sortedPositions.set(positions.subarray(from * 3, from * 3 + 3), to * 3);
    sortedColours.set(colours.subarray(from * 3, from * 3 + 3), to * 3);
  });
  return writePlyPoints(sortedPositions, sortedColours);
}

/** A wavy wall of ~300,000 triangles (388 × 388 vertices). */
function wallMesh(): Uint8Array {
  const n = 388;
  const positions = new Float32Array(n * n * 3);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) positions.set([(i / (n - 1)) * 5, 0.05 * Math.sin(i / 9) * Math.cos(j / 7), (j / (n - 1)) * 2.6], (i * n + j) * 3);
  const indices = new Uint32Array((n - 1) * (n - 1) * 6);
  let k = 0;
  for (let i = 0; i < n - 1; i++)
    for (let j = 0; j < n - 1; j++) {
      const a = i * n + j;
      indices.set([a, a + n, a + 1, a + 1, a + n, a + n + 1], k);
      k += 6;
    }
  return writeGlbMesh(positions, indices, [0.7, 0.68, 0.62, 1]);
}

/** A model with one version holding one file, through the API with the page's session. */
async function createModel(page: Page, url: string, name: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<string> {
  const headers = { 'x-organization': ORG };
  const model = await (await page.request.post(`${url}/api/3d-models`, { headers, data: { name } })).json();
  const batch = await (
    await page.request.post(`${url}/api/files/batch`, {
      headers,
      data: { objectPathPrefix: '3d-models', files: [{ nodeId: model.nodeId, name: file.name.split('.')[0], extension: file.name.split('.')[1] }] },
    })
  ).json();
  const target = batch.files[0];
  const put = await page.request.put(target.uploadUrl, { headers: { 'content-type': 'application/octet-stream' }, data: Buffer.from(file.bytes), timeout: 300_000 });
  if (put.status() !== 204) throw new Error(`upload failed: ${put.status()}`);
  const version = await page.request.post(`${url}/api/3d-model-version`, { headers, data: { threeDModelNodeId: model.nodeId, files: [{ type: file.type, fileId: target.file.id }] } });
  if (version.status() !== 201) throw new Error(`version failed: ${await version.text()}`);
  return model.nodeId as string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/**
 * Wait until the server has derived the version's LOD-ordered copy of its point cloud (decision 0058); answers the
 * milliseconds from the call to the copy's appearance in the model's answer.
 */
async function waitForLodCopy(page: Page, url: string, modelId: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const model = await (await page.request.get(`${url}/api/3d-models/${modelId}`, { headers: { 'x-organization': ORG } })).json();
    if (model.pointCloudLodFile) return performance.now() - started;
    if (performance.now() - started > 300_000) throw new Error('the LOD-ordered copy did not appear within 300 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Open the model page; answers the first-frame time and the frame times while orbiting. `lodCopy`: the model's
 * answer passes through the harness (both runs of a scan-order cloud, so both pay the same detour), and 'hidden'
 * gives it to the page without its LOD-ordered copy (the upload, as the viewer reads it before the server has
 * derived the copy).
 */
async function measure(page: Page, url: string, modelId: string, shotName: string | null, lodCopy?: 'hidden' | 'shown'): Promise<{ firstFrameMs: number; harnessMs: number; modelMs: number; octreeMs: number; p50: number; p95: number; drawn: string; steps: string }> {
  const modelUrl = `${url}/api/3d-models/${modelId}`;
  if (lodCopy)
    await page.route(modelUrl, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: lodCopy === 'hidden' ? { ...json, pointCloudLodFile: null } : json });
    });
  try {
    return await measureOpened(page, url, modelId, shotName);
  } finally {
    if (lodCopy) await page.unroute(modelUrl);
  }
}

async function measureOpened(page: Page, url: string, modelId: string, shotName: string | null): Promise<{ firstFrameMs: number; harnessMs: number; modelMs: number; octreeMs: number; p50: number; p95: number; drawn: string; steps: string }> {
  await page.goto(`${url}/3d-models/${modelId}/3d-model?org=${ORG}`);
  await page.locator('[data-testid="viewer"][data-loaded="true"]').waitFor({ timeout: 120_000 });
  // The model is in the scene: the renderer marks when it first draws it (performance mark viewer3d:drawn-*).
  // The harness's own view (two animation frames after it saw the page say "loaded") is printed beside it.
  const harnessMs = (await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))')) as number;
  await page.waitForFunction(`performance.getEntriesByType('mark').some((m) => m.name.startsWith('viewer3d:drawn-'))`, undefined, { timeout: 120_000 });
  const firstFrameMs = (await page.evaluate(
    `Math.min(...performance.getEntriesByType('mark').filter((m) => m.name.startsWith('viewer3d:drawn-')).map((m) => m.startTime))`,
  )) as number;
  // When the model's answer arrived: from there on the time is the viewer's (download, read, GPU upload).
  const modelAnsweredMs = (await page.evaluate(
    `Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/3d-models/${modelId}')).map((e) => e.responseEnd))`,
  )) as number;
  // VIEWER3D_SCREENSHOTS=1: the first frame and the refined view (test-results/screenshots/viewer3d-*.png).
  if (shotName) await screenshot(page, `viewer3d-${shotName}-first`);
  // A large cloud first shows a coarse level; the frame times are taken once its octree draws.
  const viewer = page.getByTestId('viewer');
  if ((await viewer.getAttribute('data-level')) === 'coarse') await page.locator('[data-testid="viewer"][data-level="octree"]').waitFor({ timeout: 120_000 });
  const octreeMs = (await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))')) as number;
  // The viewer's steps (performance marks: the worker's start, first bytes, coarse level, whole file read, octree).
  const steps = (await page.evaluate(
    `performance.getEntriesByType('mark').filter((m) => m.name.startsWith('viewer3d:')).sort((a, b) => a.startTime - b.startTime).map((m) => m.name.slice(9) + ' ' + m.startTime.toFixed(0)).join(', ')`,
  )) as string;
  await page.getByTestId('viewer-stats-toggle').click();
  // Let the level of detail settle (uploads, the budget following the frame time) before measuring.
  await page.waitForTimeout(1500);
  if (shotName) await screenshot(page, `viewer3d-${shotName}-refined`);
  const canvas = (await page.locator('[data-testid="viewer"] canvas').boundingBox())!;
  const cx = canvas.x + canvas.width / 2;
  const cy = canvas.y + canvas.height / 2;
  // Orbit (a slow drag) while the page records every animation frame.
  const frames = page.evaluate(`new Promise((resolve) => {
    const times = [];
    const start = performance.now();
    const tick = (t) => { times.push(t); if (t - start < ${ORBIT_SECONDS * 1000}) requestAnimationFrame(tick); else resolve(times); };
    requestAnimationFrame(tick);
  })`) as Promise<number[]>;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < ORBIT_SECONDS * 20; i++) {
    await page.mouse.move(cx + 200 * Math.sin(i / 15), cy + 20 * Math.cos(i / 15));
    await page.waitForTimeout(50);
    // What is drawn while the view turns (a simplified mesh, the cloud's budget); only with screenshots asked for.
    if (shotName && i === ORBIT_SECONDS * 10) await screenshot(page, `viewer3d-${shotName}-moving`);
  }
  await page.mouse.up();
  const times = await frames;
  const intervals = times.slice(1).map((t, i) => t - times[i]!).sort((a, b) => a - b);
  const drawn = (await page.getByTestId('viewer-stats').evaluate((el) => Array.from(el.children, (c) => c.textContent).join(', '))) as string;
  return { firstFrameMs, harnessMs, modelMs: firstFrameMs - modelAnsweredMs, octreeMs, p50: percentile(intervals, 0.5), p95: percentile(intervals, 0.95), drawn, steps };
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startServer();
  const browser = await openBrowser(server.url, { width: 1440, height: 900 });
  const { page } = browser;
  try {
    await page.goto(`${server.url}/auth/sign-up`);
    await page.getByLabel('First name').fill('Bench');
    await page.getByLabel('Last name').fill('Mark');
    await page.getByLabel('Work email').fill(`bench3d-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('viewer-bench-2026');
    await page.getByTestId('sign-up-submit').click();
    await page.getByTestId('create-organization-form').waitFor();
    await page.getByLabel('Organization name').fill('Viewer3d Bench');
    await page.getByTestId('create-organization-submit').click();
    await page.waitForURL(new RegExp(`/hub\\?.*org=${ORG}`));

    // `lodCopy`: the upload is not LOD-ordered; measured before and after the server derives its copy (decision 0058).
    const cases: { label: string; file: () => { name: string; type: string; bytes: Uint8Array }; firstFrameTargetMs?: number; lodCopy?: boolean }[] = [
      { label: 'empty scene (8 points)', file: () => ({ name: 'empty.ply', type: 'point_cloud', bytes: roomCloud(8) }) },
      { label: 'cloud 1M points', file: () => ({ name: 'cloud1m.ply', type: 'point_cloud', bytes: roomCloud(1_000_000) }), firstFrameTargetMs: 2000 },
      { label: 'cloud 1M points, scan order (not LOD-ordered)', file: () => ({ name: 'cloud1ms.ply', type: 'point_cloud', bytes: roomCloud(1_000_000, false) }), firstFrameTargetMs: 2000, lodCopy: true },
      { label: 'cloud 10M points', file: () => ({ name: 'cloud10m.ply', type: 'point_cloud', bytes: roomCloud(10_000_000) }), firstFrameTargetMs: 6000 },
      { label: 'mesh 300k triangles', file: () => ({ name: 'wall.glb', type: 'rtabmap_glb', bytes: wallMesh() }) },
    ];
    // VIEWER3D_GLB=<path>: a mesh of your own as well (e.g. one GENERATE_MESH wrote), run with the "glb" case.
    const glbPath = process.env.VIEWER3D_GLB;
    if (glbPath) cases.push({ label: `glb ${basename(glbPath)}`, file: () => ({ name: 'room.glb', type: 'rtabmap_glb', bytes: new Uint8Array(readFileSync(glbPath)) }) });
    // VIEWER3D_CASES=1m,10m runs only the cases whose label contains one of the words (the empty scene always runs).
    const only = (process.env.VIEWER3D_CASES ?? '').split(',').filter(Boolean);
    let emptyP50 = NaN;
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const c of cases.filter((c, i) => i === 0 || only.length === 0 || only.some((w) => c.label.toLowerCase().includes(w.toLowerCase())))) {
      const file = c.file();
      const modelId = await createModel(page, server.url, c.label, file);
      const shot = (suffix = '') => (process.env.VIEWER3D_SCREENSHOTS ? `${process.env.VIEWER3D_SCREENSHOTS}-${file.name.split('.')[0]}${suffix}` : null);
      const runs: { label: string; result: Awaited<ReturnType<typeof measure>> }[] = [];
      if (c.lodCopy) {
        const copyMs = await waitForLodCopy(page, server.url, modelId);
        console.log(`  (${c.label}: the server's LOD-ordered copy appeared ${copyMs.toFixed(0)} ms after the version was created)`);
        runs.push({ label: `${c.label}, before its LOD copy (the upload read)`, result: await measure(page, server.url, modelId, shot('-before'), 'hidden') });
        runs.push({ label: `${c.label}, its LOD copy read (as after the derivation)`, result: await measure(page, server.url, modelId, shot(), 'shown') });
      } else runs.push({ label: c.label, result: await measure(page, server.url, modelId, shot()) });
      for (const { label, result: r } of runs) {
        if (Number.isNaN(emptyP50)) emptyP50 = r.p50;
        const target = c.firstFrameTargetMs ? ` (target ≤ ${c.firstFrameTargetMs} ms: ${r.firstFrameMs <= c.firstFrameTargetMs ? 'met' : 'MISSED'})` : '';
        const ratio = r.p50 / emptyP50;
        console.log(`${label} (${(file.bytes.length / 1e6).toFixed(1)} MB): first frame ${r.firstFrameMs.toFixed(0)} ms after navigation${target}; ${r.modelMs.toFixed(0)} ms after the model's answer (the viewer's own share); octree drawn ${r.octreeMs.toFixed(0)} ms after navigation; the harness saw the first frame at ${r.harnessMs.toFixed(0)} ms`);
        if (r.steps) console.log(`  steps (ms after navigation): model answered ${(r.firstFrameMs - r.modelMs).toFixed(0)}, ${r.steps}`);
        console.log(`  frame time p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; ${ratio.toFixed(2)}× the empty scene (target ≤ 2×: ${ratio <= 2 ? 'met' : 'MISSED'}); drawn: ${r.drawn}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
