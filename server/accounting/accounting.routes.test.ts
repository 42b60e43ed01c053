import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAccount } from '../../core/accounting/accounting.schemas';
import { SOURCE_TYPE_LABELS, SOURCE_TYPES } from '../../core/accounting/posting';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { calendarDayIn } from '../expenses/recurring-schedule';
import { postEntry } from './posting';
import { postDueRecurringEntries } from './recurring-journals.service';
import { readSourceLinks } from './source-links';

// The accounting API (issue 17): the chart, manual entries (balanced, once per Idempotency-Key,
// never on or before the lock date), reversals (once), the journal's filters, vouchers, recurring
// entries posted by the job each date once, the settings, the overview; managers read, admins
// write, a Starter shop is refused with 402, and one shop never sees another's books.

let testApp: TestApp;
let shop: TestShop;
let otherShop: TestShop;
let starterShop: TestShop;
let accounts: Map<string, LedgerAccount>;
let contactId: string;
let securityId: string;
let capitalEntryId: string;
let securityEntryId: string;

const tenantId = () => shop.tenant.id;
/** The shop's today (Africa/Nairobi), as the server dates "to date" and "this month". */
const shopToday = () => calendarDayIn(new Date(), 'Africa/Nairobi');

const entryCount = async (target: TestShop = shop) =>
  (await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<{ count: number }>(tx, sql`select count(*)::int as count from journal_entries`)))[0]!.count;

async function readChart(target: TestShop = shop): Promise<Map<string, LedgerAccount>> {
  const response = await target.call('GET', '/api/accounting/accounts', { as: 'manager' });
  expect(response.status).toBe(200);
  return new Map(response.json<{ items: LedgerAccount[] }>().items.map((account) => [account.code, account]));
}

const idOf = (code: string) => accounts.get(code)!.id;

interface LineInput {
  accountId: string;
  debitMinor?: number;
  creditMinor?: number;
  description?: string | null;
  contactId?: string | null;
  locationId?: string | null;
}

const entryBody = (entryDate: string, memo: string, lines: LineInput[], attachment: string | null = null) => ({ entryDate, memo, lines, attachment });

const postManual = (body: unknown, options: { as?: ShopRole; key?: string; target?: TestShop } = {}) =>
  (options.target ?? shop).call('POST', '/api/accounting/journal', { as: options.as ?? 'owner', body, idempotencyKey: options.key ?? randomUUID() });

function upload(target: TestShop, bytes: Buffer, as: ShopRole = 'owner') {
  const boundary = '----dukani-journal-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="voucher.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return testApp.request('/api/accounting/attachments', {
    method: 'POST',
    host: target.host,
    rawBody: Buffer.concat([head, bytes, tail]),
    headers: { connection: 'close', 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: target.cookies[as] },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  otherShop = await createTestShop(testApp);
  starterShop = await createTestShop(testApp, { plan: 'Starter' });
  // The shop's expense categories (the defaults, made on the first read) get an account each.
  expect((await shop.call('GET', '/api/expense-categories', { as: 'manager' })).status).toBe(200);
  contactId = (await shop.call('POST', '/api/contacts', { body: { name: 'Mama Njeri Security', type: 'supplier' } })).json().id;
}, 120_000);
afterAll(() => testApp.close());

describe('who may use the accounting API', () => {
  it('answers 402 with the upgrade message on the Starter plan, reads and writes alike', async () => {
    const read = await starterShop.call('GET', '/api/accounting/accounts');
    expect(read.status).toBe(402);
    expect(read.json().error.message).toBe('Upgrade to Pro for the double-entry ledger, VAT returns and financial statements.');
    expect((await starterShop.call('GET', '/api/accounting/overview')).status).toBe(402);
    const balanced = entryBody('2026-10-05', 'Capital', [
      { accountId: randomUUID(), debitMinor: 1_000 },
      { accountId: randomUUID(), creditMinor: 1_000 },
    ]);
    expect((await postManual(balanced, { target: starterShop })).status).toBe(402);
  });

  it('refuses a cashier, lets a manager read but not post, an admin post', async () => {
    expect((await shop.call('GET', '/api/accounting/accounts', { as: 'cashier' })).status).toBe(403);
    expect((await shop.call('GET', '/api/accounting/journal', { as: 'cashier' })).status).toBe(403);
    expect((await shop.call('GET', '/api/accounting/journal', { as: 'manager' })).status).toBe(200);
    expect((await shop.call('GET', '/api/accounting/settings', { as: 'manager' })).status).toBe(200);
    expect((await shop.call('POST', '/api/accounting/accounts', { as: 'manager', body: { code: '6990', name: 'Tea', type: 'expense' } })).status).toBe(403);
    expect((await shop.call('PUT', '/api/accounting/settings', { as: 'manager', body: { valueLoyaltyPoints: true } })).status).toBe(403);
    expect((await upload(shop, Buffer.from('%PDF-1.4\n'), 'manager')).status).toBe(403);
    const before = await entryCount();
    const chart = await readChart();
    const manual = entryBody('2026-10-05', 'Capital', [
      { accountId: chart.get('1050')!.id, debitMinor: 1_000 },
      { accountId: chart.get('3000')!.id, creditMinor: 1_000 },
    ]);
    expect((await postManual(manual, { as: 'manager' })).status).toBe(403);
    expect(await entryCount()).toBe(before);
  });
});

