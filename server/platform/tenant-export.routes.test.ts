import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantTablesOfSchema } from '../../scripts/check-tenant-access';
import { tenantExportManifestSchema, type TenantExportManifest } from '../../core/platform/tenant-export.schemas';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { auditEvents } from '../db/schema/audit';
import { platformAuditEvents } from '../db/schema/platform';
import { tarGzStream } from './tar-writer';

// The per-shop export (issue 21, docs/platform.md "Per-shop export"). The archive is read back with
// the system's GNU tar (a parser independent of ours); its counts are checked against count(*) in
// the shop's scope, and nothing of another shop may be in it.

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let adminId: string;
let shopA: TestShop;
let shopB: TestShop;
let starterShop: TestShop;
const shopBSecret = `Shop B only ${randomBytes(6).toString('hex')}`;
/** A long text with what JSON and tar must carry exactly: quotes, backslashes, new lines, non-ASCII. */
const bigDescription = `"Mandazi" \\ naan\nchai ☕ — ${'ugali na sukuma '.repeat(20_000)}`;
const PAGE_SPANNING_PRODUCTS = 1_205;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Platform Admin' });
  adminId = admin.id;
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shopA = await createTestShop(testApp);
  shopB = await createTestShop(testApp);
  starterShop = await createTestShop(testApp, { plan: 'Starter' });
  // More products than one page of the export reads, so the keyset paging is crossed.
  await testApp.database.withTenant(shopA.tenant.id, (tx) =>
    tx.execute(sql`insert into products (tenant_id, name) select ${shopA.tenant.id}, 'Bulk item ' || g from generate_series(1, ${PAGE_SPANNING_PRODUCTS}) g`),
  );
  await createTestProduct(testApp.database, shopA.tenant.id, { name: 'Big row', variants: [{ sellingPriceMinor: 12_345, costPriceMinor: 6_789 }] });
  await testApp.database.withTenant(shopA.tenant.id, (tx) => tx.execute(sql`update products set description = ${bigDescription} where name = 'Big row'`));
  await createTestProduct(testApp.database, shopB.tenant.id, { name: shopBSecret });
}, 120_000);
afterAll(() => testApp.close());

