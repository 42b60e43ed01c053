import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { postAccountEntry, postOpeningBalance } from '../accounts/account-ledger';
import { businessSettings } from '../db/schema/settings';
import { listOutbox, outboxAttachments } from '../email/email.service';
import { addContact, download, makeKenyanShop, readPdf } from './statements-test-kit';

// Statements over HTTP with hand-worked figures (KES, shop in Africa/Nairobi, UTC+3):
//   30 Sep 2024 opening balance 1,000.00 (due the same day)
//    5 Oct 2024 credit sale      2,500.00 (due 20 Oct)       → 3,500.00
//   12 Oct 2024 payment          1,200.00 (oldest due first: the opening 1,000.00, then 200.00 of the sale) → 2,300.00
//    1 Nov 2024 01:00 Nairobi (31 Oct 22:00 UTC) credit sale 300.00 (due 15 Nov): November's, not October's
//   10 Nov 2024 payment          1,000.00 (settles 1,000.00 more of the 5 Oct sale, now open 1,300.00)
// October: opening 1,000.00, closing 2,300.00; aging on 31 Oct: the 5 Oct sale's 2,300.00 open then,
// 11 days overdue → 1–30 days (the November payment is left out: it came after the period).

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;
let wanjiru: string;
let noEmail: string;

const nairobi = (isoLocal: string) => new Date(`${isoLocal}+03:00`);
const OCTOBER = 'from=2024-10-01&to=2024-10-31';

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
  const { database } = testApp;
  const tenantId = shop.tenant.id;
  await makeKenyanShop(database, tenantId);
  wanjiru = await addContact(database, tenantId, {
    name: 'Wanjiru Kamau',
    email: 'wanjiru@example.test',
    phone: '+254712345678',
    company: 'Kamau Groceries',
    kraPin: 'A123456789B',
  });
  noEmail = await addContact(database, tenantId, { name: 'Otieno Ochieng' });
  await database.withTenant(tenantId, async (tx) => {
    const base = { tenantId, contactId: wanjiru, side: 'receivable' as const, userId: null };
    await postOpeningBalance(tx, { ...base, amountMinor: 1_000_00, occurredAt: nairobi('2024-09-30T10:00:00') });
    await postAccountEntry(tx, { ...base, kind: 'charge', amountMinor: 2_500_00, dueDate: '2024-10-20', occurredAt: nairobi('2024-10-05T09:00:00') });
    await postAccountEntry(tx, { ...base, kind: 'payment', amountMinor: -1_200_00, method: 'cash', occurredAt: nairobi('2024-10-12T15:00:00') });
    await postAccountEntry(tx, { ...base, kind: 'charge', amountMinor: 300_00, dueDate: '2024-11-15', occurredAt: nairobi('2024-11-01T01:00:00') });
    await postAccountEntry(tx, { ...base, kind: 'payment', amountMinor: -1_000_00, method: 'mpesa', reference: 'SKA1B2C3D4', occurredAt: nairobi('2024-11-10T12:00:00') });
  });
});
afterAll(() => testApp.close());