describe('the chart of accounts', () => {
  it('lists the Kenyan chart, the location’s cash account and one account per expense category, with nothing posted', async () => {
    accounts = await readChart();
    expect(accounts.get('1000')).toMatchObject({ name: 'Cash on hand', type: 'asset', systemKey: 'cash', parentId: null, isArchived: false, balanceMinor: 0, hasPostings: false });
    expect(accounts.get('1001')).toMatchObject({ name: 'Cash at Main shop', type: 'asset', systemKey: 'cash_location', parentId: idOf('1000') });
    expect(accounts.get('1050')).toMatchObject({ name: 'Bank', systemKey: 'bank' });
    expect(accounts.get('4900')).toMatchObject({ name: 'Sales returns', type: 'income', parentId: idOf('4000') });
    const categoryAccounts = [...accounts.values()].filter((account) => account.systemKey === 'expense_category');
    // The ten default categories, under Operating expenses, numbered from 6001.
    expect(categoryAccounts).toHaveLength(10);
    expect(categoryAccounts.every((account) => account.parentId === idOf('6000') && account.type === 'expense' && /^60\d\d$/.test(account.code))).toBe(true);
    expect(categoryAccounts.map((account) => account.name)).toContain('Rent');
    expect([...accounts.values()].every((account) => account.balanceMinor === 0 && !account.hasPostings)).toBe(true);
  });

  it('adds an account under a parent of its type; a taken code or a parent of another type is refused', async () => {
    const created = await shop.call('POST', '/api/accounting/accounts', { body: { code: '6950', name: 'Security', type: 'expense', parentId: idOf('6000'), description: 'Night guard' } });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ code: '6950', name: 'Security', type: 'expense', systemKey: null, parentId: idOf('6000'), description: 'Night guard', balanceMinor: 0, hasPostings: false });
    securityId = created.json().id;

    const taken = await shop.call('POST', '/api/accounting/accounts', { body: { code: '1050', name: 'Second bank', type: 'asset' } });
    expect(taken.status).toBe(409);
    expect(taken.json().error.fields.code).toEqual(['Another account has this code']);
    const wrongParent = await shop.call('POST', '/api/accounting/accounts', { body: { code: '6960', name: 'Cleaning', type: 'expense', parentId: idOf('1050') } });
    expect(wrongParent.status).toBe(400);
    expect(wrongParent.json().error.fields.parentId).toEqual(['Choose a parent of the same type']);
    const underItself = await shop.call('PATCH', `/api/accounting/accounts/${idOf('6000')}`, { body: { parentId: securityId } });
    expect(underItself.status).toBe(400);
    expect(underItself.json().error.fields.parentId).toEqual(['An account cannot go under itself or one of its sub-accounts']);
    accounts = await readChart();
  });
});

