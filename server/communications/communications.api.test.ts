import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../tests/support/fake-africastalking';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../tests/support/fake-whatsapp';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { addCharge, createTestContact } from '../accounts/accounts-test-kit';
import { recordPayment } from '../accounts/account-ledger';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop } from '../sales/sales-test-kit';
import { queueDebtReminders } from './automations';
import { drainShop, outboxDeps } from './outbox';

// Communications over the API (issue 20) with a live shop talking to the fake Africa's Talking and
// WhatsApp servers (whose callbacks reach this app over HTTP), a sandbox shop without credentials
// (with a register, for receipts), and a shop on Starter (no advanced_notifications). Isolation,
// write-only secrets and their audit, consent and STOP, receipts from a sale, reminders with the
// right balance, retries and refusals, signed webhooks, templates reset, bad input.

const AT = { username: 'dukani-live', apiKey: 'atsk_9f8e7d6c5b4a3210' };
const WA = { phoneNumberId: '106540352242922', accessToken: 'EAAG-live-token-5678', appSecret: 'wa-app-secret-4321' };

let at: FakeAfricasTalking;
let wa: FakeWhatsapp;
let testApp: TestApp;
let live: TestShop;
let sandbox: SalesShop;
let starter: TestShop;

const drain = (shop: TestShop) => drainShop(outboxDeps(testApp.deps), shop.tenant.id);
const rows = <T>(shop: TestShop, query: ReturnType<typeof sql>) => testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<T>(tx, query));
const count = async (shop: TestShop, table: string) => (await rows<{ n: number }>(shop, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const noQuietHours = { remindersEnabled: true, reminderChannel: 'sms', reminderEveryDays: 7, quietHoursEnabled: false, quietStart: '20:00', quietEnd: '08:00', lowStockAlerts: false, ownerPhone: null };

async function kesShop(shop: TestShop) {
  await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update business_settings set currency_code = 'KES', currency_decimals = 2`));
}

beforeAll(async () => {
  [at, wa] = await Promise.all([startFakeAfricasTalking(), startFakeWhatsapp()]);
  at.addApp(AT.username, AT.apiKey);
  wa.addNumber(WA.phoneNumberId, WA.accessToken, ['hello_world', 'debt_reminder']);
  testApp = await createTestApp({ config: { AFRICASTALKING_SANDBOX_URL: at.url, WHATSAPP_API_URL: wa.url } });
  (testApp.deps.config as { publicUrl: string | undefined }).publicUrl = `http://127.0.0.1:${testApp.port}`;
  [live, sandbox, starter] = await Promise.all([createTestShop(testApp), createSalesShop(testApp), createTestShop(testApp, { plan: 'Starter' })]);
  await Promise.all([kesShop(live), kesShop(sandbox)]);
  expect((await live.call('PUT', '/api/communications/channels/sms', { body: { enabled: true, environment: 'sandbox', username: AT.username, apiKey: AT.apiKey, senderId: 'DUKANI' } })).status).toBe(200);
  expect((await live.call('PUT', '/api/communications/channels/whatsapp', { body: { enabled: true, phoneNumberId: WA.phoneNumberId, accessToken: WA.accessToken, appSecret: WA.appSecret } })).status).toBe(200);
  expect((await live.call('PUT', '/api/communications/settings', { body: noQuietHours })).status).toBe(200);
  expect((await sandbox.call('PUT', '/api/communications/settings', { body: noQuietHours })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await at.settle();
  await testApp.close();
  await Promise.all([at.close(), wa.close()]);
});

describe('channels', () => {
  it('keeps credentials write-only: set and the last 4, and the callback URLs', async () => {
    const response = await live.call('GET', '/api/communications/channels');
    expect(response.status).toBe(200);
    const [sms, whatsapp, email] = response.json();
    expect(sms).toMatchObject({ channel: 'sms', mode: 'live', username: AT.username, senderId: 'DUKANI', apiKey: { set: true, last4: '3210' } });
    expect(whatsapp).toMatchObject({ mode: 'live', accessToken: { set: true, last4: '5678' }, appSecret: { set: true, last4: '4321' } });
    expect(email).toMatchObject({ channel: 'email', mode: 'sandbox' });
    expect(sms.callbackUrls.delivery).toMatch(new RegExp(`/api/communications/callbacks/${live.tenant.id}/[A-Za-z0-9_-]{43}/sms/delivery$`));
    for (const secret of [AT.apiKey, WA.accessToken, WA.appSecret]) expect(response.text).not.toContain(secret);
    const sealed = await rows<{ api_key_sealed: string | null }>(live, sql`select api_key_sealed from communication_channels where channel = 'sms'`);
    expect(sealed[0]!.api_key_sealed).not.toContain(AT.apiKey);
  });

  it('is the owner’s (communications.manage) and a Pro feature, enforced by the server', async () => {
    expect((await live.call('GET', '/api/communications/channels', { as: 'cashier' })).status).toBe(403);
    expect((await live.call('GET', '/api/communications/messages', { as: 'manager' })).status).toBe(403);
    expect((await starter.call('GET', '/api/communications/channels')).status).toBe(402);
  });

  it('a test message goes through Africa’s Talking at once', async () => {
    const response = await live.call('POST', '/api/communications/channels/test', { body: { channel: 'sms', to: '0712 345 678' } });
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'test', recipient: '+254712345678', status: 'queued' });
    await drain(live);
    const message = (await live.call('GET', `/api/communications/messages/${response.json().id}`)).json();
    expect(message).toMatchObject({ status: 'sent', sandbox: false, costMinor: 80, costCurrency: 'KES' });
    expect(at.sent.at(-1)).toMatchObject({ to: '+254712345678', from: 'DUKANI' });
    expect(at.sent.at(-1)!.message).toContain('this is a test message');
  });
});

describe('channel settings in the audit log', () => {
  it('records which fields changed and that a secret did, never the secret', async () => {
    const newKey = 'atsk_rotated_5e6f7a8b9c0d';
    const saved = await live.call('PUT', '/api/communications/channels/sms', {
      body: { enabled: true, environment: 'sandbox', username: AT.username, apiKey: newKey, senderId: 'DUKANI2', ratePerMinute: 300 },
    });
    expect(saved.status).toBe(200);
    const [event] = await rows<{ actor_user_id: string; entity: string; before: unknown; after: unknown; details: unknown }>(
      live,
      sql`select actor_user_id, entity, before, after, details from audit_events where action = 'settings.communications' and entity = 'communication_channels' order by created_at desc limit 1`,
    );
    expect(event).toMatchObject({
      actor_user_id: live.users.owner.id,
      before: { senderId: 'DUKANI', ratePerMinute: 600 },
      after: { senderId: 'DUKANI2', ratePerMinute: 300 },
      details: { channel: 'sms', secretsChanged: ['apiKey'] },
    });
    const everyEvent = JSON.stringify(await rows(live, sql`select * from audit_events where action = 'settings.communications'`));
    for (const secret of [newKey, AT.apiKey, WA.accessToken, WA.appSecret]) expect(everyEvent).not.toContain(secret);
    at.addApp(AT.username, newKey);
    // Saving the same again changes nothing and records nothing.
    const events = await count(live, 'audit_events');
    await live.call('PUT', '/api/communications/channels/sms', { body: { enabled: true, environment: 'sandbox', username: AT.username, senderId: 'DUKANI2', ratePerMinute: 300 } });
    expect(await count(live, 'audit_events')).toBe(events);
    await live.call('PUT', '/api/communications/channels/sms', { body: { enabled: true, environment: 'sandbox', username: AT.username, senderId: 'DUKANI', ratePerMinute: 600 } });
  });

  it('records the automated messages and quiet hours that changed', async () => {
    await live.call('PUT', '/api/communications/settings', { body: { ...noQuietHours, reminderEveryDays: 14 } });
    const [event] = await rows<{ before: unknown; after: unknown }>(
      live,
      sql`select before, after from audit_events where action = 'settings.communications' and entity = 'communication_settings' order by created_at desc limit 1`,
    );
    expect(event).toEqual({ before: { reminderEveryDays: 7 }, after: { reminderEveryDays: 14 } });
    await live.call('PUT', '/api/communications/settings', { body: noQuietHours });
  });
});

describe('debt reminders', () => {
  it('a customer past due gets the reminder with the balance; it is delivered by the provider’s report', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Wanjiku Kamau', phone: '+254722000111' });
    await addCharge(testApp.database, live.tenant.id, contactId, 125_000, { dueDate: '2026-01-10' });
    const run = await live.call('POST', '/api/communications/reminders/run');
    expect(run.json()).toEqual({ queued: 1 });
    // Again the same day: at most once in N days.
    expect((await live.call('POST', '/api/communications/reminders/run')).json()).toEqual({ queued: 0 });
    await drain(live);
    const sent = at.sent.find((message) => message.to === '+254722000111')!;
    expect(sent.message).toBe(`Dear Wanjiku Kamau, your balance at ${live.tenant.name} is KES 1,250.00, due 2026-01-10. Please pay. Reply STOP to opt out.`);
    const list = (await live.call('GET', '/api/communications/messages?q=Wanjiku')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ kind: 'debt_reminder', status: 'sent', contactName: 'Wanjiku Kamau', segments: 1 });
    const { delivery } = (await live.call('GET', '/api/communications/channels')).json()[0].callbackUrls;
    expect(await at.deliver(delivery, { id: sent.id, status: 'Success', phoneNumber: sent.to })).toBe(200);
    expect((await live.call('GET', `/api/communications/messages/${list.items[0].id}`)).json()).toMatchObject({ status: 'delivered' });
    // A late "Sent" report does not undo "delivered".
    await at.deliver(delivery, { id: sent.id, status: 'Sent', phoneNumber: sent.to });
    expect((await live.call('GET', `/api/communications/messages/${list.items[0].id}`)).json().status).toBe('delivered');
  });

  it('a customer who paid before the send is skipped', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Otieno Paid', phone: '+254722000222' });
    await addCharge(testApp.database, live.tenant.id, contactId, 50_000, { dueDate: '2026-01-10' });
    expect(await queueDebtReminders(testApp.database, live.tenant.id)).toBe(1);
    await testApp.database.withTenant(live.tenant.id, (tx) =>
      recordPayment(tx, { tenantId: live.tenant.id, contactId, side: 'receivable', amountMinor: 50_000, method: 'cash', userId: null }),
    );
    await drain(live);
    const [message] = await rows<{ status: string; failure_reason: string }>(live, sql`select status, failure_reason from communication_messages where contact_id = ${contactId}`);
    expect(message).toEqual({ status: 'skipped', failure_reason: 'Paid before the reminder went' });
    expect(at.sent.some((sent) => sent.to === '+254722000222')).toBe(false);
  });

  it('quiet hours hold an automated message until they end', async () => {
    await live.call('PUT', '/api/communications/settings', { body: { ...noQuietHours, quietHoursEnabled: true, quietStart: '00:00', quietEnd: '23:59' } });
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Night Owl', phone: '+254722000333' });
    await addCharge(testApp.database, live.tenant.id, contactId, 10_000, { dueDate: '2026-01-10' });
    await live.call('POST', '/api/communications/reminders/run');
    await drain(live);
    const [message] = await rows<{ status: string; send_after: Date }>(live, sql`select status, send_after from communication_messages where contact_id = ${contactId}`);
    expect(message!.status).toBe('queued');
    expect(new Date(message!.send_after).getTime()).toBeGreaterThan(Date.now());
    await live.call('PUT', '/api/communications/settings', { body: noQuietHours });
  });
});

