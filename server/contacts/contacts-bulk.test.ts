import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { CONTACT_IMPORT_COLUMNS, type ContactImportColumn } from '../../core/contacts/contact-import.rules';
import type { ContactImportPreview } from '../../core/contacts/contact-import.schemas';
import { parseCsv, serializeCsv } from '../../core/products/csv.rules';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { customerGroups } from '../db/schema/contacts';

let testApp: TestApp;

function upload(shop: TestShop, path: string, file: string | Buffer, options: { key?: string; as?: ShopRole } = {}) {
  const boundary = '----dukani-contact-import-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return testApp.request(path, {
    method: 'POST',
    host: shop.host,
    rawBody: Buffer.concat([head, Buffer.isBuffer(file) ? file : Buffer.from(file), tail]),
    headers: {
      connection: 'close',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: shop.cookies[options.as ?? 'owner'],
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
}
const preview = (shop: TestShop, file: string) => upload(shop, '/api/contacts/import/preview', file);
const importFile = (shop: TestShop, file: string, key?: string) => upload(shop, '/api/contacts/import', file, { key });

type Row = Partial<Record<ContactImportColumn, string>>;
const csv = (rows: Row[], columns: readonly ContactImportColumn[] = CONTACT_IMPORT_COLUMNS) =>
  serializeCsv([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);

interface StoredContact {
  name: string;
  type: string;
  phone: string | null;
  email: string | null;
  kra_pin: string | null;
  tags: string[];
  group_name: string | null;
  credit_limit_minor: number;
  customer_payment_terms_days: number;
  supplier_payment_terms_days: number;
  receivable: number | null;
  payable: number | null;
  entries: number;
}

async function contactsOf(shop: TestShop): Promise<StoredContact[]> {
  return testApp.database.withTenant(shop.tenant.id, (tx) =>
    queryRows<StoredContact>(
      tx,
      sql`select c.name, c.type, c.phone, c.email, c.kra_pin, c.tags, g.name as group_name, c.credit_limit_minor::int as credit_limit_minor,
                 c.customer_payment_terms_days, c.supplier_payment_terms_days,
                 (select balance_minor::int from contact_accounts a where a.contact_id = c.id and a.side = 'receivable') as receivable,
                 (select balance_minor::int from contact_accounts a where a.contact_id = c.id and a.side = 'payable') as payable,
                 (select count(*)::int from account_entries e where e.contact_id = c.id) as entries
          from contacts c left join customer_groups g on g.id = c.customer_group_id order by c.name_key`,
    ),
  );
}

async function addGroup(shop: TestShop, name: string) {
  await testApp.database.withTenant(shop.tenant.id, (tx) => tx.insert(customerGroups).values({ tenantId: shop.tenant.id, name, discountBps: 500 }));
}

// Amounts as people write them; the minor units below are worked out by hand.
const GOOD_ROWS: Row[] = [
  {
    type: 'customer',
    name: 'Mary Wambui',
    phone: '0712 345 678',
    email: 'Mary@Example.com',
    address: 'Kawangware, Nairobi',
    tags: 'regular | estate',
    customer_group: 'wholesale',
    credit_limit: '5,000',
    payment_terms_days: '30',
    opening_balance: '1,500.00',
  },
  { type: 'supplier', name: 'Brookside Dairy', phone: '254709876543', company: 'Brookside Dairy Ltd', kra_pin: 'p051234567x', payment_terms_days: '14', supplier_opening_balance: 'KES 24,500.29' },
  { type: 'both', name: 'Juma Hardware', phone: '+254 110 123 456', payment_terms_days: '7', supplier_payment_terms_days: '30', opening_balance: '-250.5', supplier_opening_balance: '1234567.89' },
];

let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  await addGroup(shop, 'Wholesale');
});
afterAll(() => testApp.close());