describe('manual entries', () => {
  it('posts a balanced entry once per Idempotency-Key and shows it in the journal with its lines', async () => {
    const key = randomUUID();
    const body = entryBody('2026-10-05', 'Owner puts in capital', [
      { accountId: idOf('1050'), debitMinor: 5_000_000, description: 'Equity Bank' },
      { accountId: idOf('3000'), creditMinor: 5_000_000 },
    ]);
    const first = await postManual(body, { key });
    const again = await postManual(body, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await entryCount()).toBe(1);
    expect(first.json()).toMatchObject({
      number: 'JE-000001',
      entryDate: '2026-10-05',
      sourceType: 'manual',
      sourceId: null,
      source: { label: 'Manual entry', href: null },
      memo: 'Owner puts in capital',
      totalMinor: 5_000_000,
      reversesEntryId: null,
      reversedByEntryId: null,
      hasAttachment: false,
      createdByName: 'Shop owner',
      lines: [
        { lineNo: 1, accountCode: '1050', accountName: 'Bank', debitMinor: 5_000_000, creditMinor: 0, description: 'Equity Bank', contactId: null, locationId: null },
        { lineNo: 2, accountCode: '3000', accountName: 'Owner’s capital', debitMinor: 0, creditMinor: 5_000_000, description: null },
      ],
    });
    capitalEntryId = first.json().id;

    const reused = await postManual({ ...body, memo: 'Something else' }, { key });
    expect(reused.status).toBe(422);
    expect(await entryCount()).toBe(1);

    const journal = await shop.call('GET', '/api/accounting/journal', { as: 'manager' });
    expect(journal.json()).toMatchObject({ total: 1, page: 1, pageSize: 25, items: [{ id: capitalEntryId, number: 'JE-000001', lines: [{ debitMinor: 5_000_000 }, { creditMinor: 5_000_000 }] }] });
  });

  it('refuses an unbalanced entry with "Debits and credits must be equal", and writes nothing', async () => {
    const before = await entryCount();
    const response = await postManual(
      entryBody('2026-10-06', 'Lopsided', [
        { accountId: idOf('1050'), debitMinor: 5_000 },
        { accountId: idOf('3000'), creditMinor: 4_000 },
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.json().error.fields.lines).toEqual(['Debits and credits must be equal']);
    const bothSides = await postManual(entryBody('2026-10-06', 'Both', [{ accountId: idOf('1050'), debitMinor: 5_000, creditMinor: 5_000 }, { accountId: idOf('3000') }]));
    expect(bothSides.status).toBe(400);
    expect(bothSides.json().error.fields['lines.0.debitMinor']).toEqual(['Enter a debit or a credit, not both']);
    const unknown = await postManual(entryBody('2026-10-06', 'Nowhere', [{ accountId: randomUUID(), debitMinor: 5_000 }, { accountId: idOf('3000'), creditMinor: 5_000, contactId: randomUUID() }]));
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'lines.0.accountId': ['Account not found'], 'lines.1.contactId': ['Contact not found'] });
    // Receivables follow the customers' balances: a payment or a credit note changes them, not an entry by hand.
    const control = await postManual(entryBody('2026-10-06', 'Debt', [{ accountId: idOf('1100'), debitMinor: 5_000, contactId }, { accountId: idOf('4500'), creditMinor: 5_000 }]));
    expect(control.status).toBe(400);
    expect(control.json().error.fields).toEqual({ 'lines.0.accountId': ['Accounts receivable follows its own ledger: record a payment, credit note or stock change instead'] });
    expect(await entryCount()).toBe(before);
  });

  it('names the contact and location of each line', async () => {
    // 2,000,000 + 320,000 VAT (16%) paid from the bank.
    const response = await postManual(
      entryBody('2026-10-20', 'October security', [
        { accountId: securityId, debitMinor: 2_000_000, contactId, locationId: shop.defaultLocationId },
        { accountId: idOf('1300'), debitMinor: 320_000 },
        { accountId: idOf('1050'), creditMinor: 2_320_000 },
      ]),
    );
    expect(response.status).toBe(201);
    securityEntryId = response.json().id;
    expect(response.json()).toMatchObject({
      number: 'JE-000002',
      totalMinor: 2_320_000,
      lines: [
        { accountCode: '6950', debitMinor: 2_000_000, contactId, contactName: 'Mama Njeri Security', locationId: shop.defaultLocationId, locationName: 'Main shop' },
        { accountCode: '1300', accountName: 'VAT input', debitMinor: 320_000 },
        { accountCode: '1050', creditMinor: 2_320_000, contactName: null, locationName: null },
      ],
    });
  });

  it('gives each account its balance to date', async () => {
    accounts = await readChart();
    // Bank: 5,000,000 in − 2,320,000 out = 2,680,000. Capital (a credit account): 5,000,000.
    expect(accounts.get('1050')).toMatchObject({ balanceMinor: 2_680_000, hasPostings: true });
    expect(accounts.get('3000')).toMatchObject({ balanceMinor: 5_000_000, hasPostings: true });
    expect(accounts.get('6950')).toMatchObject({ balanceMinor: 2_000_000, hasPostings: true });
    expect(accounts.get('1300')).toMatchObject({ balanceMinor: 320_000, hasPostings: true });
    const others = [...accounts.values()].filter((account) => !['1050', '3000', '6950', '1300'].includes(account.code));
    expect(others.every((account) => account.balanceMinor === 0 && !account.hasPostings)).toBe(true);
  });

  it('filters, searches and sorts the journal', async () => {
    const ids = async (query: string) => (await shop.call('GET', `/api/accounting/journal?${query}`, { as: 'manager' })).json<{ items: { id: string }[] }>().items.map((item) => item.id);
    expect(await ids('sort=oldest')).toEqual([capitalEntryId, securityEntryId]);
    expect(await ids('sort=newest')).toEqual([securityEntryId, capitalEntryId]);
    expect(await ids('sort=total')).toEqual([capitalEntryId, securityEntryId]);
    expect(await ids('search=JE-000002')).toEqual([securityEntryId]);
    expect(await ids('search=2')).toEqual([securityEntryId]);
    expect(await ids('search=SECURITY')).toEqual([securityEntryId]);
    expect(await ids(`accountId=${idOf('1050')}`)).toEqual([securityEntryId, capitalEntryId]);
    expect(await ids(`accountId=${securityId}`)).toEqual([securityEntryId]);
    expect(await ids('from=2026-10-10&to=2026-10-31')).toEqual([securityEntryId]);
    expect(await ids('sourceType=sale')).toEqual([]);
    const paged = await shop.call('GET', '/api/accounting/journal?pageSize=1&page=2&sort=oldest', { as: 'manager' });
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: securityEntryId }] });
  });

  it('reverses an entry once, the same lines the other way', async () => {
    const reversal = await shop.call('POST', `/api/accounting/journal/${securityEntryId}/reverse`, { body: { entryDate: '2026-10-31' } });
    expect(reversal.status).toBe(201);
    expect(reversal.json()).toMatchObject({
      number: 'JE-000003',
      entryDate: '2026-10-31',
      sourceType: 'reversal',
      sourceId: securityEntryId,
      reversesEntryId: securityEntryId,
      memo: 'Reversal of JE-000002',
      source: { label: 'Reversal of JE-000002', href: `/admin/accounting/journal/${securityEntryId}` },
      totalMinor: 2_320_000,
      lines: [
        { accountCode: '6950', debitMinor: 0, creditMinor: 2_000_000, contactId, locationId: shop.defaultLocationId },
        { accountCode: '1300', debitMinor: 0, creditMinor: 320_000 },
        { accountCode: '1050', debitMinor: 2_320_000, creditMinor: 0 },
      ],
    });
    const original = await shop.call('GET', `/api/accounting/journal/${securityEntryId}`, { as: 'manager' });
    expect(original.json().reversedByEntryId).toBe(reversal.json().id);

    const before = await entryCount();
    const twice = await shop.call('POST', `/api/accounting/journal/${securityEntryId}/reverse`, { body: {} });
    expect(twice.status).toBe(409);
    expect(twice.json().error.message).toBe('This entry was already reversed by JE-000003');
    expect(await entryCount()).toBe(before);

    accounts = await readChart();
    // Bank: 2,680,000 + 2,320,000 = 5,000,000; Security and VAT input back to zero, their postings kept.
    expect(accounts.get('1050')!.balanceMinor).toBe(5_000_000);
    expect(accounts.get('6950')).toMatchObject({ balanceMinor: 0, hasPostings: true });
    expect(accounts.get('1300')).toMatchObject({ balanceMinor: 0, hasPostings: true });
  });

  it('leaves an entry a document posted to the document: no reversal by hand', async () => {
    // A sale of 1,160 shillings cash at 16% VAT, posted today as the sale's rule would.
    const posted = await testApp.database.withTenant(tenantId(), (tx) =>
      postEntry(tx, tenantId(), {
        sourceType: 'sale',
        sourceId: randomUUID(),
        entryDate: shopToday(),
        memo: 'Sale',
        lines: [
          { account: { key: 'cash_location', locationId: shop.defaultLocationId }, amountMinor: 116_000, locationId: shop.defaultLocationId },
          { account: { key: 'sales_band', taxClass: 'standard' }, amountMinor: -100_000, locationId: shop.defaultLocationId },
          { account: { key: 'vat_output_band', taxClass: 'standard' }, amountMinor: -16_000, locationId: shop.defaultLocationId },
        ],
      }),
    );
    const refused = await shop.call('POST', `/api/accounting/journal/${posted!.entryId}/reverse`, { body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json().error.message).toBe('A document posted this entry: correct the document instead (a return, a void, a credit note)');
    // Its document is gone (made up here): the source is the type's name without a page.
    expect((await shop.call('GET', `/api/accounting/journal/${posted!.entryId}`, { as: 'manager' })).json().source).toEqual({ label: 'Sale', href: null });
  });
});

