import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtims, type FakeEtims } from '../support/fake-etims';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { FAKE_ETIMS_PORT } from './support/fake-providers';
import { callApi } from './support/page-helpers';
import { addItem } from './support/register';

// KRA eTIMS at the till (issue 19), against the fake KRA server the suite's server is pointed at
// (ETIMS_SANDBOX_URL): a branch of the demo shop with its own eTIMS device (so the other files'
// sales at the main shop stay as they are). A sale's receipt shows the signed block and a QR code
// that decodes to KRA's link; with KRA unreachable a sale prints "eTIMS pending" and is signed once
// KRA is back; a return becomes a signed credit note.

const session = useBrowser();
const TIN = 'P051234567X';
const SERIAL = `e2e-${uniqueSuffix()}`;
const TILL = { width: 1366, height: 768 };
let fake: FakeEtims;

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

beforeAll(async () => {
  fake = await startFakeEtims({ port: FAKE_ETIMS_PORT });
  fake.registerDevice(TIN, '00', SERIAL);
});
afterAll(() => fake.close());

interface Branch {
  locationName: string;
  registerName: string;
}

/** The owner sets up a branch with its own till, stock of Kabras sugar and an initialised eTIMS device. */
async function setUpBranch(page: Page): Promise<Branch> {
  const suffix = uniqueSuffix().replace(/[^A-Za-z0-9]/g, '').slice(-4).toUpperCase();
  const location = await callApi<{ id: string; name: string }>(page, 'POST', '/api/locations', { name: `eTIMS branch ${suffix}`, kind: 'shop', address: 'Kenyatta Avenue' });
  const register = await callApi<{ id: string; name: string }>(page, 'POST', '/api/registers', { locationId: location.id, name: `KRA till ${suffix}`, receiptPrefix: `K${suffix}` });
  const found = await callApi<{ items: Array<{ variantId: string }> }>(page, 'GET', `/api/register/items?registerId=${register.id}&code=KABRAS-2KG`);
  const variantId = found.items[0]!.variantId;
  await callApi(page, 'POST', '/api/inventory/adjustments', { locationId: location.id, reason: 'correction', note: 'eTIMS branch stock', lines: [{ variantId, quantityChangeMilli: 20_000 }] });
  const device = await callApi<{ id: string }>(page, 'PUT', '/api/etims/devices', { locationId: location.id, kraPin: TIN, branchId: '00', deviceSerial: SERIAL, environment: 'sandbox' });
  await callApi(page, 'POST', `/api/etims/devices/${device.id}/initialise`);
  await callApi(page, 'PUT', `/api/etims/items/${variantId}`, { itemClassCode: '5059690800', packagingUnitCode: 'NT', quantityUnitCode: 'U' });
  expect(await callApi(page, 'POST', '/api/etims/items/register', { variantIds: [variantId] })).toEqual({ registered: 1, failed: 0 });
  return { locationName: location.name, registerName: register.name };
}

async function openBranchRegister(page: Page, branch: Branch) {
  await page.goto(appUrl('/admin/sales?tab=new-sale', 'demo'));
  const picker = page.getByLabel('Register', { exact: true });
  await picker.waitFor();
  await picker.selectOption({ label: `${branch.registerName} · ${branch.locationName}` });
  const search = page.getByRole('searchbox', { name: 'Search products or a receipt' });
  const openShift = page.getByRole('button', { name: 'Open shift' });
  await search.or(openShift).first().waitFor();
  if (await openShift.isVisible()) {
    await page.getByLabel('Opening float').fill('2000');
    await openShift.click();
    await search.waitFor();
  }
}

