import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';

let testApp: TestApp;
let shop: TestTenant;
let ownerCookie: string;
let cashierCookie: string;
const HOST = 'settings-shop.localhost:3000';
// The smallest valid PNG (1×1).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTenant(testApp.database, { subdomain: 'settings-shop', name: 'Settings Shop' });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'admin' });
  const cashier = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'cashier' });
  ownerCookie = await signInAs(testApp, HOST, owner.email, TEST_PASSWORD);
  cashierCookie = await signInAs(testApp, HOST, cashier.email, TEST_PASSWORD);
});
afterAll(() => testApp.close());

const patch = (body: unknown, cookie = ownerCookie) => testApp.request('/api/settings/business', { method: 'PATCH', host: HOST, headers: { cookie }, body });

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----dukani-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { rawBody: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (type: string, bytes: Buffer, cookie = ownerCookie) => {
  const { rawBody, headers } = multipart('logo', 'logo.png', type, bytes);
  return testApp.request('/api/settings/business/logo', { method: 'POST', host: HOST, rawBody, headers: { ...headers, cookie } });
};

describe('business settings', () => {
  it('saves name, receipt texts and KRA PIN; the new name shows on the sign-in page', async () => {
    const response = await patch({ businessName: '  Mama Mboga Fresh ', receiptHeader: ' Karibu! ', receiptFooter: '', kraPin: 'p051234567x' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ businessName: 'Mama Mboga Fresh', receiptHeader: 'Karibu!', receiptFooter: null, kraPin: 'P051234567X' });
    const context = await testApp.request('/api/tenant-context', { host: HOST });
    expect(context.json().tenant.name).toBe('Mama Mboga Fresh');
  });

  it('refuses bad values with field messages and changes nothing', async () => {
    const response = await patch({ kraPin: '12345', currencyCode: 'shillings', timeZone: 'Mars/Olympus' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['currencyCode', 'kraPin', 'timeZone']);
    expect((await patch({})).status).toBe(400);
    const current = await testApp.request('/api/settings/business', { host: HOST, headers: { cookie: cashierCookie } });
    expect(current.json().kraPin).toBe('P051234567X');
  });

  it('lets the cashier read but not change them', async () => {
    expect((await patch({ receiptFooter: 'x' }, cashierCookie)).status).toBe(403);
  });
});

describe('logo upload', () => {
  it('stores a PNG, serves it with long caching, and puts it on the sign-in page', async () => {
    const response = await upload('image/png', PNG);
    expect(response.status).toBe(200);
    const url = response.json().companyLogoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/files/${shop.id}/logo-[a-f0-9]{16}\\.png$`));
    const file = await testApp.request(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect((await testApp.request('/api/tenant-context', { host: HOST })).json().tenant.logoUrl).toBe(url);
  });

  it('refuses SVG, a mislabelled file and an oversized one', async () => {
    expect((await upload('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'))).json().error.fields.logo).toEqual(['Use a PNG, JPEG or WebP image']);
    expect((await upload('image/png', Buffer.from('not really a png'))).json().error.fields.logo).toEqual(['That file is not the image it claims to be']);
    const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    expect((await upload('image/png', big)).status).toBeGreaterThanOrEqual(400);
  });

  it('serves no file outside the uploads and answers 404 for unknown names', async () => {
    expect((await testApp.request(`/api/files/${shop.id}/logo-0000000000000000.png`)).status).toBe(404);
    expect((await testApp.request(`/api/files/${shop.id}/..%2F..%2Fauth-secret`)).status).toBe(400);
  });

  it("tenant B's owner cannot change tenant A's settings", async () => {
    const other = await createTenant(testApp.database, { subdomain: 'settings-other' });
    const otherOwner = await createUser(testApp.database, testApp.deps.auth, { tenantId: other.id, role: 'admin' });
    const otherCookie = await signInAs(testApp, 'settings-other.localhost:3000', otherOwner.email, TEST_PASSWORD);
    expect((await patch({ businessName: 'Hijacked' }, otherCookie)).status).toBe(404);
    expect((await upload('image/png', PNG, otherCookie)).status).toBe(404);
  });
});