describe('the overview', () => {
  it('shows cash, bank and this month’s income, profit and VAT', async () => {
    const response = await shop.call('GET', '/api/accounting/overview', { as: 'manager' });
    expect(response.status).toBe(200);
    const today = shopToday();
    const [year, month] = today.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    // Cash: the sale's 116,000. Bank: 5,000,000 (capital; the security payment was reversed).
    // This month: only the sale, 100,000 of income and 16,000 of output VAT; October's entries are not in it.
    expect(response.json()).toMatchObject({
      cashMinor: 116_000,
      bankMinor: 5_000_000,
      mpesaMinor: 0,
      receivableMinor: 0,
      payableMinor: 0,
      monthIncomeMinor: 100_000,
      monthExpensesMinor: 0,
      monthProfitMinor: 100_000,
      monthFrom: `${today.slice(0, 7)}-01`,
      monthTo: `${today.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`,
      vatDueMinor: 16_000,
      lockDate: null,
    });
  });
});

describe('changing and removing accounts', () => {
  it('deletes only an account the shop added without postings; otherwise says to archive it', async () => {
    const posted = await shop.call('DELETE', `/api/accounting/accounts/${securityId}`);
    expect(posted.status).toBe(409);
    expect(posted.json().error.message).toBe('This account has postings: archive it instead');
    const system = await shop.call('DELETE', `/api/accounting/accounts/${idOf('1040')}`);
    expect(system.status).toBe(409);
    expect(system.json().error.message).toBe('Automatic postings use this account: it cannot be deleted');

    const float = await shop.call('POST', '/api/accounting/accounts', { body: { code: '1990', name: 'Petty float', type: 'asset' } });
    expect((await shop.call('DELETE', `/api/accounting/accounts/${float.json().id}`, { as: 'manager' })).status).toBe(403);
    expect((await shop.call('DELETE', `/api/accounting/accounts/${float.json().id}`)).status).toBe(204);
    expect((await readChart()).has('1990')).toBe(false);
  });

  it('renames and renumbers; archives an account at a zero balance, which then takes no entries by hand', async () => {
    const renamed = await shop.call('PATCH', `/api/accounting/accounts/${securityId}`, { body: { name: 'Security services', code: '6951' } });
    expect(renamed.json()).toMatchObject({ code: '6951', name: 'Security services', description: 'Night guard', type: 'expense' });
    const retyped = await shop.call('PATCH', `/api/accounting/accounts/${securityId}`, { body: { type: 'asset' } });
    expect(retyped.status).toBe(409);
    expect(retyped.json().error.fields.type).toEqual(['This account has postings: its type cannot change']);
    const bank = await shop.call('PATCH', `/api/accounting/accounts/${idOf('1050')}`, { body: { isArchived: true } });
    expect(bank.status).toBe(409);
    expect(bank.json().error.fields.isArchived).toEqual(['Automatic postings use this account: it cannot be archived']);

    const archived = await shop.call('PATCH', `/api/accounting/accounts/${securityId}`, { body: { isArchived: true } });
    expect(archived.json()).toMatchObject({ isArchived: true, balanceMinor: 0 });
    const before = await entryCount();
    const refused = await postManual(entryBody('2026-11-02', 'Guard', [{ accountId: securityId, debitMinor: 1_000 }, { accountId: idOf('1050'), creditMinor: 1_000 }]));
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields['lines.0.accountId']).toEqual(['Security services is archived: choose another account']);
    expect(await entryCount()).toBe(before);
    // The journal shows the account as it is called now.
    expect((await shop.call('GET', `/api/accounting/journal/${securityEntryId}`, { as: 'manager' })).json().lines[0]).toMatchObject({ accountCode: '6951', accountName: 'Security services' });
    accounts = await readChart();
  });
});