/** A binary GET (the test app's request reads text). */
function download(path: string, host: string, cookie?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: testApp.port, path, headers: { host, ...(cookie ? { cookie } : {}), 'x-forwarded-for': '198.51.100.40' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes the archive to a file and extracts it with GNU tar; answers the folder and tar's listing. */
function extract(archive: Buffer): { folder: string; listing: string[] } {
  const folder = mkdtempSync(join(tmpdir(), 'export-test-'));
  const file = join(folder, 'archive.tar.gz');
  writeFileSync(file, archive);
  const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
  const out = join(folder, 'out');
  execFileSync('mkdir', [out]);
  execFileSync('tar', ['-xzf', file, '-C', out]);
  return { folder: out, listing };
}

const linesOf = (folder: string, file: string) =>
  readFileSync(join(folder, file), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('who may call', () => {
  it('the platform route: 401 without a session, 404 for a shop owner and for no such shop, 400 for a bad id', async () => {
    const path = `/api/platform/tenants/${shopA.tenant.id}/export`;
    expect((await sendRequest(testApp.port, path, { host: adminHost })).status).toBe(401);
    expect((await testApp.request(path, { host: shopA.host, headers: { cookie: shopA.cookies.owner } })).status).toBe(404);
    expect((await download(`/api/platform/tenants/${'5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b'}/export`, adminHost, adminCookie)).status).toBe(404);
    expect((await download('/api/platform/tenants/not-a-uuid/export', adminHost, adminCookie)).status).toBe(400);
  });

  it("the shop's own route: the owner with backup_restore only; 402 on a plan without it, 403 for a cashier", async () => {
    const refused = await starterShop.call('GET', '/api/shop-export');
    expect(refused.status).toBe(402);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('payment_required');
    expect((await shopA.call('GET', '/api/shop-export', { as: 'cashier' })).status).toBe(403);
    expect((await sendRequest(testApp.port, '/api/shop-export', { host: shopA.host })).status).toBe(401);
    const refusedAudit = await testApp.database.withTenant(starterShop.tenant.id, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'export.archive')));
    expect(refusedAudit).toEqual([]);
  });
});

describe("a platform admin's export of a shop", () => {
  let response: Awaited<ReturnType<typeof download>>;
  let folder: string;
  let listing: string[];
  let manifest: TenantExportManifest;

  beforeAll(async () => {
    response = await download(`/api/platform/tenants/${shopA.tenant.id}/export`, adminHost, adminCookie);
    ({ folder, listing } = extract(response.body));
    manifest = tenantExportManifestSchema.parse(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')));
  }, 120_000);

  it('is a gzipped tar named after the shop and the day, with the manifest and one JSON Lines file per table', () => {
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${shopA.tenant.subdomain}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz"$`));
    expect(response.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(listing).toContain('manifest.json');
    expect(new Set(listing)).toEqual(new Set(['manifest.json', ...manifest.tables.map((table) => table.file)]));
    expect(manifest.shop).toEqual({ id: shopA.tenant.id, name: shopA.tenant.name, subdomain: shopA.tenant.subdomain });
    expect(manifest.app.version).toBe(testApp.deps.config.version);
  });

  it("holds every tenant-owned table of the schema, each row count as count(*) in the shop's scope", async () => {
    const shopTables = manifest.tables.filter((table) => table.scope === 'shop').map((table) => table.table);
    // The schema's own list of tenant tables (the tenancy scan's), not the catalog query the export uses.
    for (const table of new Set(tenantTablesOfSchema().values())) expect(shopTables).toContain(table);
    for (const table of manifest.tables.filter((entry) => entry.scope === 'shop')) {
      const [counted] = await testApp.database.withTenant(shopA.tenant.id, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table.table)}`),
      );
      expect({ table: table.table, rows: table.rows }).toEqual({ table: table.table, rows: counted!.n });
      const rows = linesOf(folder, table.file);
      expect({ table: table.table, lines: rows.length }).toEqual({ table: table.table, lines: table.rows });
      for (const row of rows) expect(row.tenant_id).toBe(shopA.tenant.id);
    }
    const products = manifest.tables.find((table) => table.table === 'products');
    expect(products!.rows).toBeGreaterThan(PAGE_SPANNING_PRODUCTS);
    const productIds = linesOf(folder, 'products.jsonl').map((row) => row.id);
    expect(new Set(productIds).size).toBe(productIds.length);
  });

  it("carries the shop's platform rows and people: its row, its addresses, its members' accounts without passwords", async () => {
    const byTable = Object.fromEntries(manifest.tables.map((table) => [table.table, table]));
    expect(byTable.tenants).toMatchObject({ scope: 'platform', rows: 1 });
    expect(linesOf(folder, 'tenants.jsonl')[0]).toMatchObject({ id: shopA.tenant.id, subdomain: shopA.tenant.subdomain });
    const [domains] = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from tenant_domains where tenant_id = ${shopA.tenant.id}`);
    expect(byTable.tenant_domains!.rows).toBe(domains!.n);
    const people = linesOf(folder, 'users.jsonl');
    expect(people.map((person) => person.email).sort()).toEqual(Object.values(shopA.users).map((user) => user.email).sort());
    for (const person of people) expect(Object.keys(person).sort()).toEqual(['created_at', 'email', 'id', 'name']);
  });

  it('keeps a big row exactly, money in minor units and times as ISO 8601 UTC', async () => {
    const bigRow = linesOf(folder, 'products.jsonl').find((row) => row.name === 'Big row')!;
    expect(bigRow.description).toBe(bigDescription);
    const [stored] = await testApp.database.withTenant(shopA.tenant.id, (tx) => queryRows<{ created_at: Date | string }>(tx, sql`select created_at from products where id = ${bigRow.id as string}`));
    expect(bigRow.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/);
    expect(new Date(bigRow.created_at as string).getTime()).toBe(new Date(stored!.created_at).getTime());
    const variant = linesOf(folder, 'product_variants.jsonl').find((row) => row.product_id === bigRow.id)!;
    expect(variant).toMatchObject({ selling_price_minor: 12_345, cost_price_minor: 6_789 });
  });

  it("holds nothing of another shop", () => {
    for (const file of readdirSync(folder)) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect({ file, hasB: text.includes(shopBSecret) || text.includes(shopB.tenant.id) }).toEqual({ file, hasB: false });
    }
  });

  it("is recorded in the platform audit log and in the shop's own", async () => {
    const [platformEvent] = await testApp.database.platform
      .select()
      .from(platformAuditEvents)
      .where(and(eq(platformAuditEvents.action, 'tenant.exported'), eq(platformAuditEvents.tenantId, shopA.tenant.id)));
    expect(platformEvent).toMatchObject({ actorUserId: adminId, ipAddress: '198.51.100.40', details: { fileName: expect.stringMatching(/\.tar\.gz$/) } });
    const shopEvents = await testApp.database.withTenant(shopA.tenant.id, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'platform.data_exported')));
    expect(shopEvents).toEqual([expect.objectContaining({ actorUserId: adminId, ipAddress: '198.51.100.40' })]);
    const inB = await testApp.database.withTenant(shopB.tenant.id, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'platform.data_exported')));
    expect(inB).toEqual([]);
  });
});

