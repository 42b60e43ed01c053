import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { useBrowser } from './support/browser';
import { signUpOwnShop } from './support/own-shop';
import { DESKTOP } from './support/console';

// The platform console (issue 21): as the demo platform admin, find a shop of the test's own (just
// signed up) through the header search, extend its trial, suspend it (its owner, already signed
// in, sees the suspended page with the reason and whom to contact), reactivate it (the owner works
// again); the users page lists and searches everyone.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const REASON = 'Chargeback under review (browser test)';

const sidebar = (page: Page) => page.locator('aside[aria-label="Sidebar"]:visible');

/** The shop back to normal should the test stop half-way. */
async function reactivateIfSuspended(page: Page, tenantId: string | null) {
  if (!tenantId) return;
  await page.evaluate(async (id) => {
    await fetch(`/api/platform/tenants/${id}/reactivate`, { method: 'POST' });
  }, tenantId);
}

describe('the platform console', () => {
  it('finds a new shop by search, extends its trial, suspends it (its owner sees why) and reactivates it; lists and searches users', async () => {
    const shop = await signUpOwnShop(session, 'console', DESKTOP);
    const member = shop.ownerPage;
    const welcome = member.getByRole('heading', { name: `Welcome, ${shop.owner.fullName}` });
    await welcome.waitFor();

    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    await admin.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();
    // Spec §2: the sidebar starts collapsed to its icons.
    expect(await sidebar(admin).getAttribute('data-state')).toBe('collapsed');
    const nav = admin.getByRole('navigation', { name: 'Platform' });
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual([
      'Overview',
      'Tenant Management',
      'User Management',
      'Analytics',
      'Revenue',
      'Plan Management',
      'System Health',
      'Database',
      'Security',
      'Communications',
      'Settings',
    ]);
    // The new shop is on the trial.
    expect(Number(await admin.getByTestId('status-trial').locator('span').last().innerText())).toBeGreaterThanOrEqual(1);
    expect(await admin.getByTestId('mrr').innerText()).toContain('KES');

    const search = admin.getByRole('combobox', { name: 'Search tenants and users' });
    expect(await search.getAttribute('placeholder')).toBe('Search tenants and users…');
    await search.fill(shop.subdomain);
    const found = admin.getByRole('option', { name: new RegExp(shop.name) });
    await found.waitFor();
    await search.press('ArrowDown');
    expect(await found.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await admin.waitForURL(/\/superadmin\/tenants\/[0-9a-f-]{36}$/);
    const tenantId = new URL(admin.url()).pathname.split('/').at(-1) ?? null;
    expect(tenantId).toBe(shop.tenantId);
    const heading = admin.getByRole('heading', { name: new RegExp(`^${shop.name}`), level: 1 });
    try {
      await heading.waitFor();
      const trialEnd = admin.getByTestId('trial-end');
      const before = await trialEnd.innerText();
      const history = admin.getByRole('region', { name: 'Platform history' }).getByRole('listitem');
      const eventsBefore = await history.count();

      await admin.getByRole('button', { name: 'Extend trial' }).click();
      const extend = admin.getByRole('dialog', { name: 'Extend the trial' });
      await extend.getByLabel('Days').fill('7');
      await extend.getByRole('button', { name: 'Extend trial' }).click();
      await toast(admin, 'Trial extended').waitFor();
      await admin.waitForFunction(([text]) => document.querySelector('[data-testid="trial-end"]')?.textContent !== text, [before]);
      await history.nth(eventsBefore).waitFor();
      expect(await history.first().innerText()).toMatch(/^Trial extended\n.+super@dukani\.test[\s\S]*trialEnd/);

      await admin.getByRole('button', { name: 'Suspend' }).click();
      const suspend = admin.getByRole('dialog', { name: `Suspend ${shop.name}` });
      await suspend.getByRole('button', { name: 'Suspend shop' }).click();
      await suspend.getByText('Say why the shop is suspended').waitFor();
      await suspend.getByLabel('Reason').fill(REASON);
      await suspend.getByRole('button', { name: 'Suspend shop' }).click();
      await toast(admin, 'The shop is suspended').waitFor();
      await admin.getByTestId('suspension-reason').getByText(REASON).waitFor();

      await member.reload();
      await member.getByRole('heading', { name: 'This shop is suspended', level: 1 }).waitFor();
      await member.getByText(REASON).waitFor();
      expect(await member.getByRole('link', { name: ACCOUNTS.superAdmin.email }).getAttribute('href')).toBe(`mailto:${ACCOUNTS.superAdmin.email}`);
      expect(await sidebar(member).count()).toBe(0);

      await admin.getByRole('button', { name: 'Reactivate' }).click();
      await toast(admin, 'The shop is active again').waitFor();
      await heading.getByText('Trial').waitFor();
    } finally {
      await reactivateIfSuspended(admin, tenantId);
    }
    await member.reload();
    await welcome.waitFor();
    expect(await sidebar(member).count()).toBe(1);

    await nav.getByRole('link', { name: 'User Management' }).click();
    await admin.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    const people = admin.getByRole('table', { name: 'People' });
    await people.getByRole('row').nth(1).waitFor();
    expect(await people.getByRole('row').count()).toBeGreaterThan(10);
    await admin.getByLabel('Search', { exact: true }).fill(ACCOUNTS.owner.email);
    await admin.waitForURL((url) => url.searchParams.get('q') === ACCOUNTS.owner.email);
    // The list shows the previous page until the search's answer replaces it.
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="People"] tbody tr').length === 1);
    const row = people.getByRole('row', { name: new RegExp(ACCOUNTS.owner.fullName) });
    expect(await row.getByRole('link', { name: 'Demo Duka' }).count()).toBe(1);
    expect(await row.innerText()).toContain(ACCOUNTS.owner.email);
    // One story across two browsers and four pages: more than the suite's minute on a busy machine.
  }, 180_000);
});
