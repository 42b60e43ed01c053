import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { adjustFromProduct, createProduct, expectCell, MAIN_SHOP, stockTable, uniqueSuffix } from './support/catalog';
import { callApi, collectRefusals, linkTexts } from './support/page-helpers';

// The screens follow the member's permissions, not a role's rank (issue 20): a custom "Stock
// clerk" role holding products.manage and inventory.manage only is led to the products and the
// stock pages and to nothing else, and a page reached by its address without the permission says
// why, without one request the server refuses.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DESKTOP = { viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' as const };
const DEMO = ACCOUNTS.owner.subdomain;
const CLERK = { email: `stock-clerk-${Date.now()}@demo.test`, fullName: 'Juma Mwangi', subdomain: DEMO };
const CLERK_PASSWORD = 'Juma-Stock-Clerk-2026';

/** The owner makes the role and invites the clerk with a temporary password, replaced at the clerk's first sign-in. */
async function signInNewStockClerk(owner: Page): Promise<Page> {
  const role = await callApi<{ id: string }>(owner, 'POST', '/api/team/roles', {
    name: `Stock clerk ${uniqueSuffix()}`,
    permissions: ['products.manage', 'inventory.manage'],
    maxDiscountPercent: 0,
  });
  const invited = await callApi<{ temporaryPassword: string }>(owner, 'POST', '/api/team/invitations', {
    fullName: CLERK.fullName,
    email: CLERK.email,
    role: 'cashier',
    customRoleId: role.id,
    method: 'temporary_password',
  });
  const page = await session.openPage(DESKTOP);
  await signInThroughForm(page, CLERK, invited.temporaryPassword);
  const change = page.getByRole('dialog', { name: 'Password Change Required' });
  await change.getByLabel('New Password').fill(CLERK_PASSWORD);
  await change.getByLabel('Confirm Password').fill(CLERK_PASSWORD);
  await change.getByRole('button', { name: 'Update Password' }).click();
  await change.waitFor({ state: 'detached' });
  return page;
}

describe('a custom role in the screens', () => {
  it('a stock clerk is led to the products and stock pages only, adjusts stock, and is refused the reports by address', async () => {
    const owner = await session.openPage(DESKTOP);
    await signInThroughForm(owner, ACCOUNTS.owner);
    const name = `Sack of rice ${uniqueSuffix()}`;
    const productId = await createProduct(owner, DEMO, { name, sellingPrice: '3200', openingStock: { [MAIN_SHOP]: '20' } });

    const clerk = await signInNewStockClerk(owner);
    const refusals = collectRefusals(clerk);
    const nav = clerk.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Products' }).waitFor();
    // No Sales, Purchases, Contacts, Accounting, Reports, Team, Settings: none of their permissions.
    expect(await linkTexts(nav.getByRole('link'))).toEqual(['Dashboard', 'Products']);

    await nav.getByRole('link', { name: 'Products' }).click();
    const productsBar = clerk.getByRole('navigation', { name: 'Products area' });
    await productsBar.getByRole('link', { name: 'Adjustments' }).waitFor();
    expect(await linkTexts(productsBar.getByRole('link'))).toEqual([
      'Products',
      'Categories',
      'Brands',
      'Units',
      'Locations',
      'Stock movements',
      'Adjustments',
      'Transfers',
      'Stock takes',
      'Low stock',
    ]);
    // Importing is managing products; exporting needs data.export, which the role lacks.
    await clerk.getByRole('link', { name: 'Import' }).waitFor();
    expect(await clerk.getByRole('link', { name: 'Export CSV' }).count()).toBe(0);

    await productsBar.getByRole('link', { name: 'Adjustments' }).click();
    await clerk.getByRole('heading', { name: 'Adjustments', level: 2 }).waitFor();
    await clerk.getByRole('link', { name: 'New adjustment' }).first().waitFor();

    await clerk.goto(appUrl(`/admin/products/${productId}`, DEMO));
    await stockTable(clerk).waitFor();
    await adjustFromProduct(clerk, name, { reason: 'Correction', direction: 'Add stock', quantity: '5' });
    await toast(clerk, 'Stock adjusted').waitFor();
    await clerk.getByRole('heading', { name: 'Adjustment: Correction' }).waitFor();
    await clerk.goto(appUrl(`/admin/products/${productId}`, DEMO));
    await stockTable(clerk).waitFor();
    await expectCell(stockTable(clerk), name, MAIN_SHOP, '25');
    // Stock, but no costs: the role does not hold costs.view.
    expect(await stockTable(clerk).getByRole('columnheader').allInnerTexts()).not.toContain('Cost');

    for (const [path, refusal] of [
      ['/admin/reports', 'Your role does not include the reports.'],
      ['/admin/purchases', 'Your role does not include purchases.'],
      ['/admin/team', 'Your role does not include the team.'],
    ] as const) {
      await clerk.goto(appUrl(path, DEMO));
      await clerk.getByRole('alert').filter({ hasText: refusal }).waitFor();
      await clerk.waitForLoadState('networkidle');
    }
    expect(refusals).toEqual([]);
    // Two sign-ins, a product, an adjustment and a dozen pages on a busy CI machine: more than the suite's minute per test.
  }, 180_000);
});
