import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP, uniqueSuffix } from './support/catalog';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';
import { addMainShopTill } from './support/register';

// Shifts (issue 15): the owner adds a till in Settings → Sales; the demo cashier Dennis opens a
// shift on it from the Shifts tab with a float counted note by note, takes cash out for expenses,
// reads the X report, closes with KSh 50 less than expected (shown as short, recorded as it is, not
// forced to zero: within the shop's tolerance no manager is needed) and reads the Z report with its
// number, which prints on an 80 mm roll or an A4 sheet. A count further off than the shop's tolerance
// (KSh 500 in the demo) waits for a manager, who approves at the till with their e-mail and password
// and is named on the Z report.
// A manager sets an approval PIN on the profile.

const session = useBrowser();
const CASHIER = ACCOUNTS.shifts;
const TILL = { viewport: { width: 1366, height: 768 } } as const;
const PX_PER_MM = 96 / 25.4;

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/** The @page rules the browser read from the page's style sheets. */
function pageRules(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules).filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule))
      .map((rule) => rule.cssText)
      .join('\n'),
  );
}

/** The owner adds a register at the main shop through Settings → Sales; its name. */
async function addRegisterInSettings(): Promise<string> {
  const page = await session.openPage({ ...TILL, cookieConsent: 'accepted' });
  await signInThroughForm(page, ACCOUNTS.owner);
  await page.goto(appUrl('/admin/settings?tab=sales', ACCOUNTS.owner.subdomain));
  await page.getByRole('heading', { name: 'Register rules' }).waitFor();
  const suffix = uniqueSuffix().replace(/[^A-Za-z0-9]/g, '').slice(-4).toUpperCase();
  const name = `Shift till ${suffix}`;
  await page.getByRole('button', { name: 'Add register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a register' });
  await dialog.getByLabel('Location').selectOption({ label: MAIN_SHOP });
  await dialog.getByLabel('Name').fill(name);
  // A prefix the schema refuses is caught on its field before anything is sent.
  await dialog.getByLabel('Receipt prefix').fill('T-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Use 1 to 6 letters or digits, like T1').waitFor();
  await dialog.getByLabel('Receipt prefix').fill(`s${suffix}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('table', { name: 'Registers' }).getByRole('row').filter({ hasText: name });
  await row.waitFor();
  expect(await row.innerText()).toContain(`S${suffix}`);
  await page.context().close();
  return name;
}

describe('shifts', () => {
  it('a cashier opens a shift with a counted float, takes cash out, reads the X report, closes short and prints the Z report', async () => {
    const registerName = await addRegisterInSettings();
    const page = await session.openPage({ ...TILL, cookieConsent: 'accepted' });
    await page.addInitScript(() => {
      const calls = { count: 0 };
      Object.assign(window, { e2ePrintCalls: calls });
      window.print = () => {
        calls.count += 1;
      };
    });
    await signInThroughForm(page, CASHIER);
    await page.goto(appUrl('/admin/sales?tab=shifts', CASHIER.subdomain));
    await page.getByRole('heading', { name: 'Shifts', level: 2, exact: true }).waitFor();

    // Open: the float counted note by note (2 × 1,000, 1 × 500, 5 × 20) = KSh 2,600.00.
    await page.getByLabel('Open a shift on').selectOption({ label: `${registerName} · ${MAIN_SHOP}` });
    await page.getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open a shift' });
    await open.getByRole('checkbox', { name: 'Count notes and coins' }).click();
    await open.getByLabel('Number of KSh 1,000', { exact: true }).fill('2');
    await open.getByLabel('Number of KSh 500', { exact: true }).fill('1');
    await open.getByLabel('Number of KSh 20', { exact: true }).fill('5');
    await open.getByText('Counted: KSh 2,600.00').waitFor();
    await open.getByRole('button', { name: 'Open shift' }).click();
    await page.getByRole('heading', { name: `Shift on ${registerName}` }).waitFor();
    const xReport = page.getByRole('article', { name: 'X report' });
    await xReport.waitFor();
    expect((await xReport.innerText()).replace(/\s+/g, ' ')).toMatch(/Opening float KSh 2,600\.00/);

    // Cash out for expenses, with a note: the X report shows it and expects less in the drawer.
    await page.getByRole('button', { name: 'Cash out' }).click();
    const cashOut = page.getByRole('dialog', { name: 'Cash out' });
    await cashOut.getByLabel('Amount').fill('300');
    await cashOut.getByLabel('Reason').selectOption({ label: 'Expenses' });
    await cashOut.getByLabel('Note (optional)').fill('Cleaning supplies');
    await cashOut.getByRole('button', { name: 'Record cash out' }).click();
    await cashOut.waitFor({ state: 'detached' });
    await xReport.getByText('− Expenses (Cleaning supplies)').waitFor();
    const xText = (await xReport.innerText()).replace(/\s+/g, ' ');
    expect(xText).toMatch(/Cash out KSh 300\.00/);
    expect(xText).toMatch(/Expected cash KSh 2,300\.00/);

    // Close with KSh 2,250.00 counted: KSh 50 short, shown before closing and recorded as it is.
    await page.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: `Close the shift on ${registerName}` });
    await close.getByLabel('Cash counted').fill('2,250');
    await close.getByLabel('M-Pesa').fill('0');
    const live = (await close.getByRole('definition').allInnerTexts()).join(' ');
    expect(live).toContain('KSh 2,300.00');
    await close.getByText('Short', { exact: true }).waitFor();
    await close.getByText('−KSh 50.00').waitFor();
    await close.getByRole('button', { name: 'Close shift' }).click();
    await close.waitFor({ state: 'detached' });

    const zReport = page.getByRole('article', { name: 'Z report 1' });
    await zReport.waitFor();
    const zText = (await zReport.innerText()).replace(/\s+/g, ' ');
    expect(zText).toMatch(/Counted cash KSh 2,250\.00/);
    expect(zText).toMatch(/Short −KSh 50\.00/);
    expect(zText).toContain(`Closed by ${CASHIER.fullName}`);
    await page.getByText('Closed with Z report 1.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Close shift' }).count()).toBe(0);

    // Print preview: an 80 mm roll by default, an A4 sheet on demand.
    expect(await pageRules(page)).toMatch(/size: 80mm 297mm/);
    expect((await zReport.boundingBox())!.width).toBeCloseTo(80 * PX_PER_MM, 0);
    await page.getByLabel('Paper').selectOption({ label: 'A4 sheet' });
    await page.waitForFunction(() => Array.from(document.styleSheets).some((sheet) => Array.from(sheet.cssRules).some((rule) => rule instanceof CSSPageRule && /size: a4/i.test(rule.cssText))));
    expect(await pageRules(page)).not.toMatch(/80mm/);
    await page.getByRole('button', { name: 'Print Z report' }).click();
    await page.waitForFunction(() => (window as unknown as { e2ePrintCalls: { count: number } }).e2ePrintCalls.count === 1);

    // The Shifts tab lists it closed, with its Z number and the shortfall.
    await page.getByRole('main').getByRole('link', { name: 'Shifts', exact: true }).click();
    // (The list kept from before the close shows until its refetch answers.)
    const row = page.getByRole('table', { name: 'Shifts' }).getByRole('row').filter({ hasText: registerName }).filter({ hasText: '−KSh 50.00' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Closed');
    // And nothing scrolls sideways on the till's screen.
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
  });

  it('a count beyond the shop’s tolerance needs a manager’s approval at the till, and the Z report records the difference and the approver', async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(owner, ACCOUNTS.owner);
    const till = await addMainShopTill(owner, 'Approval till', 'A');
    await owner.context().close();

    const page = await session.openPage({ ...TILL, cookieConsent: 'accepted' });
    await signInThroughForm(page, CASHIER);
    const shift = await callApi<{ id: string }>(page, 'POST', '/api/shifts', { registerId: till.id, openingFloatMinor: 100_000, denominations: null });
    await page.goto(appUrl(`/admin/sales/shifts/${shift.id}`, CASHIER.subdomain));
    await page.getByRole('article', { name: 'X report' }).waitFor();

    // KSh 400 counted of the KSh 1,000 expected: KSh 600 short, past the KSh 500 tolerance.
    await page.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: `Close the shift on ${till.name}` });
    await close.getByLabel('Cash counted').fill('400');
    await close.getByText('−KSh 600.00').waitFor();
    await close.getByRole('button', { name: 'Close shift' }).click();

    const approval = page.getByRole('dialog', { name: 'Manager approval' });
    await approval.getByText('A cash difference beyond the tolerance needs a manager.', { exact: false }).waitFor();
    // Nothing is closed until the manager approves.
    expect((await callApi<{ status: string }>(page, 'GET', `/api/shifts/${shift.id}`)).status).toBe('open');
    await approval.getByLabel('Manager’s e-mail').fill(ACCOUNTS.manager.email);
    await approval.getByRole('radio', { name: 'Password' }).check();
    await approval.getByLabel('Manager’s password').fill(DEMO_PASSWORD);
    await approval.getByLabel('Why (optional)').fill('Float miscounted at opening');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await approval.waitFor({ state: 'detached' });
    await close.waitFor({ state: 'detached' });

    const zReport = page.getByRole('article', { name: 'Z report 1' });
    await zReport.waitFor();
    const zText = (await zReport.innerText()).replace(/\s+/g, ' ');
    expect(zText).toMatch(/Expected cash KSh 1,000\.00/);
    expect(zText).toMatch(/Counted cash KSh 400\.00/);
    expect(zText).toMatch(/Short −KSh 600\.00/);
    expect(zText).toContain(`Closed by ${CASHIER.fullName}`);
    expect(zText).toContain(`Difference approved by ${ACCOUNTS.manager.fullName}`);
    const closed = await callApi<{ status: string; zNumber: number; overShortMinor: number; countedCashMinor: number }>(page, 'GET', `/api/shifts/${shift.id}`);
    expect(closed).toMatchObject({ status: 'closed', zNumber: 1, overShortMinor: -60_000, countedCashMinor: 40_000 });
  });

  it('a manager sets an approval PIN on the profile’s Security tab', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    await page.goto(appUrl('/profile', ACCOUNTS.manager.subdomain));
    await page.getByRole('tab', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Approval PIN' });
    await section.waitFor();
    await section.getByRole('button', { name: /^(Set a PIN|Change PIN)$/ }).click();
    // A PIN with a letter is refused on its field before anything is sent.
    await section.getByLabel('New PIN (4 to 6 digits)').fill('12a4');
    await section.getByRole('button', { name: 'Save PIN' }).click();
    await section.getByText('A PIN is 4 to 6 digits').waitFor();
    await section.getByLabel('New PIN (4 to 6 digits)').fill('482916');
    await section.getByLabel('Your password').fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Save PIN' }).click();
    await section.getByText('PIN set').waitFor();
    const status = await page.evaluate(async () => (await (await fetch('/api/approval-pin', { headers: { accept: 'application/json' } })).json()) as { hasPin: boolean });
    expect(status.hasPin).toBe(true);
  });
});