describe('vouchers', () => {
  it('stores a photo judged by its bytes, posts an entry naming it and serves it back', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3060d0' } }).jpeg().toBuffer();
    const uploaded = await upload(shop, photo);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json()).toMatchObject({ type: 'image/jpeg', file: expect.stringMatching(/^journal-[a-f0-9]{32}\.jpg$/) });
    const notAPhoto = await upload(shop, Buffer.from('MZ not a photo at all'));
    expect(notAPhoto.status).toBe(400);
    expect(notAPhoto.json().error.fields.file).toEqual(['Use a photo (JPEG, PNG or WebP) or a PDF']);

    const lines = [
      { accountId: idOf('1000'), debitMinor: 50_000 },
      { accountId: idOf('1050'), creditMinor: 50_000 },
    ];
    const neverUploaded = await postManual(entryBody('2026-11-03', 'Float from the bank', lines, `journal-${'0'.repeat(32)}.pdf`));
    expect(neverUploaded.status).toBe(400);
    expect(neverUploaded.json().error.fields.attachment).toEqual(['Upload the file again']);
    const notAVoucher = await postManual(entryBody('2026-11-03', 'Float from the bank', lines, `../expense-${'0'.repeat(32)}.pdf`));
    expect(notAVoucher.status).toBe(400);
    expect(notAVoucher.json().error.fields.attachment).toEqual(['Upload the file again']);

    const posted = await postManual(entryBody('2026-11-03', 'Float from the bank', lines, uploaded.json().file));
    expect(posted.status).toBe(201);
    expect(posted.json().hasAttachment).toBe(true);
    const file = await testApp.request(`/api/accounting/journal/${posted.json().id}/attachment`, { host: shop.host, headers: { cookie: shop.cookies.manager, connection: 'close' } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const none = await shop.call('GET', `/api/accounting/journal/${capitalEntryId}/attachment`, { as: 'manager' });
    expect(none.status).toBe(404);
    expect(none.json().error.message).toBe('No file attached');
  });
});