describe('consent and opt-out', () => {
  it('a STOP reply opts the customer out; a campaign to their tag skips them and reaches the others', async () => {
    const stay = await createTestContact(testApp.database, live.tenant.id, { name: 'Akinyi Stays', phone: '+254733000001' });
    const leave = await createTestContact(testApp.database, live.tenant.id, { name: 'Baraka Leaves', phone: '+254733000002' });
    await testApp.database.withTenant(live.tenant.id, (tx) => tx.execute(sql`update contacts set tags = '{vip}' where id in (${stay}, ${leave})`));
    const { inbound } = (await live.call('GET', '/api/communications/channels')).json()[0].callbackUrls;
    expect(await at.inbound(inbound, { from: '+254733000002', to: '20880', text: 'stop' })).toBe(200);
    const consents = (await live.call('GET', `/api/contacts/${leave}/consents`, { as: 'cashier' })).json();
    expect(consents[0]).toMatchObject({ channel: 'sms', status: 'opted_out', source: 'sms_stop' });
    const campaign = await live.call('POST', '/api/communications/campaigns', {
      body: { name: 'Karibu VIP', channel: 'sms', language: 'en', body: 'Hi {customer_name}, 10% off this week at {shop_name}.', audience: { type: 'tag', tag: 'vip' } },
    });
    expect(campaign.status).toBe(201);
    expect(campaign.json()).toMatchObject({ status: 'queued', queued: 1, skipped: 1 });
    await drain(live);
    expect(at.sent.filter((sent) => sent.to === '+254733000001').map((sent) => sent.message)).toEqual([`Hi Akinyi Stays, 10% off this week at ${live.tenant.name}.`]);
    expect(at.sent.some((sent) => sent.to === '+254733000002')).toBe(false);
    const skipped = (await live.call('GET', '/api/communications/messages?q=Baraka')).json().items;
    expect(skipped).toMatchObject([{ status: 'skipped', failureReason: 'The customer opted out of this channel' }]);
  });

  it('an opt-out recorded after queueing still stops the send', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Late Optout', phone: '+254733000003' });
    const queued = await live.call('POST', '/api/communications/messages', { as: 'cashier', body: { kind: 'statement', channel: 'sms', contactId } });
    expect(queued.status).toBe(201);
    expect((await live.call('PUT', `/api/contacts/${contactId}/consents`, { as: 'cashier', body: { channel: 'sms', status: 'opted_out', source: 'verbal' } })).status).toBe(200);
    await drain(live);
    expect((await live.call('GET', `/api/communications/messages/${queued.json().id}`)).json()).toMatchObject({ status: 'skipped' });
  });
});

