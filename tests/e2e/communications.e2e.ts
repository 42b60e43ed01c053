import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';

// Communications (issue 20) in the demo shop, whose channels have no credentials: the SMS sandbox.
// A debt reminder to a customer past due is queued, sent through the sandbox with the balance the
// account shows, and reads delivered after the sandbox's delivery report; a campaign to a tag
// skips the customer who opted out; an opt-out recorded on the contact page; a sale's receipt sent
// by SMS from its page, in the message log with the sale's total.

const session = useBrowser();
const WIDE = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const kes = (minor: number) => `KES ${Math.trunc(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

describe('communications', () => {
  it('sends a debt reminder with the right balance through the SMS sandbox and shows it delivered', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: WIDE });
    await page.goto(appUrl('/auth', 'demo'));
    await signInThroughForm(page, ACCOUNTS.owner);
    // Quiet hours off, so the test does not depend on the hour it runs at.
    await callApi(page, 'PUT', '/api/communications/settings', {
      remindersEnabled: true,
      reminderChannel: 'sms',
      reminderEveryDays: 7,
      quietHoursEnabled: false,
      quietStart: '20:00',
      quietEnd: '08:00',
      lowStockAlerts: false,
      ownerPhone: null,
    });
    // Peter Kiprotich (demo data) owes for a charge past its 14-day terms.
    const contacts = await callApi<{ items: Array<{ id: string; name: string }> }>(page, 'GET', '/api/contacts?q=Kiprotich');
    const peter = contacts.items.find((contact) => contact.name === 'Peter Kiprotich')!;
    const account = await callApi<{ balanceMinor: number }>(page, 'GET', `/api/contacts/${peter.id}/account`);
    await page.goto(appUrl('/admin/communications?tab=automation', 'demo'));
    await page.getByRole('button', { name: 'Queue reminders now' }).click();
    await page.getByRole('tab', { name: 'Message log' }).click();
    await page.getByLabel('Search').fill('Kiprotich');
    const row = page.getByTestId('message-row').filter({ hasText: 'Debt reminder' }).first();
    await row.getByText('Sandbox', { exact: true }).waitFor();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(`your balance at`);
    expect(await row.textContent()).toContain(kes(account.balanceMinor));
    await row.getByRole('button', { name: 'Send the sandbox delivery report' }).click();
    await row.getByText('Delivered', { exact: true }).waitFor();
  });

  it('a campaign to a tag skips the customer who opted out', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: WIDE });
    await page.goto(appUrl('/auth', 'demo'));
    await signInThroughForm(page, ACCOUNTS.owner);
    const tag = `promo${uniqueSuffix().replace(/[^a-z0-9]/gi, '').slice(-6).toLowerCase()}`;
    const stays = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { name: `Amina Stays ${tag}`, phone: '0711 000 101', tags: [tag] });
    const leaves = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { name: `Brian Leaves ${tag}`, phone: '0711 000 102', tags: [tag] });
    await callApi(page, 'PUT', `/api/contacts/${leaves.id}/consents`, { channel: 'sms', status: 'opted_out', source: 'verbal' });
    await page.goto(appUrl('/admin/communications?tab=campaigns', 'demo'));
    await page.getByLabel('Name').fill(`Offer ${tag}`);
    await page.getByRole('textbox', { name: 'Tag' }).fill(tag);
    await page.getByLabel('Text').fill('Hi {customer_name}, 10% off this week.');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByTestId('campaign').filter({ hasText: `Offer ${tag}` }).getByText('1 queued, 1 skipped').waitFor();
    await page.getByRole('tab', { name: 'Message log' }).click();
    await page.getByLabel('Search').fill(tag);
    await page.getByTestId('message-row').filter({ hasText: `Brian Leaves ${tag}` }).getByText('Skipped', { exact: true }).waitFor();
    await page.getByTestId('message-row').filter({ hasText: `Amina Stays ${tag}` }).getByText('Hi Amina Stays').waitFor();
    expect(stays.id).toBeTruthy();
  });

  it('records a customer’s opt-out on the contact page', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: WIDE });
    await page.goto(appUrl('/auth', 'demo'));
    await signInThroughForm(page, ACCOUNTS.owner);
    const name = `Mwende Consent ${uniqueSuffix()}`;
    const contact = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { name, phone: '0711 000 103' });
    await page.goto(appUrl(`/admin/customers/${contact.id}`, 'demo'));
    await page.getByRole('tab', { name: 'Messages' }).click();
    const sms = page.getByRole('group', { name: 'SMS' });
    await sms.getByText('Not recorded', { exact: true }).waitFor();
    await page.getByLabel('How the customer told you').selectOption('form');
    await sms.getByRole('button', { name: 'Record opt-out' }).click();
    await sms.getByText('Withdrawn', { exact: true }).waitFor();
    expect(await sms.textContent()).toContain(`on a form by ${ACCOUNTS.owner.fullName}`);
    expect(await sms.getByRole('button', { name: 'Record opt-out' }).isDisabled()).toBe(true);
    await page.getByRole('group', { name: 'WhatsApp' }).getByText('Not recorded', { exact: true }).waitFor();
    const consents = await callApi<Array<{ channel: string; status: string | null; source: string | null }>>(page, 'GET', `/api/contacts/${contact.id}/consents`);
    expect(consents[0]).toMatchObject({ channel: 'sms', status: 'opted_out', source: 'form' });
  });

  it('sends a sale’s receipt by SMS from its page; the message log shows it with the sale’s total', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: WIDE });
    await page.goto(appUrl('/auth', 'demo'));
    await signInThroughForm(page, ACCOUNTS.owner);
    const [sale] = (await callApi<{ items: Array<{ id: string; receiptCode: string; totalMinor: number }> }>(page, 'GET', '/api/sales?pageSize=1')).items;
    const digits = `7${String(Date.now()).slice(-8)}`;
    await page.goto(appUrl(`/admin/sales/${sale!.id}`, 'demo'));
    await page.getByRole('button', { name: 'Send by SMS' }).click();
    const dialog = page.getByRole('dialog', { name: `Send receipt ${sale!.receiptCode} by SMS` });
    await dialog.getByLabel('Phone').fill(`0${digits}`);
    await dialog.getByRole('button', { name: 'Send receipt' }).click();
    await toast(page, `Receipt ${sale!.receiptCode} is on its way`).waitFor();
    await page.goto(appUrl('/admin/communications', 'demo'));
    await page.getByLabel('Search').fill(digits);
    const row = page.getByTestId('message-row').filter({ hasText: 'Receipt' }).first();
    await row.getByText('Sandbox', { exact: true }).waitFor();
    expect(await row.textContent()).toContain(`Your receipt total is ${kes(sale!.totalMinor)}`);
    expect(await row.textContent()).toContain(`+254${digits}`);
  });
});