/** Sells one Kabras sugar 2 kg for cash and opens the printed receipt; answers the receipt code. */
async function sellAndPrint(page: Page): Promise<string> {
  await addItem(page, 'KABRAS-2KG', 'Kabras sugar 2 kg');
  await page.keyboard.press('F9');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor();
  await dialog.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
  await dialog.getByRole('button', { name: /^Complete sale/ }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  const receiptCode = (await done.getByText(/^Receipt /).textContent())!.replace('Receipt ', '').trim();
  await done.getByRole('button', { name: 'Print receipt' }).click();
  await page.emulateMedia({ media: 'print' });
  await page.locator('#sale-receipt').waitFor();
  return receiptCode;
}

async function newSale(page: Page) {
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('dialog', { name: 'Sale complete' }).getByRole('button', { name: 'New sale' }).click();
  await page.getByText('Scan an item or search to start a sale.').waitFor();
}

/** The fake KRA's copy of the sale a receipt code names. */
const atKra = (receiptCode: string) => [...fake.sales.values()].find((sale) => sale.body.trdInvcNo === receiptCode);

describe('KRA eTIMS at the till', () => {
  it('signs sales (QR of KRA’s link), signs a sale made while KRA was down once it is back, and credits a return', async () => {
    // Three device pixels per CSS pixel: the receipt's 0.4 mm modules come out about 4.5 pixels wide in the screenshot.
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: TILL, deviceScaleFactor: 3 });
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    await signInThroughForm(page, ACCOUNTS.owner);
    const branch = await setUpBranch(page);
    await openBranchRegister(page, branch);

    // A sale: its receipt turns from pending to signed within moments.
    const receiptCode = await sellAndPrint(page);
    const block = page.locator('#sale-receipt').getByTestId('etims-block');
    await expect.poll(() => block.getAttribute('data-status'), { timeout: 30_000 }).toBe('signed');
    const signed = atKra(receiptCode)!;
    expect(signed.body).toMatchObject({ rcptTyCd: 'S', pmtTyCd: '01', taxblAmtB: expect.any(Number), itemList: [expect.objectContaining({ itemCd: 'KE2NTU0000001' })] });
    const text = await block.innerText();
    expect(text).toContain(`${signed.signature.curRcptNo}/${signed.signature.totRcptNo} NS`);
    expect(text).toContain(signed.signature.rcptSign.match(/.{4}/g)!.join('-'));
    expect(text).toContain(signed.signature.intrlData.match(/.{1,4}/g)!.join('-'));

    // The QR code, as printed, read by a real decoder: KRA's verification link written out by hand.
    const folder = mkdtempSync(join(tmpdir(), 'etims-e2e-'));
    writeFileSync(join(folder, 'qr.png'), await block.getByTestId('etims-qr').screenshot());
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', join(folder, 'qr.png')], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(`https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${TIN}00${signed.signature.rcptSign}`);
    await newSale(page);

    // KRA unreachable: the sale completes and prints "eTIMS pending"; it is signed once KRA is back.
    await fake.stop();
    const offlineCode = await sellAndPrint(page);
    const offlineBlock = page.locator('#sale-receipt').getByTestId('etims-block');
    expect(await offlineBlock.getAttribute('data-status')).toBe('pending');
    expect(await offlineBlock.innerText()).toContain('eTIMS pending');
    await fake.start();
    await expect.poll(() => offlineBlock.getAttribute('data-status'), { timeout: 90_000, interval: 1_000 }).toBe('signed');
    expect(fake.signings.get(`${TIN}:00:${atKra(offlineCode)!.invcNo}`)).toBe(1);
    await newSale(page);

    // A return of the first sale: a credit note referencing its invoice, signed by KRA.
    const sales = await callApi<{ items: Array<{ id: string }> }>(page, 'GET', `/api/sales?q=${encodeURIComponent(receiptCode)}`);
    const sale = await callApi<{ id: string; registerId: string; shiftId: string; lines: Array<{ id: string }> }>(page, 'GET', `/api/sales/${sales.items[0]!.id}`);
    const returnId = crypto.randomUUID();
    await callApi(page, 'POST', '/api/sale-returns', {
      id: returnId,
      registerId: sale.registerId,
      shiftId: sale.shiftId,
      saleId: sale.id,
      customerId: null,
      lines: [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }],
      reason: 'changed_mind',
      note: null,
      refunds: null,
      approvalId: null,
    });
    await expect.poll(async () => (await callApi<{ status: string }>(page, 'GET', `/api/etims/receipts/${returnId}`)).status, { timeout: 30_000 }).toBe('signed');
    const credit = [...fake.sales.values()].find((entry) => entry.body.rcptTyCd === 'R' && entry.body.orgInvcNo === signed.invcNo);
    expect(credit?.body).toMatchObject({ rfdRsnCd: '06', totAmt: signed.body.totAmt });

    // The monitoring screen lists the credit note as signed.
    await page.goto(appUrl('/admin/etims?kind=credit_note', 'demo'));
    const table = page.getByRole('table', { name: 'eTIMS documents' });
    await table.getByText('Signed').first().waitFor();
    expect(await table.innerText()).toContain(`credits ${signed.invcNo}`);
  });
});