describe('consent on the contact page', () => {
  it('records consent given, then withdrawn, with when, how and who; the customer’s messages are listed', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Chebet Consent', phone: '+254733000010' });
    const unknown = (await live.call('GET', `/api/contacts/${contactId}/consents`, { as: 'cashier' })).json();
    expect(unknown).toEqual(['sms', 'whatsapp', 'email'].map((channel) => ({ channel, status: null, source: null, recordedAt: null, recordedByName: null })));
    const given = await live.call('PUT', `/api/contacts/${contactId}/consents`, { as: 'cashier', body: { channel: 'whatsapp', status: 'granted', source: 'form' } });
    expect(given.status).toBe(200);
    expect(given.json()[1]).toMatchObject({ channel: 'whatsapp', status: 'granted', source: 'form', recordedByName: 'Shop cashier' });
    const withdrawn = (await live.call('PUT', `/api/contacts/${contactId}/consents`, { body: { channel: 'whatsapp', status: 'opted_out', source: 'verbal' } })).json();
    expect(withdrawn[1]).toMatchObject({ status: 'opted_out', source: 'verbal', recordedByName: 'Shop owner' });
    expect(Date.parse(withdrawn[1].recordedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(withdrawn[0]).toMatchObject({ channel: 'sms', status: null });

    const statement = await live.call('POST', '/api/communications/messages', { as: 'cashier', body: { kind: 'statement', channel: 'sms', contactId } });
    const skipped = await live.call('POST', '/api/communications/messages', { as: 'cashier', body: { kind: 'statement', channel: 'whatsapp', contactId } });
    expect(skipped.json()).toMatchObject({ status: 'skipped', failureReason: 'The customer opted out of this channel' });
    const log = await live.call('GET', `/api/contacts/${contactId}/messages`, { as: 'cashier' });
    expect(log.status).toBe(200);
    expect(log.json().items.map((message: { id: string }) => message.id)).toEqual([skipped.json().id, statement.json().id]);
  });

  it('another shop’s customer is not found, and nothing is recorded', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Not Yours', phone: '+254733000011' });
    expect((await sandbox.call('PUT', `/api/contacts/${contactId}/consents`, { body: { channel: 'sms', status: 'opted_out' } })).status).toBe(404);
    expect((await sandbox.call('GET', `/api/contacts/${contactId}/messages`)).status).toBe(404);
    expect(await rows(live, sql`select 1 from contact_consents where contact_id = ${contactId}`)).toEqual([]);
  });
});