describe('GET /api/contacts/:id/statement', () => {
  it('shows opening, entries with running balance, closing and the aging as it stood at the period end', async () => {
    const response = await shop.call('GET', `/api/contacts/${wanjiru}/statement?side=receivable&${OCTOBER}`, { as: 'cashier' });
    expect(response.status).toBe(200);
    const statement = response.json();
    expect(statement).toMatchObject({
      shop: { name: shop.tenant.name, kraPin: 'P051234567X', currencyCode: 'KES', timeZone: 'Africa/Nairobi' },
      contact: { id: wanjiru, name: 'Wanjiru Kamau', company: 'Kamau Groceries', kraPin: 'A123456789B', email: 'wanjiru@example.test' },
      side: 'receivable',
      sides: ['receivable'],
      from: '2024-10-01',
      to: '2024-10-31',
      openingBalanceMinor: 1_000_00,
      totalDebitsMinor: 2_500_00,
      totalCreditsMinor: -1_200_00,
      closingBalanceMinor: 2_300_00,
      aging: { currentMinor: 0, days1to30Minor: 2_300_00, days31to60Minor: 0, days61to90Minor: 0, over90Minor: 0, totalMinor: 2_300_00 },
      unappliedCreditsMinor: 0,
    });
    expect(statement.entries.map((entry: { date: string; kind: string; amountMinor: number; balanceMinor: number }) => [entry.date, entry.kind, entry.amountMinor, entry.balanceMinor])).toEqual([
      ['2024-10-05', 'charge', 2_500_00, 3_500_00],
      ['2024-10-12', 'payment', -1_200_00, 2_300_00],
    ]);
  });

  it('puts an entry on its day in the shop’s time zone (1 Nov 01:00 in Nairobi is still 31 Oct in UTC)', async () => {
    const november = (await shop.call('GET', `/api/contacts/${wanjiru}/statement?from=2024-11-01&to=2024-11-30`)).json();
    expect(november.openingBalanceMinor).toBe(2_300_00);
    expect(november.entries.map((entry: { date: string; amountMinor: number; balanceMinor: number; reference: string | null }) => [entry.date, entry.amountMinor, entry.balanceMinor, entry.reference])).toEqual([
      ['2024-11-01', 300_00, 2_600_00, null],
      ['2024-11-10', -1_000_00, 1_600_00, 'SKA1B2C3D4'],
    ]);
    expect(november.closingBalanceMinor).toBe(1_600_00);
    // On 30 Nov: the 5 Oct sale has 1,300.00 open, 41 days past 20 Oct; the 1 Nov sale's 300.00 is 15 days past 15 Nov.
    expect(november.aging).toEqual({ currentMinor: 0, days1to30Minor: 300_00, days31to60Minor: 1_300_00, days61to90Minor: 0, over90Minor: 0, totalMinor: 1_600_00 });
  });

  it('defaults to this month for the contact’s own side; aging today reads the open items as they stand', async () => {
    const tenantId = shop.tenant.id;
    const fresh = await addContact(testApp.database, tenantId, { name: 'Akinyi Atieno', type: 'both' });
    await testApp.database.withTenant(tenantId, async (tx) => {
      await postOpeningBalance(tx, { tenantId, contactId: fresh, side: 'receivable', amountMinor: 450_00, userId: null });
      await postAccountEntry(tx, { tenantId, contactId: fresh, side: 'receivable', kind: 'payment', amountMinor: -500_00, method: 'cash' });
      await postAccountEntry(tx, { tenantId, contactId: fresh, side: 'payable', kind: 'charge', amountMinor: 7_000_00 });
    });
    const statement = (await shop.call('GET', `/api/contacts/${fresh}/statement`)).json();
    expect(statement.side).toBe('receivable');
    expect(statement.sides).toEqual(['receivable', 'payable']);
    expect(statement.to).toBe(statement.today);
    expect(statement.from).toBe(`${statement.today.slice(0, 8)}01`);
    expect(statement.openingBalanceMinor).toBe(0);
    expect(statement.entries.map((entry: { balanceMinor: number }) => entry.balanceMinor)).toEqual([450_00, -50_00]);
    expect(statement.closingBalanceMinor).toBe(-50_00);
    expect(statement.aging.totalMinor).toBe(0);
    expect(statement.unappliedCreditsMinor).toBe(50_00);

    const payable = (await shop.call('GET', `/api/contacts/${fresh}/statement?side=payable`)).json();
    expect(payable.closingBalanceMinor).toBe(7_000_00);
    expect(payable.aging).toMatchObject({ currentMinor: 7_000_00, totalMinor: 7_000_00 });
  });

  it('refuses bad input with a message per field', async () => {
    const cases: [string, string, string][] = [
      ['from=2024-10-31&to=2024-10-01', 'to', 'The end date must not be before the start date'],
      ['from=2024-02-30&to=2024-03-01', 'from', 'Enter a date as YYYY-MM-DD'],
      ['from=01/10/2024&to=2024-10-31', 'from', 'Enter a date as YYYY-MM-DD'],
      ['side=sideways', 'side', 'Choose receivable or payable'],
      ['side=payable', 'side', 'This contact has no supplier account'],
      ['from=2000-01-01&to=2024-10-31', 'from', 'A statement covers at most ten years'],
      ['from=2098-01-01&to=2099-12-31', 'to', 'The end date cannot be after today'],
    ];
    for (const [query, field, message] of cases) {
      const response = await shop.call('GET', `/api/contacts/${wanjiru}/statement?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json().error.fields[field], query).toEqual([message]);
    }
    expect((await shop.call('GET', `/api/contacts/${randomUUID()}/statement`)).status).toBe(404);
    expect((await shop.call('GET', '/api/contacts/not-an-id/statement')).json().error.fields.id).toBeDefined();
    expect((await download(testApp, shop, `/api/contacts/${wanjiru}/statement.pdf?from=2024-10-31&to=2024-10-01`)).status).toBe(400);
  });

  it('answers 404 to another shop for the statement, its PDF and its e-mail', async () => {
    expect((await other.call('GET', `/api/contacts/${wanjiru}/statement?${OCTOBER}`)).status).toBe(404);
    expect((await download(testApp, other, `/api/contacts/${wanjiru}/statement.pdf?${OCTOBER}`)).status).toBe(404);
    const before = await listOutbox(testApp.database, { to: 'wanjiru@example.test' });
    const email = await other.call('POST', `/api/contacts/${wanjiru}/statement/email`, { body: { from: '2024-10-01', to: '2024-10-31' } });
    expect(email.status).toBe(404);
    expect(await listOutbox(testApp.database, { to: 'wanjiru@example.test' })).toHaveLength(before.length);
  });
});

describe('GET /api/contacts/:id/statement.pdf', () => {
  it('is an A4 PDF whose text carries the shop, the contact and the figures', async () => {
    const response = await download(testApp, shop, `/api/contacts/${wanjiru}/statement.pdf?${OCTOBER}`, 'cashier');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-wanjiru-kamau-2024-10-01-2024-10-31.pdf"');
    const { text, pages } = readPdf(response.body);
    expect(pages).toBe(1);
    for (const expected of [shop.tenant.name, 'KRA PIN: P051234567X', 'Statement of account', 'Wanjiru Kamau', 'Kamau Groceries', 'KRA PIN: A123456789B', 'Period: 1 Oct 2024 to 31 Oct 2024']) {
      expect(text).toContain(expected);
    }
    const line = (label: string) => text.split('\n').find((each) => each.includes(label)) ?? '';
    expect(line('Opening balance')).toMatch(/Opening balance\s+KES 1,000\.00$/);
    expect(line('Credit sale')).toMatch(/5 Oct 2024\s+Credit sale\s+KES 2,500\.00\s+KES 3,500\.00$/);
    expect(line('Payment')).toMatch(/12 Oct 2024\s+Payment\s+KES 1,200\.00\s+KES 2,300\.00$/);
    expect(line('Closing balance')).toMatch(/Closing balance\s+KES 2,300\.00$/);
    expect(text).toMatch(/Current\s+1–30 days\s+31–60 days\s+61–90 days\s+Over 90 days\s+Total due/);
    expect(text).toMatch(/KES 0\.00\s+KES 2,300\.00\s+KES 0\.00\s+KES 0\.00\s+KES 0\.00\s+KES 2,300\.00/);
    expect(text).toContain('Page 1 of 1');
  });

  it('runs over several pages with the column headers on each', async () => {
    const tenantId = shop.tenant.id;
    const busy = await addContact(testApp.database, tenantId, { name: 'Mama Mboga Njeri' });
    await testApp.database.withTenant(tenantId, async (tx) => {
      for (let day = 0; day < 120; day += 1) {
        await postAccountEntry(tx, { tenantId, contactId: busy, side: 'receivable', kind: 'charge', amountMinor: 100_00, occurredAt: new Date(Date.UTC(2024, 5, 1, 9) + day * 3_600_000) });
      }
    });
    const { text, pages } = readPdf((await download(testApp, shop, `/api/contacts/${busy}/statement.pdf?from=2024-06-01&to=2024-06-30`)).body);
    expect(pages).toBeGreaterThanOrEqual(3);
    const pageTexts = text.split('\f').filter((each) => each.trim());
    expect(pageTexts).toHaveLength(pages);
    for (const page of pageTexts) expect(page).toMatch(/Date\s+Description\s+Reference\s+Debit\s+Credit\s+Balance/);
    expect(text).toMatch(/Closing balance\s+KES 12,000\.00/);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});

describe('POST /api/contacts/:id/statement/email', () => {
  it('puts the e-mail with the PDF attached into the outbox (manager)', async () => {
    const response = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { as: 'manager', body: { from: '2024-10-01', to: '2024-10-31' } });
    expect(response.status).toBe(202);
    expect(response.json()).toEqual({ sentTo: 'wanjiru@example.test', language: 'en', fileName: 'statement-wanjiru-kamau-2024-10-01-2024-10-31.pdf' });
    const [message] = await listOutbox(testApp.database, { to: 'wanjiru@example.test' });
    expect(message).toMatchObject({ kind: 'account_statement', subject: `Statement of account from ${shop.tenant.name}, 1 Oct 2024 to 31 Oct 2024` });
    expect(message!.text).toContain('Dear Wanjiru Kamau,');
    expect(message!.text).toContain('Closing balance on 31 Oct 2024: KES 2,300.00');
    const [attachment, ...more] = await outboxAttachments(testApp.database, message!.id);
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: 'statement-wanjiru-kamau-2024-10-01-2024-10-31.pdf', contentType: 'application/pdf' });
    const { text } = readPdf(attachment!.content);
    expect(text).toContain('Wanjiru Kamau');
    expect(text).toMatch(/Closing balance\s+KES 2,300\.00/);
  });

  it('sends to another address when given one; a cashier may not send', async () => {
    const sent = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { body: { email: 'Accounts@Kamau.example', from: '2024-11-01', to: '2024-11-30' } });
    expect(sent.status).toBe(202);
    expect((await listOutbox(testApp.database, { to: 'accounts@kamau.example' }))[0]?.kind).toBe('account_statement');
    const cashier = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { as: 'cashier', body: { from: '2024-10-01', to: '2024-10-31' } });
    expect(cashier.status).toBe(403);
  });

  it('writes in the language asked for, else the shop’s default language (Kiswahili here)', async () => {
    const asked = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { body: { email: 'kiswahili@kamau.example', language: 'sw', from: '2024-10-01', to: '2024-10-31' } });
    expect(asked.json().language).toBe('sw');
    const [message] = await listOutbox(testApp.database, { to: 'kiswahili@kamau.example' });
    expect(message!.subject).toBe(`Taarifa ya akaunti kutoka ${shop.tenant.name}, 1 Okt 2024 hadi 31 Okt 2024`);
    expect(message!.text).toContain('Mpendwa Wanjiru Kamau,');
    const { text } = readPdf((await outboxAttachments(testApp.database, message!.id))[0]!.content);
    expect(text).toMatch(/Salio la kuanzia\s+KES 1,000\.00/);
    expect(text).toMatch(/Salio la kufunga\s+KES 2,300\.00/);
    expect(text).toContain('Mauzo ya mkopo');

    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.update(businessSettings).set({ defaultLanguage: 'sw' }));
    try {
      const byShop = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { body: { email: 'duka@kamau.example', from: '2024-10-01', to: '2024-10-31' } });
      expect(byShop.json().language).toBe('sw');
    } finally {
      await testApp.database.withTenant(shop.tenant.id, (tx) => tx.update(businessSettings).set({ defaultLanguage: null }));
    }
  });

  it('refuses bad input with field messages and sends nothing', async () => {
    const before = (await listOutbox(testApp.database, { limit: 200 })).length;
    const noAddress = await shop.call('POST', `/api/contacts/${noEmail}/statement/email`, { body: {} });
    expect(noAddress.status).toBe(400);
    expect(noAddress.json().error.fields.email).toEqual(['This contact has no e-mail address: enter one']);
    const bad = await shop.call('POST', `/api/contacts/${wanjiru}/statement/email`, { body: { email: 'not-an-address', from: '2024-10-31', to: '2024-10-01' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'to']);
    const unknown = await shop.call('POST', `/api/contacts/${randomUUID()}/statement/email`, { body: {} });
    expect(unknown.status).toBe(404);
    expect((await listOutbox(testApp.database, { limit: 200 })).length).toBe(before);
  });
});
