import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import type { PlanInput, PlatformPlanDetail } from '../../core/platform/plans.schemas';
import { callApi, linkTargets, measureHorizontalOverflow } from './support/page-helpers';
import { DESKTOP, PHONE } from './support/console';

// Plan Management and Revenue (issue 21): as the demo platform admin, lower the products limit of
// the retired demo plan (Duka Mini, which Duka la Mtaa pays for) to what the shop has, in the
// plan editor; the shop's owner is refused their next product at once (402), allowed one more once
// the limit is raised, and the plan goes back to its tier's 500. The revenue page shows the MRR the
// overview shows and the payments table, searched by shop, and exports them as CSV.
// Assertions go by structure and by data, not by new strings: a production build shows strings not
// yet extracted as their ids.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const RETIRED_PLAN = 'Duka Mini';

/** POST a product from the signed-in page; the answer's status. */
const addProduct = (page: Page, name: string) =>
  page.evaluate(async (productName) => {
    const response = await fetch('/api/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ name: productName, variants: [{ sellingPriceMinor: 10_000 }] }),
    });
    return response.status;
  }, name);

/** The shop's products as its catalog counts them (what max_products counts: the active ones). */
const productCount = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/products');
    if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
    return ((await response.json()) as { total: number }).total;
  });

/**
 * Opens the retired plan's editor from the keyboard: at 1366×768 its row is the last, and the last
 * save's "Plan saved" toast lies over its Edit button for seconds (a click there lands on the toast).
 */
async function openPlanEditor(admin: Page) {
  await admin.locator('tbody tr', { hasText: RETIRED_PLAN }).getByTestId('edit-plan').press('Enter');
  await admin.getByRole('dialog').waitFor();
}

/** Sets the retired plan's products limit through the API: how a failed test leaves the shop as it found it. */
async function putProductsLimit(admin: Page, limit: number) {
  const plans = await callApi<PlatformPlanDetail[]>(admin, 'GET', '/api/platform/plans');
  const { id, name, priceMinor, period, popularity, badge, cardLines, isActive, entitlements } = plans.find((plan) => plan.name === RETIRED_PLAN)!;
  const input: PlanInput = { name, priceMinor, period, popularity, badge, cardLines, isActive, entitlements: { ...entitlements, limits: { ...entitlements.limits, max_products: limit } } };
  await callApi(admin, 'PUT', `/api/platform/plans/${id}`, input);
}

/** Opens the retired plan's editor, sets its products limit and saves; waits for the list to show it. */
async function setProductsLimit(admin: Page, limit: number) {
  await openPlanEditor(admin);
  const dialog = admin.getByRole('dialog');
  const input = dialog.locator('#plan-limit-max_products');
  await input.fill(String(limit));
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached' });
  await admin.waitForFunction(
    ([name, expected]) =>
      [...document.querySelectorAll('tbody tr')].some((tr) => tr.textContent?.includes(name!) && tr.querySelector('[data-testid="limit-max_products"]')?.textContent === expected),
    [RETIRED_PLAN, limit.toLocaleString('en-KE')],
  );
}

