import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './server.js';

export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile, and clipboard access for `origin`. */
export async function openBrowser(
  origin: string,
  viewport = { width: 1440, height: 900 },
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'gprhub-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Save a full-page screenshot as a test artifact (test-results/screenshots/NAME.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A new user and the organization they create at sign-up. */
export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  organization: string;
  /** The organization's slug, as the app puts it in the URL (`org=`). */
  slug: string;
}

/** Signs up through the sign-up page and creates the account's organization, ending on its hub. */
export async function signUpWithOrganization(page: Page, origin: string, account: NewAccount): Promise<void> {
  await page.goto(`${origin}/auth/sign-up`);
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Work email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByTestId('sign-up-submit').click();
  await page.getByTestId('create-organization-form').waitFor();
  await page.getByLabel('Organization name').fill(account.organization);
  await page.getByTestId('create-organization-submit').click();
  await page.waitForURL(new RegExp(`/hub\\?.*org=${account.slug}`));
}

/**
 * Create a folder through the API with the signed-in page's session (for data a test only needs to exist).
 * @returns the folder's node id
 */
export async function createFolderByApi(
  page: Page,
  origin: string,
  organization: string,
  name: string,
  parentId: string | null = null,
): Promise<string> {
  const res = await page.request.post(`${origin}/api/nodes`, {
    headers: { 'x-organization': organization },
    data: { type: 'FOLDER', name, parentId },
  });
  if (res.status() !== 201)
    throw new Error(`Creating the folder '${name}' answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { nodeId: string }).nodeId;
}