describe('receipts by SMS and WhatsApp', () => {
  async function sell(customerId: string | null) {
    const product = await addStockedProduct(testApp.database, sandbox, { priceMinor: 24_050 });
    const response = await sandbox.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(sandbox, [{ product, quantityMilli: 2000 }], { customerId }) });
    expect(response.status, response.text).toBe(201);
    return response.json().sale as { id: string; totalMinor: number; receiptCode: string };
  }

  it('queues the receipt with the sale’s total to its customer, once however often it is asked, and sends it', async () => {
    const customer = await createTestContact(testApp.database, sandbox.tenant.id, { name: 'Zawadi Receipt', phone: '+254766000001' });
    const sale = await sell(customer);
    expect(sale.totalMinor).toBe(48_100);
    const sent = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms' } });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'receipt', channel: 'sms', contactId: customer, recipient: '+254766000001', status: 'queued' });
    expect(sent.json().body).toBe(`${sandbox.tenant.name}: thank you Zawadi Receipt. Your receipt total is KES 481.00.`);
    const again = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms', phone: '0766 000 001' } });
    expect(again.json().id).toBe(sent.json().id);
    await drain(sandbox);
    expect((await sandbox.call('GET', `/api/communications/messages/${sent.json().id}`)).json()).toMatchObject({ status: 'sent', sandbox: true });
  });

  it('names the receipt by its number where the shop’s template asks for {receipt_number}', async () => {
    const own = 'Receipt {receipt_number} from {shop_name}: {receipt_total}. Asante!';
    expect((await sandbox.call('PUT', '/api/communications/templates', { body: { kind: 'receipt', channel: 'whatsapp', language: 'en', body: own } })).status).toBe(200);
    const sale = await sell(null);
    expect(sale.receiptCode).toMatch(/^[A-Z0-9]+-\d{6}$/);
    const sent = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'whatsapp', phone: '0722 000 009' } });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json().body).toBe(`Receipt ${sale.receiptCode} from ${sandbox.tenant.name}: KES 481.00. Asante!`);
    expect((await sandbox.call('DELETE', '/api/communications/templates/receipt/whatsapp/en')).status).toBe(200);
  });

  it('a walk-in customer gets it at the phone typed in; without one the phone is asked for', async () => {
    const sale = await sell(null);
    const noPhone = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'whatsapp' } });
    expect(noPhone.status).toBe(400);
    expect(Object.keys(noPhone.json().error.fields)).toEqual(['phone']);
    const typed = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'whatsapp', phone: '0711 222 333' } });
    expect(typed.status).toBe(201);
    expect(typed.json()).toMatchObject({ channel: 'whatsapp', contactId: null, recipient: '+254711222333' });
    expect(typed.json().body).toBe(`${sandbox.tenant.name}: thank you. Your receipt total is KES 481.00.`);
  });

  it('a customer who opted out is refused with the reason and nothing is queued', async () => {
    const customer = await createTestContact(testApp.database, sandbox.tenant.id, { name: 'Kamau Optout', phone: '+254766000002' });
    const sale = await sell(customer);
    await sandbox.call('PUT', `/api/contacts/${customer}/consents`, { as: 'cashier', body: { channel: 'sms', status: 'opted_out', source: 'verbal' } });
    const messages = await count(sandbox, 'communication_messages');
    const refused = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms' } });
    expect(refused.status).toBe(422);
    expect(refused.json().error.message).toBe('The customer opted out of SMS, so the receipt was not sent');
    // The same phone typed in is the same customer.
    expect((await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms', phone: '0766000002' } })).status).toBe(422);
    expect(await count(sandbox, 'communication_messages')).toBe(messages);
    // WhatsApp was not opted out of.
    expect((await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'whatsapp' } })).status).toBe(201);
  });

  it('another shop’s sale is not found, a bad phone is refused, and nothing is queued', async () => {
    const sale = await sell(null);
    const messages = await count(live, 'communication_messages');
    expect((await live.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms', phone: '0711 222 333' } })).status).toBe(404);
    expect(await count(live, 'communication_messages')).toBe(messages);
    const bad = await sandbox.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'email', phone: '12' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['channel', 'phone']);
    expect((await starter.call('POST', `/api/sales/${sale.id}/receipt-messages`, { as: 'cashier', body: { channel: 'sms', phone: '0711 222 333' } })).status).toBe(402);
  });
});

