import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/products/products.schemas';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';

let testApp: TestApp;
let tenant: TestTenant;
let host: string;
let manager: string;
let cashier: string;
let otherHost: string;
let otherOwner: string;
let product: Product;

function multipart(type: string, bytes: Buffer, field = 'image') {
  const boundary = '----dukani-product-image';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { rawBody: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(type: string, bytes: Buffer, options: { productId?: string; cookie?: string; onHost?: string; field?: string } = {}) {
  const { rawBody, headers } = multipart(type, bytes, options.field);
  return testApp.request(`/api/products/${options.productId ?? product.id}/image`, {
    method: 'POST',
    host: options.onHost ?? host,
    rawBody,
    headers: { ...headers, cookie: options.cookie ?? manager },
  });
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } });

beforeAll(async () => {
  testApp = await createTestApp();
  const subdomain = `img-${randomBytes(4).toString('hex')}`;
  host = `${subdomain}.localhost:3000`;
  tenant = await createTenant(testApp.database, { subdomain });
  manager = await signInAs(testApp, host, (await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'manager' })).email, TEST_PASSWORD);
  cashier = await signInAs(testApp, host, (await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'cashier' })).email, TEST_PASSWORD);
  const otherSubdomain = `img-${randomBytes(4).toString('hex')}`;
  otherHost = `${otherSubdomain}.localhost:3000`;
  const otherTenant = await createTenant(testApp.database, { subdomain: otherSubdomain });
  otherOwner = await signInAs(testApp, otherHost, (await createUser(testApp.database, testApp.deps.auth, { tenantId: otherTenant.id, role: 'admin' })).email, TEST_PASSWORD);
  const created = await testApp.request('/api/products', { method: 'POST', host, body: { name: 'Pilau masala', variants: [{ sellingPriceMinor: 4_500 }] }, headers: { cookie: manager } });
  product = created.json<Product>();
});
afterAll(() => testApp.close());

describe('product images', () => {
  it('turns a PNG into a WebP within 800×800, served with year-long caching', async () => {
    const response = await upload('image/png', await picture(1600, 1000).png().toBuffer());
    expect(response.status).toBe(200);
    const url = response.json<Product>().imageUrl!;
    expect(url).toMatch(new RegExp(`^/api/files/${tenant.id}/product-[a-f0-9]{16}\\.webp$`));
    expect(existsSync(join(testApp.deps.config.dataDir, 'uploads', tenant.id, url.split('/').at(-1)!))).toBe(true);

    const file = await testApp.request(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The test client reads text; the picture itself is read as bytes.
    const body = await fetch(`http://127.0.0.1:${testApp.port}${url}`).then((fetched) => fetched.arrayBuffer());
    expect(await sharp(Buffer.from(body)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 500 });

    const fetched = await testApp.request(`/api/products/${product.id}`, { host, headers: { cookie: cashier } });
    expect(fetched.json().imageUrl).toBe(url);
  });

  it('keeps a small JPEG at its size and takes WebP', async () => {
    const jpeg = await upload('image/jpeg', await picture(300, 200).jpeg().toBuffer());
    expect(jpeg.status).toBe(200);
    const body = await fetch(`http://127.0.0.1:${testApp.port}${jpeg.json().imageUrl}`).then((fetched) => fetched.arrayBuffer());
    expect(await sharp(Buffer.from(body)).metadata()).toMatchObject({ width: 300, height: 200 });
    expect((await upload('image/webp', await picture(50, 50).webp().toBuffer())).status).toBe(200);
  });

  it('refuses other types, a mislabelled file, a broken image and an oversized one, keeping the current photo', async () => {
    const before = (await testApp.request(`/api/products/${product.id}`, { host, headers: { cookie: manager } })).json<Product>().imageUrl;
    const svg = await upload('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    expect(svg.status).toBe(400);
    expect(svg.json().error.fields).toEqual({ image: ['Use a PNG, JPEG or WebP image'] });
    const mislabelled = await upload('image/png', await picture(10, 10).jpeg().toBuffer());
    expect(mislabelled.json().error.fields).toEqual({ image: ['That file is not the image it claims to be'] });
    expect((await upload('image/png', Buffer.from('not an image at all'))).json().error.fields).toEqual({ image: ['That file is not the image it claims to be'] });
    const png = await picture(10, 10).png().toBuffer();
    const tooBig = await upload('image/png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.status).toBe(400);
    expect(tooBig.json().error.fields).toEqual({ image: ['The image must be at most 5 MB'] });
    expect((await upload('image/png', png, { field: 'photo' })).status).toBe(400);
    expect((await upload('image/png', png, { cookie: cashier })).status).toBe(403);
    expect((await testApp.request(`/api/products/${product.id}`, { host, headers: { cookie: manager } })).json().imageUrl).toBe(before);
  });

  it('answers an empty file and a broken multipart body with 400 and a message, not a 500', async () => {
    const empty = await upload('image/png', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.json().error.fields).toEqual({ image: ['That file is empty'] });
    const broken = await testApp.request(`/api/products/${product.id}/image`, {
      method: 'POST',
      host,
      rawBody: '--not-the-boundary\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=expected-boundary', cookie: manager },
    });
    expect(broken.status).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'bad_request', message: 'The upload could not be read; choose the file and send it again' });
  });

  it('removes the photo', async () => {
    const response = await testApp.request(`/api/products/${product.id}/image`, { method: 'DELETE', host, headers: { cookie: manager } });
    expect(response.status).toBe(200);
    expect(response.json().imageUrl).toBeNull();
  });

  it('gives another shop 404 for this shop’s product', async () => {
    const png = await picture(10, 10).png().toBuffer();
    expect((await upload('image/png', png, { onHost: otherHost, cookie: otherOwner })).status).toBe(404);
    expect((await testApp.request(`/api/products/${product.id}/image`, { method: 'DELETE', host: otherHost, headers: { cookie: otherOwner } })).status).toBe(404);
  });
});