describe("the owner's own export", () => {
  it('downloads the same shape for its own shop and records it in its audit log', async () => {
    const response = await download('/api/shop-export', shopB.host, shopB.cookies.owner);
    expect(response.status).toBe(200);
    const { folder } = extract(response.body);
    const manifest = tenantExportManifestSchema.parse(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')));
    expect(manifest.shop.id).toBe(shopB.tenant.id);
    expect(linesOf(folder, 'products.jsonl').map((row) => row.name)).toEqual([shopBSecret]);
    const events = await testApp.database.withTenant(shopB.tenant.id, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'export.archive')));
    expect(events).toEqual([expect.objectContaining({ actorUserId: shopB.users.owner.id })]);
  });
});

describe('tar writer', () => {
  const drain = async (stream: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  async function* inParts(parts: Buffer[]) {
    yield* parts;
  }
  /** Entries whose body is one buffer, or several chunks streamed one by one. */
  const archiveOf = (entries: { name: string; body: Buffer | Buffer[] }[]) =>
    drain(
      tarGzStream(
        entries.map(({ name, body }) => ({
          name,
          size: Array.isArray(body) ? body.reduce((sum, part) => sum + part.byteLength, 0) : body.byteLength,
          mtime: new Date('2026-01-02T03:04:05Z'),
          body: Array.isArray(body) ? inParts(body) : body,
        })),
      ),
    );

  it('writes names up to the ustar limits (100 bytes, and prefix + name), sizes on and off the 512-byte blocks', async () => {
    const hundred = `${'n'.repeat(94)}.jsonl`;
    const split = `${'d'.repeat(150)}/${'f'.repeat(94)}.jsonl`;
    const entries = [
      { name: hundred, body: Buffer.alloc(512, 'a') },
      { name: split, body: [Buffer.from('héllo '), Buffer.alloc(1000, 'z')] },
      { name: 'empty.jsonl', body: Buffer.alloc(0) },
    ];
    expect(Buffer.byteLength(hundred)).toBe(100);
    const { folder, listing } = extract(await archiveOf(entries));
    expect(listing).toEqual([hundred, split, 'empty.jsonl']);
    expect(readFileSync(join(folder, hundred))).toEqual(Buffer.alloc(512, 'a'));
    expect(readFileSync(join(folder, split)).toString()).toBe(`héllo ${'z'.repeat(1000)}`);
    expect(readFileSync(join(folder, 'empty.jsonl')).byteLength).toBe(0);
    const verbose = execFileSync('tar', ['-tvzf', '-', '--utc'], { input: await archiveOf(entries.slice(2)), encoding: 'utf8' });
    expect(verbose).toContain('2026-01-02 03:04');
  });

  it('refuses a name that does not fit, and a body longer or shorter than its size', async () => {
    await expect(archiveOf([{ name: 'x'.repeat(101), body: Buffer.alloc(1) }])).rejects.toThrow(/does not fit/);
    await expect(drain(tarGzStream([{ name: 'short.jsonl', size: 10, mtime: new Date(), body: Buffer.alloc(4) }]))).rejects.toThrow(/ended after 4 of 10 bytes/);
    await expect(drain(tarGzStream([{ name: 'long.jsonl', size: 2, mtime: new Date(), body: Buffer.alloc(4) }]))).rejects.toThrow(/longer than the 2 bytes/);
  });
});
