import type { Page } from 'playwright-core';
import { appUrl, type BrowserSession, type OpenPageOptions } from './browser';
import { callApi } from './page-helpers';

export interface OwnShop {
  tenantId: string;
  name: string;
  subdomain: string;
  owner: { email: string; fullName: string; subdomain: string };
  password: string;
}

/**
 * A new shop on the trial, made through the public sign-up API, for a browser test to change as it
 * likes: the demo shops are shared by every file of a run (billing pays Demo Duka, sign-in locks
 * Acme's owner).
 */
export async function signUpOwnShop(session: BrowserSession, label: string, options: OpenPageOptions = {}): Promise<OwnShop & { ownerPage: Page }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const subdomain = `${label}-${suffix}`;
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Shop ${suffix}`;
  const owner = { email: `owner-${subdomain}@example.test`, fullName: 'Achieng Otieno', subdomain };
  const password = 'Own-Shop-Password-2026';
  const ownerPage = await session.openPage({ cookieConsent: 'accepted', ...options });
  await ownerPage.goto(appUrl('/signup'));
  const result = await callApi<{ tenantId: string; handoffUrl: string }>(ownerPage, 'POST', '/api/signup', {
    shopName: name,
    subdomain,
    fullName: owner.fullName,
    email: owner.email,
    phone: '0712 345 678',
    password,
    country: 'KE',
    businessType: 'general_retail',
  });
  await ownerPage.goto(result.handoffUrl);
  await ownerPage.waitForURL((url) => url.hostname.startsWith(`${subdomain}.`) && url.pathname.startsWith('/admin'));
  return { tenantId: result.tenantId, name, subdomain, owner, password, ownerPage };
}