describe('Plan Management and Revenue', () => {
  it("a products limit edited in the plan editor is enforced on the shop's next product, at once", async () => {
    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    const nav = admin.getByRole('navigation', { name: 'Platform' });
    // The console's chunk may still be arriving when the address changes.
    await nav.locator('a[href="/superadmin/plans"]').waitFor();
    const targets = await linkTargets(nav.getByRole('link'));
    // Spec §2's order: Overview, Tenant Management, User Management, (Analytics,) Revenue, Plan Management.
    const users = targets.indexOf('/superadmin/users');
    expect(users).toBeGreaterThanOrEqual(0);
    expect(targets.indexOf('/superadmin/revenue')).toBeGreaterThan(users);
    expect(targets.indexOf('/superadmin/plans')).toBe(targets.indexOf('/superadmin/revenue') + 1);

    await nav.locator('a[href="/superadmin/plans"]').click();
    await admin.waitForURL(/\/superadmin\/plans$/);
    await admin.locator('tbody tr', { hasText: RETIRED_PLAN }).waitFor();
    // Spec §9's default tier: 500 products.
    expect(await admin.locator('tbody tr', { hasText: RETIRED_PLAN }).getByTestId('limit-max_products').innerText()).toBe('500');

    const owner = await session.openPage(DESKTOP);
    await signInThroughForm(owner, ACCOUNTS.mtaaOwner);
    const used = await productCount(owner);

    try {
      // Bad input stays in the editor with the field marked, nothing saved.
      await openPlanEditor(admin);
      const dialog = admin.getByRole('dialog');
      await dialog.locator('#plan-priceMinor').fill('abc');
      await dialog.locator('button[type="submit"]').click();
      await dialog.locator('#plan-priceMinor-error').waitFor();
      await dialog.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await setProductsLimit(admin, used);
      expect(await addProduct(owner, 'Over the new limit')).toBe(402);

      await setProductsLimit(admin, used + 1);
      expect(await addProduct(owner, 'Fits under the raised limit')).toBe(201);
      expect(await addProduct(owner, 'Over it again')).toBe(402);
      await setProductsLimit(admin, 500);
    } catch (error) {
      // The files after this one add products to Duka la Mtaa; the failure above is the one reported.
      await putProductsLimit(admin, 500).catch(() => undefined);
      throw error;
    }
    expect(await addProduct(owner, 'Back to the tier limit')).toBe(201);

    // The plans page fits a phone.
    const phone = await session.openPage(PHONE);
    await signInThroughForm(phone, ACCOUNTS.superAdmin);
    await phone.goto(appUrl('/superadmin/plans'));
    await phone.locator('tbody tr', { hasText: RETIRED_PLAN }).waitFor();
    const overflow = await measureHorizontalOverflow(phone);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.viewportWidth);
  });

  it('the revenue page shows the MRR and the payments table, searched by shop, and exports CSV', async () => {
    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    const overviewMrr = (await admin.getByTestId('mrr').locator('p').first().innerText()).trim();
    expect(overviewMrr).toMatch(/KES/);

    // The seeded payments were made a week ago: the last 31 days hold them.
    const today = new Date();
    const from = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
    await admin.goto(appUrl(`/superadmin/revenue?preset=custom&from=${from}&to=${to}`));
    const mrr = admin.getByTestId('revenue-mrr').locator('p').first();
    await mrr.waitFor();
    expect((await mrr.innerText()).trim()).toBe(overviewMrr);
    expect(await admin.getByTestId('revenue-arr').locator('p').first().innerText()).toMatch(/KES/);

    const table = admin.getByTestId('payments');
    await table.locator('tbody tr', { hasText: 'dk-demo-acme-professional' }).waitFor();
    await table.locator('tbody tr', { hasText: 'dk-demo-kiosk-starter' }).waitFor();
    await admin.locator('#payment-search').fill('acme');
    await admin.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="payments"] tbody tr')];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes('Acme Hardware'));
    });
    expect(new URL(admin.url()).searchParams.get('q')).toBe('acme');

    const href = await admin.getByTestId('payments-csv').getAttribute('href');
    expect(href).toContain('/api/platform/revenue/payments.csv?');
    const csv = await admin.evaluate(async (path) => (await fetch(path!)).text(), href);
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Shop,Subdomain,Plan,Period,Amount,Currency,Status,Provider,Reference,Paid at,Failed at');
    expect(lines.slice(1).every((line) => line.includes('Acme Hardware'))).toBe(true);
    expect(lines.some((line) => line.includes('dk-demo-acme-professional,'))).toBe(true);

    // No Paystack key on this server: the reconciliation says so instead of comparing.
    await admin.getByTestId('reconcile').click();
    await admin.getByRole('status').filter({ hasText: /./ }).first().waitFor();

    const phone = await session.openPage(PHONE);
    await signInThroughForm(phone, ACCOUNTS.superAdmin);
    await phone.goto(appUrl(`/superadmin/revenue?preset=custom&from=${from}&to=${to}`));
    await phone.getByTestId('payments').locator('tbody tr').first().waitFor();
    const overflow = await measureHorizontalOverflow(phone);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.viewportWidth);
  });
});