describe('the template', () => {
  it('is a CSV attachment with the import columns and example rows that import as they are', async () => {
    const response = await shop.call('GET', '/api/contacts/import/template.csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="contacts-template.csv"/);
    const parsed = parseCsv(response.text);
    expect(parsed.ok && parsed.records[0]!.fields).toEqual([...CONTACT_IMPORT_COLUMNS]);
    expect(parsed.ok && parsed.records.slice(1).map((record) => record.fields[1])).toEqual(['Mary Wambui', 'Brookside Dairy', 'Juma Hardware']);
    const other = await createTestShop(testApp);
    const checked = (await preview(other, response.text)).json<ContactImportPreview>();
    expect(checked).toMatchObject({ totalRows: 3, errorCount: 0 });
  });
});

describe('preview and import', () => {
  const badRows: Row[] = [
    ...GOOD_ROWS,
    { name: 'Bad Phone', phone: '0812 345' },
    { name: 'Bad PIN', kra_pin: 'A12345678B' },
    { name: 'Unknown Group', customer_group: 'VIP' },
    { name: 'Same phone', phone: '+254712345678' },
    { name: 'Float', opening_balance: '10.005' },
  ];

  it('checks every row and writes nothing', async () => {
    const response = await preview(shop, csv(badRows));
    expect(response.status).toBe(200);
    const body = response.json<ContactImportPreview>();
    expect(body).toMatchObject({ totalRows: 8, validCount: 3, errorCount: 5, receivableTotalMinor: 150000 - 25050 });
    // Rows as a spreadsheet numbers them: the header is row 1.
    const errorsOf = (row: number) => body.rows.find((item) => item.row === row)!.errors;
    expect(Object.keys(errorsOf(5))).toEqual(['phone']);
    expect(errorsOf(6).kra_pin).toEqual(['A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B']);
    expect(errorsOf(7).customer_group).toEqual(['Unknown customer group "VIP". Use one of: Wholesale']);
    expect(errorsOf(8).phone).toEqual(['Row 2 has the same phone number']);
    expect(Object.keys(errorsOf(9))).toEqual(['opening_balance']);
    // The values as they will be saved.
    const first = body.rows[0]!.values;
    expect(first).toMatchObject({ phone: '+254712345678', email: 'mary@example.com', tags: 'regular|estate', customer_group: 'Wholesale', credit_limit: '5000.00', opening_balance: '1500.00' });
    expect(await contactsOf(shop)).toEqual([]);
  });

  it('refuses a file with one bad row as a whole: 400 naming the row, nothing written', async () => {
    const response = await importFile(shop, csv([...GOOD_ROWS, { name: 'Bad PIN', kra_pin: 'A12345678B' }]), randomUUID());
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe('Row 5 has a problem; nothing was imported. Fix the file and upload it again.');
    expect(response.json().error.fields).toEqual({ 'row 5.kra_pin': ['A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B'] });
    expect(await contactsOf(shop)).toEqual([]);
    const [ledger] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ entries: number; accounts: number }>(tx, sql`select (select count(*)::int from account_entries) as entries, (select count(*)::int from contact_accounts) as accounts`),
    );
    expect(ledger).toEqual({ entries: 0, accounts: 0 });
  });

  it('imports the fixed file: every contact, E.164 phones, exact opening balances on their sides', async () => {
    const key = randomUUID();
    const response = await importFile(shop, csv(GOOD_ROWS), key);
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ createdCount: 3 });
    expect(await contactsOf(shop)).toEqual([
      {
        name: 'Brookside Dairy',
        type: 'supplier',
        phone: '+254709876543',
        email: null,
        kra_pin: 'P051234567X',
        tags: [],
        group_name: null,
        credit_limit_minor: 0,
        customer_payment_terms_days: 0,
        supplier_payment_terms_days: 14,
        receivable: null,
        payable: 2450029,
        entries: 1,
      },
      {
        name: 'Juma Hardware',
        type: 'both',
        phone: '+254110123456',
        email: null,
        kra_pin: null,
        tags: [],
        group_name: null,
        credit_limit_minor: 0,
        customer_payment_terms_days: 7,
        supplier_payment_terms_days: 30,
        receivable: -25050,
        payable: 123456789,
        entries: 2,
      },
      {
        name: 'Mary Wambui',
        type: 'customer',
        phone: '+254712345678',
        email: 'mary@example.com',
        kra_pin: null,
        tags: ['regular', 'estate'],
        group_name: 'Wholesale',
        credit_limit_minor: 500000,
        customer_payment_terms_days: 30,
        supplier_payment_terms_days: 0,
        receivable: 150000,
        payable: null,
        entries: 1,
      },
    ]);

    // A retry with the same key answers with the first result and writes nothing more.
    const retry = await importFile(shop, csv(GOOD_ROWS), key);
    expect(retry.status).toBe(200);
    expect(retry.json()).toEqual({ createdCount: 3 });
    expect(await contactsOf(shop)).toHaveLength(3);
    // The key with another file is refused.
    expect((await importFile(shop, csv(GOOD_ROWS.slice(0, 1)), key)).status).toBe(422);
  });

  it('refuses the same people again (phone or e-mail already in the shop), naming who has them', async () => {
    const response = await importFile(shop, csv([{ name: 'Mary W.', phone: '0712345678' }, { name: 'Other', email: 'MARY@example.com' }]), randomUUID());
    expect(response.status).toBe(400);
    expect(response.json().error.fields).toEqual({
      'row 2.phone': ['+254712345678 is already the phone number of Mary Wambui. Leave the row out (the contact exists).'],
      'row 3.email': ['mary@example.com is already the e-mail address of Mary Wambui. Leave the row out (the contact exists).'],
    });
    expect(await contactsOf(shop)).toHaveLength(3);
  });

  it('answers 400 with a message for files that are not contact CSVs', async () => {
    const noName = await preview(shop, 'phone,email\r\n0712345678,a@b.co\r\n');
    expect(noName.status).toBe(400);
    expect(noName.json().error.fields.file[0]).toMatch(/"name" column/);
    expect((await preview(shop, 'name\r\n')).status).toBe(400);
    expect((await upload(shop, '/api/contacts/import/preview', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).status).toBe(400);
  });

  it('refuses cashiers (403) and plans without bulk operations (402)', async () => {
    expect((await upload(shop, '/api/contacts/import/preview', csv(GOOD_ROWS), { as: 'cashier' })).status).toBe(403);
    expect((await upload(shop, '/api/contacts/import', csv(GOOD_ROWS), { as: 'cashier', key: randomUUID() })).status).toBe(403);
    expect((await upload(shop, '/api/contacts/import/preview', csv(GOOD_ROWS), { as: 'manager' })).status).toBe(200);
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    for (const path of ['/api/contacts/import/preview', '/api/contacts/import']) {
      const response = await upload(starter, path, csv(GOOD_ROWS), { key: randomUUID() });
      expect(response.status, path).toBe(402);
      expect(response.json().error.message).toBe(upgradeMessage('bulk_operations'));
    }
    expect((await starter.call('GET', '/api/contacts/import/template.csv')).status).toBe(402);
    expect(await contactsOf(starter)).toEqual([]);
  });
});

