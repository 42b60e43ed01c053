import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, openUserMenu, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { signUpOwnShop } from './support/own-shop';
import { callApi } from './support/page-helpers';
import { DESKTOP } from './support/console';

// "View as" support access (issue 21, docs/platform.md "Support access"): on a shop this file makes
// (the demo shops are shared by every file of a run), the demo platform admin opens support access
// from the shop's console page, lands on the shop's dashboard signed in with the banner, sees the
// shop's products, is refused a write, and ends it; the shop's owner then finds both entries in
// their audit log. Assertions go by structure and data, not new strings (a production build shows
// strings not yet extracted as their ids).
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});


describe('support access', () => {
  it('opens the shop read-only with a banner, refuses a write, ends on "End now"; the owner sees it in the audit log', async () => {
    const shop = await signUpOwnShop(session, 'support', DESKTOP);
    const productName = `Unga 2 kg ${Date.now().toString(36)}`;
    await callApi(shop.ownerPage, 'POST', '/api/products', { name: productName, variants: [{ sellingPriceMinor: 21_000 }] });

    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    await admin.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();
    await admin.goto(appUrl(`/superadmin/tenants/${shop.tenantId}`));
    await admin.locator('main button:has(svg.lucide-eye)').click();
    const reason = 'The owner cannot find a product they added';
    await admin.locator('#support-access-reason').fill(reason);
    await admin.locator('#support-access-minutes').selectOption('15');
    await admin.locator('form:has(#support-access-reason) button[type="submit"]').click();

    // Signed in at the shop's own address, on its dashboard, with the banner.
    await admin.waitForURL((url) => url.hostname.startsWith(`${shop.subdomain}.`) && url.pathname.startsWith('/admin'), { timeout: 30_000 });
    await admin.locator('[data-testid="support-access-banner"]').waitFor();

    await admin.goto(appUrl('/admin/products', shop.subdomain));
    await admin.getByText(productName).first().waitFor();
    await admin.locator('[data-testid="support-access-banner"]').waitFor();

    // Any write is refused by the server, whatever the screen offers.
    const write = await admin.evaluate(async () => {
      const response = await fetch('/api/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ name: 'Support may not add this', variants: [{ sellingPriceMinor: 100 }] }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(write).toEqual({ status: 403, body: expect.objectContaining({ error: expect.objectContaining({ message: 'Support access is read-only.' }) }) });

    // Its home is the shop, not the console: the menu's Home leads to the shop's dashboard, and the
    // console's address on the shop's host sends it back there.
    const menu = await openUserMenu(admin);
    await menu.getByRole('menuitem', { name: 'Home' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/dashboard');
    await admin.goto(appUrl('/superadmin', shop.subdomain));
    await admin.waitForURL((url) => url.pathname.startsWith('/admin'));
    await admin.locator('[data-testid="support-access-banner"]').waitFor();

    await admin.locator('[data-testid="support-access-banner"] button').click();
    // Back to the shop's page in the console, where the grant is listed as ended.
    await admin.waitForURL((url) => url.pathname === `/superadmin/tenants/${shop.tenantId}` && !url.hostname.startsWith(`${shop.subdomain}.`), { timeout: 30_000 });
    const grants = await callApi<{ items: { reason: string; isActive: boolean; endedAt: string | null }[] }>(admin, 'GET', `/api/platform/tenants/${shop.tenantId}/support-access`);
    expect(grants.items).toEqual([expect.objectContaining({ reason, isActive: false, endedAt: expect.any(String) })]);

    // The owner's audit log: both entries, by the platform admin, with the reason.
    const owner = shop.ownerPage;
    await owner.goto(appUrl('/admin/audit', shop.subdomain));
    await owner.locator('main table tbody tr').first().waitFor();
    const started = await callApi<{ items: { actorName: string | null; details: Record<string, unknown> }[] }>(owner, 'GET', '/api/audit-events?action=support.access_started');
    const ended = await callApi<{ items: { details: Record<string, unknown> }[] }>(owner, 'GET', '/api/audit-events?action=support.access_ended');
    expect(started.items).toEqual([expect.objectContaining({ actorName: ACCOUNTS.superAdmin.fullName, details: expect.objectContaining({ reason, supportEmail: ACCOUNTS.superAdmin.email }) })]);
    expect(ended.items).toEqual([expect.objectContaining({ details: expect.objectContaining({ how: 'ended' }) })]);
    expect(await owner.locator('main table tbody tr').count()).toBeGreaterThanOrEqual(2);
  });
});
