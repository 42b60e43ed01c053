import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDomains } from '../../core/platform/domains.schemas';
import { startFakeDnsServer, type FakeDnsServer } from '../support/fake-dns-server';
import { ACCOUNTS, signInThroughForm, submitSignIn } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { FAKE_DNS_PORT } from './support/fake-providers';
import { signUpOwnShop } from './support/own-shop';
import { callApi } from './support/page-helpers';
import { DESKTOP } from './support/console';

// A shop's custom domain (issue 21, docs/platform.md "Custom domains"): the platform admin adds one
// to a shop of this file's own making, "Verify now" fails while the DNS has no record, the TXT
// record is put into the local name server the server under test asks (DNS_RESOLVER, started here
// on FAKE_DNS_PORT), verifying again succeeds, and the shop's sign-in page then answers at that
// host (Chromium maps the made-up domain to this machine), where its owner signs in. Assertions go
// by structure and data, not new strings (a production build shows strings not yet extracted as
// their ids).

// Every name under this made-up zone is this machine for the browser; only the name server decides
// whether a domain is verified.
const ZONE = 'e2e-shops.co.ke';
const session = useBrowser({ hostResolverRules: `MAP *.${ZONE} 127.0.0.1` });
let dns: FakeDnsServer;

beforeAll(async () => {
  dns = await startFakeDnsServer({ port: FAKE_DNS_PORT });
});
afterAll(async () => {
  await dns.close();
});
afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});


/** The server under test at another host name, on its own port. */
const atHost = (host: string, path: string) => {
  const url = new URL(appUrl(path));
  url.hostname = host;
  return url.toString();
};

describe('custom domains', () => {
  it('adds a domain, fails to verify it without the TXT record, verifies it with the record, and the shop answers at that host', async () => {
    const shop = await signUpOwnShop(session, 'domains', DESKTOP);
    await shop.ownerPage.close();
    const domain = `${shop.subdomain}.${ZONE}`;

    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    await admin.goto(appUrl(`/superadmin/tenants/${shop.tenantId}`));
    const card = admin.locator('[data-testid="tenant-domains"]');
    await card.locator('#custom-domain').fill(domain.toUpperCase());
    await card.locator('form button[type="submit"]').click();
    const item = card.locator(`li[data-domain="${domain}"]`);
    await item.locator('[data-testid="dns-records"]').waitFor();
    const txtName = await item.locator('[data-testid="txt-name"]').innerText();
    const txtValue = await item.locator('[data-testid="txt-value"]').innerText();
    expect(txtName).toBe(`_dukani-verification.${domain}`);
    expect(txtValue).toMatch(/^dukani-verification=[0-9a-f]{32}$/);

    // Not verified yet: the host is nobody's shop.
    const visitor = await session.openPage(DESKTOP);
    await visitor.goto(atHost(domain, '/auth'));
    expect((await callApi<{ tenant: unknown }>(visitor, 'GET', '/api/tenant-context')).tenant).toBeNull();

    // No record at the name server: the check says why, and the domain stays unverified.
    await item.locator('[data-testid="verify-domain"]').click();
    await item.locator('[data-testid="domain-check"]').waitFor();
    const readDomain = async () => (await callApi<TenantDomains>(admin, 'GET', `/api/platform/tenants/${shop.tenantId}/domains`)).domains.find((row) => row.domain === domain);
    const checked = await readDomain();
    expect(checked).toMatchObject({ domain, verifiedAt: null, lastCheckError: 'no_record' });

    dns.setTxt(txtName, [txtValue]);
    await item.locator('[data-testid="verify-domain"]').click();
    await item.locator('[data-testid="verify-domain"]').waitFor({ state: 'detached' });
    await item.locator('[data-testid="dns-records"]').waitFor({ state: 'detached' });
    expect(await readDomain()).toMatchObject({ domain, lastCheckError: null, verifiedAt: expect.any(String) });

    // The shop's sign-in page at its own domain, and its owner signs in there.
    await visitor.goto(atHost(domain, '/auth'));
    await visitor.getByText(shop.name).first().waitFor();
    await submitSignIn(visitor, shop.owner.email, shop.password);
    await visitor.waitForURL((url) => url.hostname === domain && url.pathname.startsWith('/admin'));
    expect((await callApi<{ tenant: { id: string } }>(visitor, 'GET', '/api/tenant-context')).tenant.id).toBe(shop.tenantId);
  });
});
