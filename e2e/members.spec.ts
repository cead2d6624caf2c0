import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let ownerBrowser: BrowserSession;
let memberBrowser: BrowserSession;
let owner: Page;
let member: Page;
const org = 'crew-sites';
const memberEmail = `mia-${Date.now()}@example.com`;

/** Status of an API call made with the page's own session, for the crew-sites organization. */
const apiStatus = (page: Page, path: string) =>
  page.evaluate(
    async ({ path, org }) => (await fetch(path, { headers: { 'x-organization': org } })).status,
    { path, org },
  );

beforeAll(async () => {
  server = await startServer();
  ownerBrowser = await openBrowser(server.url);
  memberBrowser = await openBrowser(server.url);
  owner = ownerBrowser.page;
  member = memberBrowser.page;
  await signUpWithOrganization(owner, server.url, {
    firstName: 'Olga',
    lastName: 'Owner',
    email: `olga-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: 'Crew sites',
    slug: org,
  });
  // Two browsers and a server starting on a loaded machine.
}, 420_000);

afterAll(async () => {
  await memberBrowser?.close();
  await ownerBrowser?.close();
  await server?.stop();
});

it('an owner invites by link, the new user joins as a member, is promoted, then removed and loses access', async () => {
  // The members page, from the user menu.
  await owner.getByTestId('user-menu-button').click();
  await owner.getByTestId('members-menu-item').click();
  await owner.waitForURL(/\/organization\/members\?.*org=crew-sites/);
  await owner.getByRole('heading', { name: 'Members', exact: true }).first().waitFor();
  await owner.getByRole('gridcell', { name: 'Olga Owner (you)' }).waitFor();

  // Invite by email: no mail server, so the page shows the link to pass on.
  await owner.getByTestId('invite-member-button').click();
  await owner.getByTestId('invite-email').fill(memberEmail);
  await owner.getByTestId('invite-submit').click();
  const link = owner.getByTestId('invitation-link');
  await link.waitFor();
  const invitationUrl = (await link.textContent())!.trim();
  expect(invitationUrl).toMatch(/\/invitations\/[A-Za-z0-9_-]+$/);
  await owner.getByRole('gridcell', { name: memberEmail, exact: true }).waitFor(); // in the pending invitations
  await screenshot(owner, 'members-owner-invited');

  // The invitee opens the link signed out, creates the account and joins.
  await member.goto(invitationUrl);
  await member.getByText('Olga Owner invites').waitFor();
  await screenshot(member, 'members-invitation-signed-out');
  await member.getByTestId('invitation-sign-up').click();
  await member.getByLabel('First name').fill('Mia');
  await member.getByLabel('Last name').fill('Member');
  await member.getByLabel('Work email').fill(memberEmail);
  await member.getByLabel('Password', { exact: true }).fill('rebar-cover-2026');
  await member.getByTestId('sign-up-submit').click();
  await member.getByTestId('invitation-accept').click();
  await member.waitForURL(/\/hub\?.*org=crew-sites/, { timeout: 60_000 });

  // As a member: the list is read-only, with the reason on the disabled actions.
  await member.goto(`${server.url}/organization/members?org=${org}`);
  await member.getByRole('gridcell', { name: 'Mia Member (you)' }).waitFor();
  await expect.poll(() => member.getByTestId('invite-member-button').isDisabled(), { timeout: 30_000 }).toBe(true);
  await member.getByTestId(`member-role-${memberEmail}`).waitFor();
  expect(await member.getByTestId(`member-role-select-${memberEmail}`).count()).toBe(0);
  expect(await member.getByTestId('invitations-grid').count()).toBe(0);
  await screenshot(member, 'members-member-read-only');
  expect(await apiStatus(member, '/api/organization/invitations')).toBe(403);

  // The owner makes them an admin: their own page then offers the admin actions.
  await owner.reload();
  await owner.getByTestId(`member-role-select-${memberEmail}`).click();
  await owner.getByTestId('role-option-admin').click();
  await expect
    .poll(() => owner.getByTestId(`member-role-select-${memberEmail}`).textContent(), { timeout: 30_000 })
    .toBe('Admin');
  await member.reload();
  await expect.poll(() => member.getByTestId('invite-member-button').isEnabled(), { timeout: 30_000 }).toBe(true);
  await member.getByTestId('invitations-grid').waitFor();
  expect(await apiStatus(member, '/api/organization/invitations')).toBe(200);

  // The owner removes them: their session loses the organization at once.
  await owner.getByTestId(`remove-member-${memberEmail}`).click();
  await owner.getByTestId('remove-member-dialog').getByText('loses access to this organization at once').waitFor();
  await screenshot(owner, 'members-remove-confirm');
  await owner.getByTestId('remove-member-dialog-confirm').click();
  await expect.poll(() => owner.getByRole('gridcell', { name: 'Mia Member', exact: true }).count(), { timeout: 30_000 }).toBe(0);
  expect(await apiStatus(member, '/api/nodes/query')).toBe(403);
  await member.reload();
  await member
    .getByTestId('organization-access-denied')
    .or(member.getByTestId('create-organization-page'))
    .waitFor({ timeout: 30_000 });
  await screenshot(member, 'members-removed-member');
}, 300_000);