describe('the lock date and the settings', () => {
  it('refuses a manual entry on or before the lock date, whatever the policy, and writes nothing; the change is audited', async () => {
    const locked = await shop.call('PUT', '/api/accounting/settings', { body: { lockDate: '2026-10-31' } });
    expect(locked.status).toBe(200);
    expect(locked.json()).toMatchObject({ lockDate: '2026-10-31', lockPolicy: 'refuse' });
    const [audit] = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ actor_user_id: string; before: unknown; after: unknown }>(tx, sql`select actor_user_id, before, after from audit_events where action = 'accounting.lock_date'`),
    );
    expect(audit).toEqual({ actor_user_id: shop.users.owner.id, before: { lockDate: null, lockPolicy: 'refuse' }, after: { lockDate: '2026-10-31', lockPolicy: 'refuse' } });

    const before = await entryCount();
    const lines = [
      { accountId: idOf('1050'), debitMinor: 1_000 },
      { accountId: idOf('3000'), creditMinor: 1_000 },
    ];
    for (const lockPolicy of ['refuse', 'next_open_day'] as const) {
      expect((await shop.call('PUT', '/api/accounting/settings', { body: { lockPolicy } })).status).toBe(200);
      const refused = await postManual(entryBody('2026-10-31', 'Late capital', lines));
      expect(refused.status).toBe(422);
      expect(refused.json().error.fields.entryDate).toEqual(['The books are locked up to 2026-10-31: choose a later date']);
    }
    const reversal = await shop.call('POST', `/api/accounting/journal/${capitalEntryId}/reverse`, { body: { entryDate: '2026-10-15' } });
    expect(reversal.status).toBe(422);
    expect(reversal.json().error.fields.entryDate).toEqual(['The books are locked up to 2026-10-31: choose a later date']);
    expect(await entryCount()).toBe(before);

    const today = await shop.call('PUT', '/api/accounting/settings', { body: { lockDate: shopToday() } });
    expect(today.status).toBe(400);
    expect(today.json().error.fields.lockDate).toEqual(['The lock date must be before today']);
  });

  it('sends a tender to an asset account of the shop, and nowhere else', async () => {
    const notAnAsset = await shop.call('PUT', '/api/accounting/settings', { body: { tenderAccounts: { mpesa: idOf('3000'), card: randomUUID(), bank_transfer: idOf('1200') } } });
    expect(notAnAsset.status).toBe(400);
    // Capital is equity; the card's account is no account of this shop; inventory follows the stock valuation.
    expect(notAnAsset.json().error.fields).toEqual({
      'tenderAccounts.mpesa': ['Choose an asset account in use'],
      'tenderAccounts.card': ['Choose an asset account in use'],
      'tenderAccounts.bank_transfer': ['Choose an asset account in use'],
    });
    const chosen = await shop.call('PUT', '/api/accounting/settings', { body: { tenderAccounts: { mpesa: idOf('1050') }, valueLoyaltyPoints: true } });
    expect(chosen.status).toBe(200);
    // M-Pesa goes to the bank; card and bank transfers keep their default accounts. The lock date stays.
    expect(chosen.json()).toMatchObject({
      lockDate: '2026-10-31',
      lockPolicy: 'next_open_day',
      tenderAccounts: { mpesa: idOf('1050'), card: idOf('1040'), bank_transfer: idOf('1050') },
      valueLoyaltyPoints: true,
    });
    const tenderAccount = await shop.call('PATCH', `/api/accounting/accounts/${idOf('1050')}`, { body: { code: '1055' } });
    expect(tenderAccount.status).toBe(200);
    accounts = await readChart();
  });
});

