/**
 * Scan import from the browser: the New GPR scan dialog's file mode (a vendor-style zip reviewed, created
 * and paired; a real DZT; a bad file), and the vendor link wizard against a stand-in HTTPS server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasOpenssl,
  startVendorStandIn,
  type VendorStandIn,
} from '../apps/api/src/test/vendor-link-stand-in.js';
import { buildSegy, utf16le } from '../packages/gpr/test/builders.js';
import { vendorCsvText, vendorStyleSegy } from '../packages/gpr/test/vendor-fixture.js';
import {
  type BrowserSession,
  createFolderByApi,
  openBrowser,
  screenshot,
  signUpWithOrganization,
} from './support/browser.js';
import { syntheticLineDzt } from './support/scans.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

const realDzt = join(repoRoot, '../shared/data/real/gssi-structurescan-mini-ietgpr/File____001.DZT');
const hasRealDzt = existsSync(realDzt);
if (!hasRealDzt && process.env.GPRHUB_REQUIRE_DATA === '1')
  throw new Error(`GPRHUB_REQUIRE_DATA=1 but ${realDzt} is missing`);

let vendor: VendorStandIn;
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'import-lab';

/**
 * A vendor-like export of two line scans (each a SEG-Y with its line CSV) plus an unreadable third line: one
 * survey in two directions (the CSVs say X and Y, the lines are equally long), so pairing is proposed.
 */
function twoLineZip(): Uint8Array {
  const segy = vendorStyleSegy(buildSegy({ traces: 160 }), 160, false);
  const csv = (file: string, date: string, direction = 'X') =>
    utf16le(
      [
        `Scan date\t${date}`,
        'Dielectric constant\t6.5',
        '',
        'File name\tLine number\tDirection\tScans per cm',
        `${file}\t1\t${direction}\t4`,
      ].join('\r\n'),
    );
  return zipSync({
    // L002 was scanned first: the automatic matching makes it the parallel scan.
    'Deck/Line A/L001.sgy': segy,
    'Deck/Line A/line.csv': csv('L001.sgy', '14/03/2026 10:05:00'),
    'Deck/Line B/L002.sgy': segy,
    'Deck/Line B/line.csv': csv('L002.sgy', '14/03/2026 09:40:00', 'Y'),
    'Deck/Line C/L003.sgy': segy.slice(0, 3700),
  });
}

/**
 * Two area scans (three lines each) as one export, for the link wizard: one survey in two directions, the
 * second area's grid the first's turned a quarter turn (60 × 40 cm, then 40 × 60 cm), every line along X.
 */