describe('export', () => {
  let exporter: TestShop;
  const exportCsv = async (from: TestShop, query = '', as: ShopRole = 'owner') => from.call('GET', `/api/contacts/export.csv${query}`, { as });

  beforeAll(async () => {
    exporter = await createTestShop(testApp, { plan: 'Professional' });
    await addGroup(exporter, 'Wholesale');
    const rows: Row[] = [
      ...GOOD_ROWS,
      // Cells a spreadsheet would run as formulas, and text with commas, quotes and line breaks.
      { name: '=HYPERLINK("http://evil.example","Click")', notes: '+254 call "after 5", please\nback door', company: '@risk, Ltd', tags: '-vip' },
    ];
    expect((await importFile(exporter, csv(rows), randomUUID())).status).toBe(201);
  });

  it('writes a UTF-8 CSV with a byte order mark, balances as opening balances, formula cells escaped', async () => {
    const response = await exportCsv(exporter);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.text.charCodeAt(0)).toBe(0xfeff);
    const parsed = parseCsv(response.text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...records] = parsed.records.map((record) => record.fields);
    expect(header).toEqual([...CONTACT_IMPORT_COLUMNS]);
    const byName = new Map(records.map((fields) => [fields[1], Object.fromEntries(CONTACT_IMPORT_COLUMNS.map((column, index) => [column, fields[index]]))]));
    expect(byName.get('Mary Wambui')).toMatchObject({ phone: "'+254712345678", customer_group: 'Wholesale', credit_limit: '5000.00', opening_balance: '1500.00', supplier_opening_balance: '' });
    expect(byName.get('Juma Hardware')).toMatchObject({ opening_balance: '-250.50', supplier_opening_balance: '1234567.89', payment_terms_days: '7', supplier_payment_terms_days: '30' });
    const formula = byName.get(`'=HYPERLINK("http://evil.example","Click")`);
    expect(formula).toMatchObject({ notes: `'+254 call "after 5", please\nback door`, company: "'@risk, Ltd", tags: "'-vip" });
  });

  it('takes the list filters', async () => {
    const names = async (query: string) => {
      const parsed = parseCsv((await exportCsv(exporter, query)).text);
      return parsed.ok ? parsed.records.slice(1).map((record) => record.fields[1]) : [];
    };
    expect(await names('?type=supplier')).toEqual(['Brookside Dairy', 'Juma Hardware']);
    expect(await names('?q=2547123')).toEqual(['Mary Wambui']);
    expect(await names('?q=brookside')).toEqual(['Brookside Dairy']);
    expect(await names('?balance=deposit')).toEqual(['Juma Hardware']);
    expect(await names('?archived=archived')).toEqual([]);
  });

  it('re-imports into another shop as the same contacts and balances (round trip)', async () => {
    const exported = (await exportCsv(exporter)).text;
    const target = await createTestShop(testApp);
    await addGroup(target, 'Wholesale');
    const imported = await importFile(target, exported, randomUUID());
    expect(imported.status).toBe(201);
    expect(imported.json()).toEqual({ createdCount: 4 });
    expect(await contactsOf(target)).toEqual(await contactsOf(exporter));
    expect((await contactsOf(target)).find((row) => row.name.startsWith('=HYPERLINK'))).toBeDefined();
    // And its export is the same file, line for line.
    expect((await exportCsv(target)).text).toBe(exported);
  });

  it('keeps shops apart: another shop’s export has none of these rows', async () => {
    const other = await createTestShop(testApp, { plan: 'Professional' });
    const response = await exportCsv(other);
    expect(response.status).toBe(200);
    expect(response.text).toBe(`\uFEFF${serializeCsv([[...CONTACT_IMPORT_COLUMNS]])}`);
  });

  it('is for managers (cashier 403) on plans with data export (Starter 402)', async () => {
    expect((await exportCsv(exporter, '', 'cashier')).status).toBe(403);
    expect((await exportCsv(exporter, '', 'manager')).status).toBe(200);
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const response = await exportCsv(starter);
    expect(response.status).toBe(402);
    expect(response.json().error.message).toBe(upgradeMessage('data_export'));
  });
});