describe('templates', () => {
  it('resets the shop’s own text to the built-in one', async () => {
    const own = 'Habari {customer_name}, salio lako ni {balance}.';
    await live.call('PUT', '/api/communications/templates', { body: { kind: 'statement', channel: 'sms', language: 'sw', body: own } });
    const find = async () =>
      ((await live.call('GET', '/api/communications/templates')).json() as Array<{ kind: string; channel: string; language: string; body: string; custom: boolean }>).find(
        (template) => template.kind === 'statement' && template.channel === 'sms' && template.language === 'sw',
      );
    expect(await find()).toMatchObject({ body: own, custom: true });
    const reset = await live.call('DELETE', '/api/communications/templates/statement/sms/sw');
    expect(reset.status).toBe(200);
    const builtIn = { body: '{shop_name}: {customer_name}, salio la akaunti yako ni {balance}.', whatsappTemplate: null, custom: false };
    expect(reset.json()).toEqual({ kind: 'statement', channel: 'sms', language: 'sw', ...builtIn });
    expect(await find()).toMatchObject(builtIn);
    expect((await live.call('DELETE', '/api/communications/templates/statement/fax/sw')).status).toBe(400);
    expect((await live.call('DELETE', '/api/communications/templates/statement/sms/sw', { as: 'manager' })).status).toBe(403);
  });
});

