import { afterEach, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { DESKTOP, PHONE, signInAsPlatformAdmin } from './support/console';
import { signUpOwnShop } from './support/own-shop';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';

// Custom pricing on a shop's console page (issue 21): a shop of the test's own (just signed up);
// a price that is not a number is refused under its field and nothing is saved; a price of KES
// 1,200 for Starter monthly is listed in force, and the shop's own billing answer then offers
// Starter at 120,000 cents with the setup fee (the independent check); ending it brings back the
// plan's price. The page fits a phone.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

interface BillingPlan {
  id: string;
  name: string;
  period: string;
  effectivePriceMinor: number;
  setupFeeMinor: number;
  isCustomPrice: boolean;
}

describe('custom pricing', () => {
  it("sets a shop's price from its console page: refused when not a number, listed, offered by the shop's billing, then ended", async () => {
    const shop = await signUpOwnShop(session, 'pricing', DESKTOP);
    const admin = await signInAsPlatformAdmin(session, DESKTOP);
    const plans = await callApi<Array<{ id: string; name: string; period: string }>>(admin, 'GET', '/api/platform/plans');
    const starter = plans.find((plan) => plan.name === 'Starter' && plan.period === 'monthly')!;
    const starterForShop = async () => (await callApi<{ plans: BillingPlan[] }>(shop.ownerPage, 'GET', '/api/billing')).plans.find((plan) => plan.id === starter.id)!;

    await admin.goto(new URL(`/superadmin/tenants/${shop.tenantId}`, admin.url()).toString());
    const card = admin.getByRole('region', { name: 'Custom pricing' });
    await card.getByRole('button', { name: 'Set a custom price' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('#custom-price-plan').selectOption(starter.id);
    await dialog.locator('#custom-price-price').fill('twelve hundred');
    await dialog.locator('#custom-price-setup').fill('500');
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('#custom-price-price-error').waitFor();
    expect(await dialog.locator('#custom-price-price').getAttribute('aria-invalid')).toBe('true');
    expect((await callApi<{ items: unknown[] }>(admin, 'GET', `/api/platform/tenants/${shop.tenantId}/custom-prices`)).items).toEqual([]);

    await dialog.locator('#custom-price-price').fill('1,200');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    const rows = admin.getByRole('table', { name: 'Custom prices' }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('1,200.00');
    expect(await starterForShop()).toMatchObject({ effectivePriceMinor: 120_000, setupFeeMinor: 50_000, isCustomPrice: true });

    const end = rows.first().getByRole('button', { name: 'End the custom price for Starter' });
    await end.click();
    await end.waitFor({ state: 'detached' });
    expect(await starterForShop()).toMatchObject({ effectivePriceMinor: 150_000, isCustomPrice: false });
  });

  it("the shop's page, with its cards, fits a phone without sideways scrolling", async () => {
    const shop = await signUpOwnShop(session, 'narrow', PHONE);
    const admin = await signInAsPlatformAdmin(session, PHONE);
    await admin.goto(new URL(`/superadmin/tenants/${shop.tenantId}`, admin.url()).toString());
    await admin.getByRole('button', { name: 'Set a custom price' }).waitFor();
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(admin);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
  });
});
