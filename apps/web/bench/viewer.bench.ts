/**
 * Browser benchmark of the radargram viewer: a 1,000-trace × 655-sample scan on the GPR scan page's signal
 * tab, the linear gain slider dragged back and forth for a few seconds; prints the frames actually drawn per
 * second (the viewer sets a performance mark per drawn frame) and the 95th-percentile frame time.
 *
 * Run: `npm run bench -- viewer`. Serves WEB_DIST / API_DIST when set (parallel builds), else the app's own
 * dist folders, building them first when they are missing or predate the viewer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSyntheticBScan } from '@gprhub/gpr';
import { encodeDzt } from '../../../packages/gpr/bench/dzt-writer.js';
import { openBrowser } from '../../../e2e/support/browser.js';
import { importZip, zipFiles } from '../../../e2e/support/scans.js';
import { repoRoot, startServer } from '../../../e2e/support/server.js';

const TRACES = 1000;
const SAMPLES = 655;
const DRAG_SECONDS = 5;
const ORG = 'viewer-bench';

function ensureBuilt(): void {
  const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
  const assets = join(webDist, 'assets');
  const hasViewer = existsSync(assets) && readdirSync(assets).some((f) => f.startsWith('radargram.worker'));
  if (!hasViewer) {
    console.log(`building the web app into ${webDist}`);
    const r = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
      cwd: join(repoRoot, 'apps/web'),
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('web build failed');
  }
  const apiOut = process.env.API_DIST ?? 'dist';
  if (!existsSync(join(repoRoot, 'apps/api', apiOut, 'server.js'))) {
    console.log(`building the API into apps/api/${apiOut}`);
    const r = spawnSync('npm', ['run', 'build', '-w', '@gprhub/api'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, API_OUT: apiOut },
    });
    if (r.status !== 0) throw new Error('API build failed');
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startServer();
  const browser = await openBrowser(server.url);
  const { page } = browser;
  try {
    await page.goto(`${server.url}/auth/sign-up`);
    await page.getByLabel('First name').fill('Bench');
    await page.getByLabel('Last name').fill('Mark');
    await page.getByLabel('Work email').fill(`bench-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('viewer-bench-2026');
    await page.getByTestId('sign-up-submit').click();
    await page.getByTestId('create-organization-form').waitFor();
    await page.getByLabel('Organization name').fill('Viewer Bench');
    await page.getByTestId('create-organization-submit').click();
    await page.waitForURL(new RegExp(`/hub\\?.*org=${ORG}`));

    const radargram = createSyntheticBScan({
      traces: TRACES,
      samplesPerTrace: SAMPLES,
      traceSpacingM: 0.002,
      bars: Array.from({ length: 6 }, (_, i) => ({
        x0M: 0.2 + 0.3 * i,
        coverM: 0.04 + 0.01 * i,
        radiusM: 0.006,
      })),
      seed: 7,
    });
    const imported = await importZip(
      page,
      server.url,
      ORG,
      'bench.zip',
      zipFiles({ 'BENCH.DZT': encodeDzt(radargram) }),
    );
    const scanId = imported.gprScans[0]!.node.nodeId;
    await page.goto(`${server.url}/gpr-scans/${scanId}?org=${ORG}&tab=signal`);
    const canvas = page.getByTestId('radargram-canvas');
    for (let i = 0; i < 300 && !(Number(await canvas.getAttribute('data-frames')) > 0); i++)
      await page.waitForTimeout(100);
    const plot = JSON.parse(
      (await page.getByTestId('radargram-overlay').getAttribute('data-plot')) ?? '{}',
    ) as {
      traces: number;
      rows: number;
    };
    console.log(`scan: ${plot.traces} traces × ${SAMPLES} samples (${plot.rows} rows shown)`);

    const slider = page.getByTestId('signal-linear-gain-slider');
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.evaluate(() => performance.clearMarks('radargram-frame'));
    // Drive the slider from inside the page (a mouse event every 4 ms, faster than any display), so the input
    // rate is not what limits the figure: the viewer coalesces and draws as fast as it can.
    // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
    const moves = (await page.evaluate(`(async () => {
      const box = ${JSON.stringify(box)};
      const y = box.y + box.height / 2;
      const root = document.querySelector('[data-testid="signal-linear-gain-slider"]');
      const fire = (target, type, x) =>
        target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, buttons: 1, button: 0, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
      fire(root, 'pointerdown', box.x + box.width * 0.5);
      const start = performance.now();
      let count = 0;
      await new Promise((resolve) => {
        const timer = setInterval(() => {
          const t = (performance.now() - start) / 1000;
          if (t > ${DRAG_SECONDS}) { clearInterval(timer); resolve(); return; }
          fire(document, 'pointermove', box.x + box.width * (0.5 + 0.45 * Math.sin(t * Math.PI)));
          count++;
        }, 4);
      });
      fire(document, 'pointerup', box.x + box.width * 0.5);
      return count;
    })()`)) as number;
    await page.waitForTimeout(300);
    const marks = await page.evaluate(() =>
      performance.getEntriesByName('radargram-frame').map((entry) => entry.startTime),
    );
    if (marks.length < 2) throw new Error(`the viewer drew ${marks.length} frames while the slider moved`);
    const span = (marks.at(-1)! - marks[0]!) / 1000;
    const intervals = marks
      .slice(1)
      .map((t, i) => t - marks[i]!)
      .sort((a, b) => a - b);
    console.log(
      `slider moves sent: ${moves} in ${DRAG_SECONDS} s (${(moves / DRAG_SECONDS).toFixed(0)} per s)`,
    );
    console.log(`frames drawn: ${marks.length} in ${span.toFixed(2)} s`);
    console.log(`frames per second: ${((marks.length - 1) / span).toFixed(1)}`);
    console.log(
      `frame time: median ${percentile(intervals, 0.5).toFixed(1)} ms, p95 ${percentile(intervals, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