function twoAreaZip(): Uint8Array {
  const segy = vendorStyleSegy(buildSegy({ traces: 40 }), 40, false);
  const names = ['L001.sgy', 'L002.sgy', 'L003.sgy'];
  const files: Record<string, Uint8Array> = {};
  for (const area of ['Deck east', 'Deck west']) {
    for (const name of names) files[`${area}/${name}`] = segy;
    let csv = vendorCsvText(names).replace(/\tY\t/g, '\tX\t');
    if (area === 'Deck west')
      csv = csv
        .replace('Grid size X [cm]\t60', 'Grid size X [cm]\t40')
        .replace('Grid size Y [cm]\t40', 'Grid size Y [cm]\t60');
    files[`${area}/${area.toLowerCase().replace(' ', '-')}.csv`] = utf16le(csv);
  }
  return zipSync(files);
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function openNewGprScan(): Promise<void> {
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-gpr-scan').click();
  await page.getByTestId('new-gpr-scan-dialog').waitFor();
}

async function api<T>(path: string): Promise<T> {
  const res = await page.request.get(`${server.url}${path}`, { headers: { 'x-organization': org } });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const dialog = () => page.getByTestId('new-gpr-scan-dialog');

beforeAll(async () => {
  if (hasOpenssl()) {
    vendor = await startVendorStandIn();
    vendor.route('/exports/decks.zip', { kind: 'file', bytes: twoAreaZip(), fileName: 'Decks.zip' });
  }
  server = await startServer(
    vendor ? { GPR_VENDOR_HOST: vendor.host, GPR_VENDOR_CA_FILE: vendor.caFile } : {},
  );
  browser = await openBrowser(server.url);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await vendor?.close();
});

describe('scan import from the browser', () => {
  it('signs up and creates an organization', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Surveyor',
      email: `import-${Date.now()}@example.com`,
      password: 'concrete-cover-2026',
      organization: 'Import Lab',
      slug: org,
    });
  });

  it('imports a vendor zip: reviews it, creates the scans, pairs two and opens the pair', async () => {
    await openNewGprScan();
    expect(await page.getByTestId('gpr-scan-create').isDisabled()).toBe(true);
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'deck-lines.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(twoLineZip()),
    });
    await page.getByTestId('file-map-review').waitFor();
    const row = (path: string) => page.locator(`[data-testid="file-map-row"][data-path="${path}"]`);
    expect(await row('Deck/Line A/L001.sgy').getAttribute('data-kind')).toBe('segy-line');
    expect(await row('Deck/Line A/line.csv').getAttribute('data-kind')).toBe('metadata-csv');
    // The unreadable line is listed with its reason and skipped from the start.
    expect(await row('Deck/Line C/L003.sgy').getAttribute('data-kind')).toBe('error');
    expect(await row('Deck/Line C/L003.sgy').textContent()).toContain('truncated');
    expect(await row('Deck/Line C/L003.sgy').locator('input[type=checkbox]').isChecked()).toBe(false);
    expect(await page.getByTestId('review-summary').textContent()).toContain('2 GPR scans will be created');
    await shot('gpr-scan-import-01-zip-review');

    await page.getByTestId('gpr-scan-create').click();
    await page.getByTestId('connect-scans').waitFor({ timeout: 30_000 });
    const pair = page.getByTestId('line-pair');
    expect(await pair.count()).toBe(1);
    const names = await pair.getByTestId('line-pair-item').allTextContents();
    // Sorted by scan date: L002 (09:40) is the parallel scan, L001 (10:05) the perpendicular one.
    expect(names[0]).toContain('L002');
    expect(names[1]).toContain('L001');
    await page.getByTestId('line-pair-swap').click();
    const swapped = await pair.getByTestId('line-pair-item').allTextContents();
    expect(swapped[0]).toContain('L001');
    await shot('gpr-scan-import-02-connect');

    await page.getByTestId('connect-create-match').click();
    const link = page.getByTestId('created-pair-link');
    await link.waitFor({ timeout: 20_000 });
    await shot('gpr-scan-import-03-matched');
    const dualId = (await link.getAttribute('data-id'))!;
    const detail = await api<{
      parallelGprScan: { name: string };
      perpendicularGprScan: { name: string };
    }>(`/api/dual-orientation-gpr-scans/${dualId}`);
    expect([detail.parallelGprScan.name, detail.perpendicularGprScan.name]).toEqual(['L001', 'L002']);

    await link.click();
    await page.waitForURL(new RegExp(`/dual-orientation-gpr-scans/${dualId}`));
    await expect.poll(() => page.locator('main').textContent(), { timeout: 20_000 }).toContain('L001');
    await expect.poll(() => page.locator('main').textContent(), { timeout: 20_000 }).toContain('L002');
    await shot('gpr-scan-import-04-dual-orientation-page');
  });

  it('imports a loose scan file at the top level (sent as a zip, as uploads need a folder)', async () => {
    await page.goto(`${server.url}/hub?org=${org}`);
    await openNewGprScan();
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'Slab-7.dzt',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(syntheticLineDzt()),
    });
    await page.getByTestId('gpr-scan-create').click();
    await page.getByTestId('import-finished').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('open-created-scan').textContent()).toBe('Open Slab-7');
    await page.getByTestId('import-done').click();
    await page.getByText('Slab-7', { exact: true }).first().waitFor({ timeout: 10_000 });
  });

  it('shows the server message naming a bad file, and creates nothing', async () => {
    await page.goto(`${server.url}/hub?org=${org}`);
    const folderId = await createFolderByApi(page, server.url, org, 'Bridge deck');
    await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
    await openNewGprScan();
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'broken.sgy',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(1000, 7),
    });
    await page.getByTestId('gpr-scan-create').click();
    const error = page.getByTestId('import-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toMatch(/^broken\.sgy: /);
    await shot('gpr-scan-import-05-bad-file');
    const children = await api<{ nodes: unknown[] }>(
      `/api/nodes/query?q=${encodeURIComponent(JSON.stringify({ filter: { parentId: folderId } }))}`,
    );
    expect(children.nodes).toEqual([]);

    if (!hasRealDzt) {
      console.log(`skipped the real DZT upload: ${realDzt} not found`);
      return;
    }
    // The same dialog takes a real StructureScan Mini file, uploaded with progress to the folder.
    await page.getByTestId('gpr-scan-file-input').setInputFiles({
      name: 'File____001.DZT',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(realDzt),
    });
    expect(await page.getByTestId('import-error').count()).toBe(0);
    await page.getByTestId('gpr-scan-create').click();
    await page.getByTestId('import-finished').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-finished').textContent()).toContain('Created 1 GPR scan');
    await shot('gpr-scan-import-06-real-dzt');
    await page.getByTestId('import-done').click();
    await page.getByText('File____001', { exact: true }).first().waitFor({ timeout: 10_000 });
  });

  it.skipIf(!hasOpenssl())('imports through the vendor link wizard and pairs the area scans', async () => {
    await page.goto(`${server.url}/hub?org=${org}`);
    await openNewGprScan();
    await page.getByTestId('gpr-scan-mode-url').click();
    const input = page.getByTestId('vendor-url-input');
    await input.waitFor();
    expect(await page.getByTestId('vendor-read-files').isDisabled()).toBe(true);
    const helper = dialog().locator('.MuiFormHelperText-root');

    await input.fill(`http://${vendor.host}/share?k=1&d=x`);
    expect(await helper.textContent()).toBe(`Proceq URL must be a valid ${vendor.host} URL`);
    await input.fill(`https://${vendor.host}/share?d=x`);
    expect(await helper.textContent()).toBe("Proceq URL must contain a 'k' query parameter");
    await input.fill(`https://${vendor.host}/share?k=abc`);
    expect(await helper.textContent()).toBe("Proceq URL must contain a 'd' query parameter");
    await input.fill('');
    expect(await helper.textContent()).toBe('Proceq URL cannot be empty');
    expect(await page.getByTestId('vendor-url-hint').textContent()).toBe(
      'Please provide a valid vendor URL to proceed',
    );
    await page.getByTestId('wizard-step-2').click();
    expect(await page.getByTestId('wizard-step-error').textContent()).toBe(
      'Please provide a valid vendor URL to proceed',
    );
    await shot('gpr-scan-import-07-link-invalid');

    await input.fill(vendor.linkTo('/exports/decks.zip'));
    expect(await page.getByTestId('vendor-read-files').isDisabled()).toBe(false);
    await page.getByTestId('vendor-read-files').click();
    await page.getByTestId('file-map-review').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('review-summary').textContent()).toContain(
      '6 GPR scans will be created, in 2 area scans',
    );
    await page.getByTestId('wizard-step-2').click();
    expect(await page.getByTestId('wizard-step-error').textContent()).toBe('Create GPR Scans to proceed');
    await shot('gpr-scan-import-08-link-review');

    await page.getByTestId('vendor-create-scans').click();
    await page.getByTestId('area-pairs').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('area-pair').count()).toBe(1);
    await shot('gpr-scan-import-09-link-connect');
    await page.getByTestId('connect-create-match').click();
    const link = page.getByTestId('created-pair-link');
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('data-kind')).toBe('area-scan');
    const dual = await api<{ parallelAreaScan: { name: string }; perpendicularAreaScan: { name: string } }>(
      `/api/dual-orientation-area-scans/${await link.getAttribute('data-id')}`,
    );
    expect([dual.parallelAreaScan.name, dual.perpendicularAreaScan.name]).toEqual(['deck-east', 'deck-west']);
    expect(vendor.requests.filter((p) => p === '/exports/decks.zip')).toHaveLength(2);
    await shot('gpr-scan-import-10-link-done');
  });
});