describe('recurring entries', () => {
  it('posts each due date once when the job runs twice, and moves a locked date to the day after the lock date', async () => {
    const rentId = [...accounts.values()].find((account) => account.name === 'Rent')!.id;
    const rentBalance = async () => [...(await readChart()).values()].find((account) => account.id === rentId)!.balanceMinor;
    const lines = [
      { accountId: rentId, debitMinor: 3_000_000 },
      { accountId: idOf('1055'), creditMinor: 3_000_000 },
    ];
    const inLockedPeriod = await shop.call('POST', '/api/accounting/recurring-entries', { body: { memo: 'Rent', frequency: 'monthly', startDate: '2026-07-31', lines } });
    expect(inLockedPeriod.status).toBe(422);
    expect(inLockedPeriod.json().error.fields.startDate).toEqual(['The books are locked up to 2026-10-31: choose a later date']);
    expect((await shop.call('POST', '/api/accounting/recurring-entries', { as: 'manager', body: { memo: 'Rent', frequency: 'monthly', startDate: '2026-11-30', lines } })).status).toBe(403);

    expect((await shop.call('PUT', '/api/accounting/settings', { body: { lockDate: null } })).status).toBe(200);
    const rent = await shop.call('POST', '/api/accounting/recurring-entries', { body: { memo: 'Rent', frequency: 'monthly', startDate: '2026-07-31', endDate: '2026-10-31', lines } });
    expect(rent.status).toBe(201);
    expect(rent.json()).toMatchObject({ memo: 'Rent', frequency: 'monthly', startDate: '2026-07-31', endDate: '2026-10-31', nextDate: '2026-07-31', isActive: true, totalMinor: 3_000_000, lastRunDate: null });

    const before = await entryCount();
    // 31 Jul, 31 Aug, 30 Sep (a 30-day month), 31 Oct, then the end date.
    expect(await postDueRecurringEntries(testApp.database, new Date())).toBe(4);
    expect(await postDueRecurringEntries(testApp.database, new Date())).toBe(0);
    expect(await entryCount()).toBe(before + 4);
    // 4 × 3,000,000.
    expect(await rentBalance()).toBe(12_000_000);

    const guard = await shop.call('POST', '/api/accounting/recurring-entries', {
      body: {
        memo: 'Guard',
        frequency: 'weekly',
        startDate: '2026-11-02',
        endDate: '2026-11-09',
        lines: [
          { accountId: idOf('1000'), creditMinor: 70_000 },
          { accountId: rentId, debitMinor: 70_000 },
        ],
      },
    });
    expect(guard.status).toBe(201);
    // The books are then locked over the guard's first date (2 Nov): it posts on 6 Nov, the day after the lock date; 9 Nov as it is.
    expect((await shop.call('PUT', '/api/accounting/settings', { body: { lockDate: '2026-11-05' } })).status).toBe(200);
    expect(await postDueRecurringEntries(testApp.database, new Date())).toBe(2);
    expect(await postDueRecurringEntries(testApp.database, new Date())).toBe(0);
    // 12,000,000 + 2 × 70,000.
    expect(await rentBalance()).toBe(12_140_000);

    const posted = (await shop.call('GET', '/api/accounting/journal?sourceType=recurring_journal&sort=oldest', { as: 'manager' })).json<{
      items: { entryDate: string; memo: string; totalMinor: number; source: unknown }[];
    }>();
    expect(posted.items.map((entry) => [entry.entryDate, entry.memo, entry.totalMinor])).toEqual([
      ['2026-07-31', 'Rent', 3_000_000],
      ['2026-08-31', 'Rent', 3_000_000],
      ['2026-09-30', 'Rent', 3_000_000],
      ['2026-10-31', 'Rent', 3_000_000],
      ['2026-11-06', 'Guard', 70_000],
      ['2026-11-09', 'Guard', 70_000],
    ]);
    expect(posted.items[0]!.source).toEqual({ label: 'Recurring entry', href: null });
    const list = (await shop.call('GET', '/api/accounting/recurring-entries', { as: 'manager' })).json<{ items: { memo: string; nextDate: string | null; lastRunDate: string | null }[] }>();
    expect(list.items.map((item) => [item.memo, item.nextDate, item.lastRunDate]).sort()).toEqual([
      ['Guard', null, '2026-11-09'],
      ['Rent', null, '2026-10-31'],
    ]);

    const inUse = await shop.call('DELETE', `/api/accounting/accounts/${rentId}`);
    expect(inUse.status).toBe(409);
    const paused = await shop.call('PATCH', `/api/accounting/recurring-entries/${rent.json().id}`, { body: { isActive: false } });
    expect(paused.json()).toMatchObject({ isActive: false, memo: 'Rent', endDate: '2026-10-31' });
    const archivedLine = await shop.call('PATCH', `/api/accounting/recurring-entries/${rent.json().id}`, {
      body: {
        lines: [
          { accountId: securityId, debitMinor: 10 },
          { accountId: rentId, creditMinor: 10 },
        ],
      },
    });
    expect(archivedLine.status).toBe(400);
    expect(archivedLine.json().error.fields['lines.0.accountId']).toEqual(['Security services is archived: choose another account']);
  });
});

