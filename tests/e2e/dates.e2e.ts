import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Dates follow the shop (Africa/Nairobi for the demo shop and the platform), not the device: every
// page here runs in a browser set to Los Angeles, eleven hours behind Nairobi.
const session = useBrowser();
const LOS_ANGELES = { timezoneId: 'America/Los_Angeles', cookieConsent: 'accepted' } as const;

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

// CLDR's British month abbreviations (September is "Sept").
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Worked without Intl, for a zone without summer time (Nairobi is UTC+3 all year, Lagos UTC+1). */
function atOffset(iso: string, hoursAheadOfUtc: number) {
  const local = new Date(Date.parse(iso) + hoursAheadOfUtc * 3_600_000);
  const date = `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
  return { date, dateTime: `${date}, ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}` };
}
const inNairobi = (iso: string) => atOffset(iso, 3);

async function readJson<Result>(page: Page, path: string, change?: { method: 'PATCH'; body: unknown }): Promise<Result> {
  return page.evaluate(
    async ({ url, change }) => {
      const response = await fetch(url, change && { method: change.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(change.body) });
      if (!response.ok) throw new Error(`${change?.method ?? 'GET'} ${url} answered ${response.status}`);
      return (await response.json()) as Result;
    },
    { url: path, change },
  );
}

/** The value beside a label in a description list (<dt>label</dt><dd>value</dd>). */
function described(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

describe('dates in a browser set to Los Angeles', () => {
  it('the profile shows "Member since", "Created" and the sign-ins in Nairobi time', async () => {
    const page = await session.openPage(LOS_ANGELES);
    await signInThroughForm(page, ACCOUNTS.owner);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
    const profile = await readJson<{ createdAt: string }>(page, '/api/profile');
    const activity = await readJson<{ logins: Array<{ createdAt: string }> }>(page, '/api/profile/activity');
    const created = inNairobi(profile.createdAt);

    await page.goto(appUrl('/profile', ACCOUNTS.owner.subdomain));
    await page.getByText(`Member since ${created.date}`, { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Security' }).click();
    expect(await described(page.getByRole('main'), 'Created').innerText()).toBe(created.dateTime);

    await page.getByRole('tab', { name: 'Activity' }).click();
    const newest = page.getByRole('list', { name: 'Recent logins' }).getByRole('listitem').first();
    await newest.waitFor();
    const newestLogin = activity.logins[0];
    if (!newestLogin) throw new Error('The sign-in was not recorded');
    expect(await newest.innerText()).toContain(inNairobi(newestLogin.createdAt).dateTime);
  });

  it('the stock ledger shows the opening stock in Nairobi time', async () => {
    const page = await session.openPage(LOS_ANGELES);
    await signInThroughForm(page, ACCOUNTS.owner);
    const movements = await readJson<{ items: Array<{ createdAt: string }> }>(page, '/api/inventory/movements?pageSize=1');
    const newest = movements.items[0];
    if (!newest) throw new Error('The demo shop has no stock movements');
    await page.goto(appUrl('/admin/products/movements', ACCOUNTS.owner.subdomain));
    const firstRow = page.getByRole('table', { name: 'Stock movements' }).getByRole('row').nth(1);
    await firstRow.waitFor();
    expect(await firstRow.innerText()).toContain(inNairobi(newest.createdAt).dateTime);
  });

  it('a shop set to another zone (Lagos, UTC+1) sees its own zone', async () => {
    const page = await session.openPage(LOS_ANGELES);
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    const settings = await readJson<{ timeZone: string }>(page, '/api/settings/business');
    await readJson(page, '/api/settings/business', { method: 'PATCH', body: { timeZone: 'Africa/Lagos' } });
    try {
      const profile = await readJson<{ createdAt: string }>(page, '/api/profile');
      await page.goto(appUrl('/profile', ACCOUNTS.kioskOwner.subdomain));
      await page.getByRole('tab', { name: 'Security' }).click();
      const created = described(page.getByRole('main'), 'Created');
      await expect.poll(() => created.innerText()).toBe(atOffset(profile.createdAt, 1).dateTime);
      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByText('times in Africa/Lagos').waitFor();
    } finally {
      await readJson(page, '/api/settings/business', { method: 'PATCH', body: { timeZone: settings.timeZone } });
    }
  });

  it('the platform admin\'s profile is in the platform\'s zone (Nairobi)', async () => {
    const page = await session.openPage(LOS_ANGELES);
    await signInThroughForm(page, ACCOUNTS.superAdmin);
    const profile = await readJson<{ createdAt: string }>(page, '/api/profile');
    await page.goto(appUrl('/profile'));
    await page.getByRole('tab', { name: 'Security' }).click();
    expect(await described(page.getByRole('main'), 'Created').innerText()).toBe(inNairobi(profile.createdAt).dateTime);
  });

  it('the error page lists recent errors in Nairobi time', async () => {
    const page = await session.openPage(LOS_ANGELES);
    await page.goto(appUrl('/dev/crash'));
    await page.getByRole('button', { name: 'Throw a render error', exact: true }).click();
    const entry = page.getByTestId('recent-errors').locator('time').first();
    await entry.waitFor();
    const occurredAt = await entry.getAttribute('datetime');
    if (!occurredAt) throw new Error('The entry has no datetime');
    expect(await entry.innerText()).toBe(inNairobi(occurredAt).dateTime);
  });
});