describe('failures and retries', () => {
  it('a refused number fails with the provider’s reason; a gateway error is retried later', async () => {
    at.refuseNumber('+254799000403', 403, 'InvalidPhoneNumber');
    const bad = await live.call('POST', '/api/communications/channels/test', { body: { channel: 'sms', to: '+254799000403' } });
    await drain(live);
    expect((await live.call('GET', `/api/communications/messages/${bad.json().id}`)).json()).toMatchObject({ status: 'failed', failureReason: 'InvalidPhoneNumber (403)' });
    at.failNext(1);
    const retried = await live.call('POST', '/api/communications/channels/test', { body: { channel: 'sms', to: '+254712000999' } });
    await drain(live);
    const message = (await live.call('GET', `/api/communications/messages/${retried.json().id}`)).json();
    expect(message).toMatchObject({ status: 'queued', attempts: 1, failureReason: "Africa's Talking answered 500" });
    expect(new Date(message.sendAfter).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe('WhatsApp', () => {
  it('sends an approved template; a status webhook with a bad signature is refused with nothing written, a signed one moves it', async () => {
    const contactId = await createTestContact(testApp.database, live.tenant.id, { name: 'Mwangi WhatsApp', phone: '+254744000001' });
    await addCharge(testApp.database, live.tenant.id, contactId, 20_000, { dueDate: '2026-01-10' });
    await live.call('PUT', '/api/communications/templates', {
      body: { kind: 'statement', channel: 'whatsapp', language: 'en', body: 'Hello {customer_name}, your balance is {balance}.', whatsappTemplate: 'debt_reminder' },
    });
    const queued = await live.call('POST', '/api/communications/messages', { as: 'cashier', body: { kind: 'statement', channel: 'whatsapp', contactId } });
    await drain(live);
    const sent = wa.messages.at(-1)!;
    expect(sent.body.to).toBe('254744000001');
    expect(sent.body.template.components[0]!.parameters.map((parameter) => parameter.text)).toEqual(['Mwangi WhatsApp', 'KES 200.00']);
    const { whatsapp } = (await live.call('GET', '/api/communications/channels')).json()[0].callbackUrls;
    expect(await wa.status(whatsapp, 'not-the-app-secret', { id: sent.id, status: 'delivered', recipientId: '254744000001' })).toBe(401);
    expect((await live.call('GET', `/api/communications/messages/${queued.json().id}`)).json().status).toBe('sent');
    expect(await wa.status(whatsapp, WA.appSecret, { id: sent.id, status: 'delivered', recipientId: '254744000001' })).toBe(200);
    expect((await live.call('GET', `/api/communications/messages/${queued.json().id}`)).json().status).toBe('delivered');
  });

  it('answers the webhook verification only with the shop’s token', async () => {
    const { whatsapp } = (await live.call('GET', '/api/communications/channels')).json()[0].callbackUrls;
    const path = new URL(whatsapp).pathname;
    const token = path.split('/')[5]!;
    const ok = await testApp.request(`${path}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect((await testApp.request(`${path}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);
    expect((await testApp.request(path.replace(token, 'x'.repeat(43)) + `?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1`)).status).toBe(401);
  });
});

describe('the sandbox (no credentials)', () => {
  it('a message lands in the log with its text, marked sandbox, and the sandbox report delivers it', async () => {
    const contactId = await createTestContact(testApp.database, sandbox.tenant.id, { name: 'Sandbox Customer', phone: '+254755000001' });
    await addCharge(testApp.database, sandbox.tenant.id, contactId, 99_950, { dueDate: '2026-01-10' });
    await sandbox.call('POST', '/api/communications/reminders/run');
    const before = at.sent.length;
    await drain(sandbox);
    expect(at.sent.length).toBe(before);
    const [message] = (await sandbox.call('GET', '/api/communications/messages')).json().items;
    expect(message).toMatchObject({ status: 'sent', sandbox: true, recipient: '+254755000001' });
    expect(message.body).toContain('KES 999.50');
    const report = await sandbox.call('POST', `/api/communications/messages/${message.id}/sandbox-report`, { body: { status: 'delivered' } });
    expect(report.json()).toMatchObject({ status: 'delivered' });
    // The live shop's messages are not the sandbox's to report on.
    const liveMessage = (await live.call('GET', '/api/communications/messages')).json().items[0];
    expect((await live.call('POST', `/api/communications/messages/${liveMessage.id}/sandbox-report`, { body: { status: 'delivered' } })).status).toBe(409);
  });
});

describe('isolation and bad input', () => {
  it('another shop’s messages, campaigns and contacts are not found', async () => {
    const liveMessage = (await live.call('GET', '/api/communications/messages')).json().items[0];
    expect((await sandbox.call('GET', `/api/communications/messages/${liveMessage.id}`)).status).toBe(404);
    expect((await sandbox.call('POST', `/api/communications/messages/${liveMessage.id}/sandbox-report`, { body: {} })).status).toBe(404);
    const sandboxList = (await sandbox.call('GET', '/api/communications/messages')).json().items;
    expect(sandboxList.every((message: { id: string }) => message.id !== liveMessage.id)).toBe(true);
    const liveCampaign = (await live.call('GET', '/api/communications/campaigns')).json()[0];
    expect((await sandbox.call('POST', `/api/communications/campaigns/${liveCampaign.id}/cancel`)).status).toBe(404);
    const liveContact = (await rows<{ id: string }>(live, sql`select id from contacts limit 1`))[0]!.id;
    expect((await sandbox.call('GET', `/api/contacts/${liveContact}/consents`)).status).toBe(404);
    expect((await sandbox.call('POST', '/api/communications/messages', { body: { kind: 'statement', channel: 'sms', contactId: liveContact } })).status).toBe(404);
    const channels = (await sandbox.call('GET', '/api/communications/channels')).json();
    expect(channels[0]).toMatchObject({ mode: 'sandbox', apiKey: { set: false } });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const templates = await count(live, 'message_templates');
    const badTemplate = await live.call('PUT', '/api/communications/templates', { body: { kind: 'receipt', channel: 'sms', language: 'en', body: 'Hi {custmer_name}' } });
    expect(badTemplate.status).toBe(400);
    expect(Object.keys(badTemplate.json().error.fields)).toEqual(['body']);
    expect(await count(live, 'message_templates')).toBe(templates);
    const campaigns = await count(live, 'communication_campaigns');
    const badCampaign = await live.call('POST', '/api/communications/campaigns', {
      body: { name: '', channel: 'fax', language: 'en', body: 'x', audience: { type: 'group', groupId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(badCampaign.status).toBe(400);
    expect(Object.keys(badCampaign.json().error.fields)).toEqual(expect.arrayContaining(['name', 'channel']));
    const unknownGroup = await live.call('POST', '/api/communications/campaigns', {
      body: { name: 'x', channel: 'sms', language: 'en', body: 'x', audience: { type: 'group', groupId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(unknownGroup.status).toBe(400);
    expect(await count(live, 'communication_campaigns')).toBe(campaigns);
    const messages = await count(live, 'communication_messages');
    expect((await live.call('POST', '/api/communications/channels/test', { body: { channel: 'sms', to: 'not a phone' } })).status).toBe(400);
    expect((await live.call('PUT', '/api/communications/settings', { body: { ...noQuietHours, quietStart: '25:00', reminderEveryDays: 0 } })).status).toBe(400);
    expect(await count(live, 'communication_messages')).toBe(messages);
    const badDelivery = await testApp.request(new URL((await live.call('GET', '/api/communications/channels')).json()[0].callbackUrls.delivery).pathname.replace(/\/[^/]+\/sms\/delivery$/, `/${'y'.repeat(43)}/sms/delivery`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'id=ATXid_x&status=Success',
    });
    expect(badDelivery.status).toBe(401);
  });
});
