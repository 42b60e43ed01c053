import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';

const session = useBrowser();

const readTenantKeys = () =>
  Object.fromEntries(
    ['dukani.tenantId', 'dukani.tenantName', 'dukani.tenantStatus'].map((key) => [key, sessionStorage.getItem(key)]),
  );

describe('tenant context in session storage', () => {
  it("holds the demo tenant's id, name and status after visiting demo.localhost/auth", async () => {
    const page = await session.openPage();
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('heading', { name: 'Demo Duka', level: 1 }).waitFor();

    const context = await page.evaluate(async () => (await fetch('/api/tenant-context')).json());
    expect(context.tenant).toMatchObject({ name: 'Demo Duka', subdomain: 'demo', status: 'trial' });
    expect(await page.evaluate(readTenantKeys)).toEqual({
      'dukani.tenantId': context.tenant.id,
      'dukani.tenantName': 'Demo Duka',
      'dukani.tenantStatus': 'trial',
    });
  });

  it('holds nothing on an address without a tenant', async () => {
    const page = await session.openPage();
    await page.goto(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    expect(await page.evaluate(readTenantKeys)).toEqual({
      'dukani.tenantId': null,
      'dukani.tenantName': null,
      'dukani.tenantStatus': null,
    });
  });
});