describe('isolation between shops', () => {
  it('answers 404 for another shop’s accounts and entries, and lists nothing of theirs', async () => {
    const otherChart = await readChart(otherShop);
    const ours = new Set([...accounts.values()].map((account) => account.id));
    expect([...otherChart.values()].some((account) => ours.has(account.id))).toBe(false);
    expect([...otherChart.values()].every((account) => account.balanceMinor === 0)).toBe(true);
    expect((await otherShop.call('GET', '/api/accounting/journal', { as: 'manager' })).json()).toMatchObject({ total: 0, items: [] });
    expect((await otherShop.call('GET', '/api/accounting/recurring-entries', { as: 'manager' })).json()).toEqual({ items: [] });

    expect((await otherShop.call('GET', `/api/accounting/journal/${capitalEntryId}`, { as: 'manager' })).status).toBe(404);
    expect((await otherShop.call('GET', `/api/accounting/journal/${capitalEntryId}/attachment`, { as: 'manager' })).status).toBe(404);
    expect((await otherShop.call('POST', `/api/accounting/journal/${capitalEntryId}/reverse`, { body: {} })).status).toBe(404);
    expect((await otherShop.call('PATCH', `/api/accounting/accounts/${securityId}`, { body: { name: 'Mine now' } })).status).toBe(404);
    expect((await otherShop.call('DELETE', `/api/accounting/accounts/${securityId}`)).status).toBe(404);
    const recurringId = (await shop.call('GET', '/api/accounting/recurring-entries', { as: 'manager' })).json().items[0].id;
    expect((await otherShop.call('PATCH', `/api/accounting/recurring-entries/${recurringId}`, { body: { isActive: true } })).status).toBe(404);

    const theirs = await postManual(
      entryBody('2026-11-10', 'Into their bank', [
        { accountId: idOf('1055'), debitMinor: 1_000 },
        { accountId: otherChart.get('3000')!.id, creditMinor: 1_000 },
      ]),
      { target: otherShop },
    );
    expect(theirs.status).toBe(400);
    expect(theirs.json().error.fields).toEqual({ 'lines.0.accountId': ['Account not found'] });
    expect(await entryCount(otherShop)).toBe(0);
  });
});

describe('source documents', () => {
  it('reads every source type’s document, and names an expense by its number with its page', async () => {
    const targetId = otherShop.tenant.id;
    // Every type's query runs; documents that are not there are named by their type, without a page.
    const missing = SOURCE_TYPES.map((sourceType) => ({ sourceType, sourceId: randomUUID() }));
    const linkOf = await testApp.database.withTenant(targetId, (tx) => readSourceLinks(tx, missing));
    expect(missing.map(linkOf)).toEqual(SOURCE_TYPES.map((sourceType) => ({ label: SOURCE_TYPE_LABELS[sourceType], href: null })));

    const rent = (await otherShop.call('GET', '/api/expense-categories', { as: 'manager' })).json<{ items: { id: string; name: string }[] }>().items.find((category) => category.name === 'Rent')!;
    const expense = await otherShop.call('POST', '/api/expenses', {
      as: 'manager',
      idempotencyKey: randomUUID(),
      body: { categoryId: rent.id, expenseDate: '2026-11-12', description: 'November rent', amountMinor: 2_500_000, paidFrom: 'bank_transfer' },
    });
    expect(expense.status).toBe(201);
    const expenseId = expense.json().id;
    // Posted by the expense's own rule; posted here if the rule has not (a document posts once either way).
    await testApp.database.withTenant(targetId, (tx) =>
      postEntry(tx, targetId, {
        sourceType: 'expense',
        sourceId: expenseId,
        entryDate: '2026-11-12',
        memo: 'November rent',
        lines: [
          { account: { key: 'expense_category', categoryId: rent.id }, amountMinor: 2_500_000 },
          { account: { tender: 'bank_transfer' }, amountMinor: -2_500_000 },
        ],
      }),
    );
    const found = await otherShop.call('GET', '/api/accounting/journal?search=exp-000001', { as: 'manager' });
    expect(found.json()).toMatchObject({ total: 1, items: [{ sourceType: 'expense', sourceId: expenseId, source: { label: 'Expense EXP-000001', href: `/admin/purchases/expenses/${expenseId}` } }] });
  });
});
