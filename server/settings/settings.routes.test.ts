import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { updateBusinessSettings } from './settings.service';

let testApp: TestApp;
let shop: TestTenant;
let ownerCookie: string;
let ownerId: string;
let cashierCookie: string;
const HOST = 'settings-shop.localhost:3000';
// A 1×1 PNG (a real one: logos are decoded).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b' + '0000000d49444154089963606860f80f0002840180d8525d890000000049454e44ae426082', 'hex');

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTenant(testApp.database, { subdomain: 'settings-shop', name: 'Settings Shop' });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'admin' });
  ownerId = owner.id;
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

  it('changes the name and the settings together or not at all (one transaction)', async () => {
    const before = (await testApp.request('/api/settings/business', { host: HOST, headers: { cookie: ownerCookie } })).json();
    // A value the database refuses (the route's schema would stop it first): the name must not change alone.
    await expect(updateBusinessSettings(testApp.deps, shop.id, { businessName: 'Half Saved Shop', receiptHeader: 'Karibu\u0000' }, ownerId)).rejects.toThrow();
    const after = (await testApp.request('/api/settings/business', { host: HOST, headers: { cookie: ownerCookie } })).json();
    expect(after.businessName).toBe(before.businessName);
    expect(after.receiptHeader).toBe(before.receiptHeader);
  });

  it('refuses control characters with a message on the field', async () => {
    const response = await patch({ businessName: 'Mama\u0000Mboga', receiptHeader: 'Line one\nLine two\u0007' });
    expect(response.status).toBe(400);
    expect(response.json().error.fields).toEqual({ businessName: ['Remove control characters'], receiptHeader: ['Remove control characters'] });
    expect((await patch({ receiptHeader: 'Karibu!\r\nMoi Avenue\tNairobi' })).json().receiptHeader).toBe('Karibu!\r\nMoi Avenue\tNairobi');
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

  it('decodes every logo: junk after a PNG signature, a bare JPEG header, an empty file and a decompression bomb are refused', async () => {
    const pngSignature = PNG.subarray(0, 8);
    const junk = await upload('image/png', Buffer.concat([pngSignature, Buffer.from('<script>alert(1)</script>'.repeat(20))]));
    expect(junk.status).toBe(400);
    expect(junk.json().error.fields.logo).toEqual(['That file is not the image it claims to be']);
    const bareJpeg = await upload('image/jpeg', Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'));
    expect(bareJpeg.status).toBe(400);
    expect(bareJpeg.json().error.fields.logo).toBeDefined();
    const empty = await upload('image/png', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.json().error.fields.logo).toEqual(['That file is empty']);
    // 8000×8000 white pixels: under the 512 KB limit as a PNG, 192 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
    expect(bomb.length).toBeLessThan(512 * 1024);
    const refused = await upload('image/png', bomb);
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields.logo[0]).toMatch(/too large/);
  });

  it('stores a new encoding of the logo: what followed the image is gone, transparency stays', async () => {
    const transparent = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 10, height: 10, channels: 4, background: '#e11d48' } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const response = await upload('image/png', Buffer.concat([transparent, Buffer.from(payload)]));
    expect(response.status).toBe(200);
    const served = await testApp.app.request(response.json().companyLogoUrl);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.toString('latin1')).not.toContain('<script>');
    const decoded = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width: 40, height: 20, channels: 4 });
    const alphaAt = (x: number, y: number) => decoded.data[(y * 40 + x) * 4 + 3];
    expect(alphaAt(35, 15)).toBe(0);
    expect(alphaAt(5, 5)).toBe(255);
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
