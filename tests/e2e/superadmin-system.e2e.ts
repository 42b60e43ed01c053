import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { measureHorizontalOverflow } from './support/page-helpers';
import { DESKTOP, PHONE, signInAsPlatformAdmin } from './support/console';

// The console's System Administration pages (issue 21): as the demo platform admin, the sidebar's
// second group holds System Health and Database; System Health shows this server's version, the
// route families it has answered, the embedded database's single connection, the job queue (the
// recurring jobs are scheduled) and the outboxes, and asks again every 15 seconds; Database shows
// the largest tables, every migration of this release applied, the demo shop's rows, the
// pg_stat_statements empty state and the PGlite backup command. Both fit a phone's width.
// Assertions go by structure and by data, not by new strings: a production build shows strings
// not yet extracted as their ids.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const PACKAGE_VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const MIGRATIONS = readdirSync('server/db/migrations').filter((file) => file.endsWith('.sql')).length;
/** The newest migration of this release, by the journal's order. */
const NEWEST_MIGRATION = (JSON.parse(readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] }).entries.at(-1)!.tag;

const columnTexts = (page: Page, table: string, column: number) =>
  page.locator(`[data-testid="${table}"] tbody tr`).evaluateAll((rows, index) => rows.map((row) => row.children[index]?.textContent?.trim() ?? ''), column);

describe('System Health and Database', () => {
  it('the sidebar groups them under System Administration; both pages show the real server and database', async () => {
    const admin = await signInAsPlatformAdmin(session, DESKTOP);
    const nav = admin.getByRole('navigation', { name: 'Platform' });
    const groups = await nav.evaluate((element) => [...element.children].map((group) => [...group.querySelectorAll('a')].map((link) => link.getAttribute('href'))));
    expect(groups[0]).toEqual(expect.arrayContaining(['/superadmin', '/superadmin/tenants', '/superadmin/users']));
    // Spec §2: System Administration comes second and starts with System Health, then Database.
    expect(groups[1]?.slice(0, 2)).toEqual(['/superadmin/system', '/superadmin/database']);

    await nav.locator('a[href="/superadmin/system"]').click();
    await admin.waitForURL(/\/superadmin\/system$/);
    await admin.getByTestId('version').waitFor();
    expect(await admin.getByTestId('version').locator('p').first().innerText()).toBe(PACKAGE_VERSION);
    // The sign-in and the overview were answered before this page asked: their families are there.
    const families = await columnTexts(admin, 'families-table', 0);
    expect(families).toEqual(expect.arrayContaining(['auth', 'platform']));
    for (const family of families) expect(family).toMatch(/^[a-z][a-z0-9-]*$/);
    // The embedded database: one connection, in use.
    expect([await admin.getByTestId('connections-in-use').innerText(), await admin.getByTestId('pool-size').innerText()]).toEqual(['1', '1']);
    // The server runs its recurring jobs, each re-armed for its next time.
    expect(Number((await admin.getByTestId('jobs-scheduled').locator('span').last().innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    for (const outbox of ['email', 'sms', 'whatsapp', 'message_email', 'etims']) await admin.getByTestId(`outbox-${outbox}`).waitFor();
    expect(await admin.locator('[data-testid="recent-minutes"] li').count()).toBe(15);

    // Sorting by requests, most first: the numbers go down.
    const requestsHeader = admin.locator('[data-testid="families-table"] thead th').nth(1);
    await requestsHeader.locator('button').click();
    expect(await requestsHeader.getAttribute('aria-sort')).toBe('descending');
    const requests = (await columnTexts(admin, 'families-table', 1)).map((text) => Number(text.replace(/\D/g, '')));
    expect(requests).toEqual([...requests].sort((left, right) => right - left));
    await requestsHeader.locator('button').click();
    expect(await requestsHeader.getAttribute('aria-sort')).toBe('ascending');

    // It asks again by itself every 15 seconds, and says when.
    const updated = admin.getByTestId('updated-at');
    const firstUpdate = Number(await updated.getAttribute('data-updated-at'));
    expect(firstUpdate).toBeGreaterThan(0);
    expect((await updated.innerText()).trim()).not.toBe('');
    await admin.waitForFunction((before) => Number(document.querySelector('[data-testid="updated-at"]')?.getAttribute('data-updated-at')) > before, firstUpdate, { timeout: 25_000 });
    const secondUpdate = Number(await updated.getAttribute('data-updated-at'));
    expect(secondUpdate - firstUpdate).toBeGreaterThanOrEqual(14_000);

    await nav.locator('a[href="/superadmin/database"]').click();
    await admin.waitForURL(/\/superadmin\/database$/);
    await admin.getByTestId('tables-table').waitFor();
    expect(await columnTexts(admin, 'tables-table', 0)).toEqual(expect.arrayContaining(['tenants', 'sales', 'products']));
    expect(await admin.getByTestId('database-size').locator('p').first().innerText()).toMatch(/\d/);
    // Every migration of this release is applied, none pending; the newest ten shown, then all.
    expect(await admin.getByTestId('pending-migrations').count()).toBe(0);
    expect(await admin.locator('[data-testid="migrations-table"] tbody tr').count()).toBe(10);
    await admin.getByTestId('migrations').locator('button[aria-expanded="false"]').click();
    expect(await admin.locator('[data-testid="migrations-table"] tbody tr').count()).toBe(MIGRATIONS);
    expect((await columnTexts(admin, 'migrations-table', 0))[0]).toContain(NEWEST_MIGRATION);
    // Rows per shop, the most first: each shop's three counts add up to its total; the demo shop has sold.
    const rowsPerShop = admin.getByTestId('rows-per-shop');
    await rowsPerShop.locator('tbody tr').first().waitFor();
    const shops = await rowsPerShop.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell, index) => (index === 0 ? cell.textContent ?? '' : Number((cell.textContent ?? '').replace(/\D/g, ''))))),
    );
    const totals = shops.map((row) => row[4] as number);
    expect(totals).toEqual([...totals].sort((left, right) => right - left));
    for (const row of shops) expect(row[4]).toBe((row[1] as number) + (row[2] as number) + (row[3] as number));
    const demo = shops.find((row) => String(row[0]).includes('Demo Duka'));
    expect(demo?.[1]).toBeGreaterThan(0);
    // PGlite has no pg_stat_statements: how to enable it on PostgreSQL is said instead.
    const slow = admin.getByTestId('slow-queries-empty');
    expect(await slow.innerText()).toContain('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    expect(await slow.innerText()).toContain("shared_preload_libraries = 'pg_stat_statements'");
    expect(await admin.getByTestId('backups').innerText()).toMatch(/tar -czf "dukani-pglite-.+" -C ".+" pglite/);
  }, 120_000);

  it('both pages fit a phone without sideways scrolling', async () => {
    const phone = await signInAsPlatformAdmin(session, PHONE);
    for (const [path, testId] of [
      ['/superadmin/system', 'families-table'],
      ['/superadmin/database', 'tables-table'],
    ] as const) {
      await phone.goto(new URL(path, phone.url()).toString());
      await phone.getByTestId(testId).waitFor();
      const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(phone);
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: viewportWidth });
    }
    expect(await phone.getByTestId('database-size').locator('p').first().innerText()).toMatch(/\d/);
  });
});
