import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discount } from '../../core/sales/sales.schemas';
import type { Permission } from '../../core/team/permissions.rules';
import { addOpeningStock } from '../../tests/support/catalog-factories';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { tenantUsers } from '../db/schema/auth';
import { teamMemberLocations, teamMemberRoles, teamRoles } from '../db/schema/team';
import { addRegisterWithShift, addStockedProduct, checkoutBody, createSalesShop, salesCounts, type SalesShop, type StockedProduct } from './sales-test-kit';

// Discounts, prices, approvers and sales lists by permission (issue 20, docs/decisions/0024):
// what a seller may give without a manager comes from their role (sales.discount and its cap,
// sales.override_price), and the quote says what the checkout will ask; an approver is whoever
// holds sales.approve where the sale is made; the history shows everyone's sales only with
// reports.view, and never a sale at a location the member may not work at. The shop's discount
// limit is 10% (the default) throughout; soap sells at KSh 120.

let testApp: TestApp;
let shop: SalesShop;
let soap: StockedProduct;
/** A second location with its own register and a shift the owner opened. */
let westlands: { locationId: string; registerId: string; shiftId: string };

interface Member {
  id: string;
  email: string;
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
}

/** A person holding a custom role (their membership stays a cashier's), at the given locations (none: all). */
async function addMember(name: string, permissions: Permission[], options: { maxDiscountPercent?: number; locationIds?: string[] } = {}): Promise<Member> {
  const tenantId = shop.tenant.id;
  const person = await createUser(testApp.database, testApp.deps.auth, { tenantId, role: 'cashier', fullName: name });
  await testApp.database.withTenant(tenantId, async (tx) => {
    const [role] = await tx.insert(teamRoles).values({ tenantId, name, permissions, maxDiscountPercent: options.maxDiscountPercent ?? 0 }).returning({ id: teamRoles.id });
    const [member] = await tx.select({ id: tenantUsers.id }).from(tenantUsers).where(eq(tenantUsers.userId, person.id));
    await tx.insert(teamMemberRoles).values({ tenantId, memberId: member!.id, roleId: role!.id });
    for (const locationId of options.locationIds ?? []) await tx.insert(teamMemberLocations).values({ tenantId, memberId: member!.id, locationId });
  });
  const cookie = await signInAs(testApp, shop.host, person.email, TEST_PASSWORD);
  return {
    id: person.id,
    email: person.email,
    call: (method, path, body) => testApp.request(path, { method, host: shop.host, body, headers: { connection: 'close', cookie } }),
  };
}

/** One soap at a typed price and/or with a discount (and a cart discount), paid in cash to the total given. */
function saleOfSoap(line: { unitPriceMinor?: number; discount?: Discount }, totalMinor: number, extra: { approvalIds?: string[]; cartDiscount?: Discount; registerId?: string; shiftId?: string } = {}) {
  const base = checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'cash', amountMinor: totalMinor }], approvalIds: extra.approvalIds ?? [] });
  return {
    ...base,
    registerId: extra.registerId ?? base.registerId,
    shiftId: extra.shiftId ?? base.shiftId,
    lines: [{ variantId: soap.variantId, quantityMilli: 1000, ...line }],
    cartDiscount: extra.cartDiscount ?? null,
    expectedTotalMinor: totalMinor,
  };
}

const percent = (bps: number): Discount => ({ type: 'percent', bps });

/** A manager's approval asked for by `asker` at the shop's register (or `registerId`), with the approver's password. */
async function approval(asker: Member, action: 'discount' | 'price_override', approverEmail: string, registerId: string | null = shop.registerId) {
  return asker.call('POST', '/api/approvals', { action, registerId, email: approverEmail, method: 'password', secret: TEST_PASSWORD });
}

async function approvalId(asker: Member, action: 'discount' | 'price_override', approverEmail: string, registerId?: string | null): Promise<string> {
  const response = await approval(asker, action, approverEmail, registerId);
  expect(response.status, response.text).toBe(201);
  return response.json<{ id: string }>().id;
}

function expectApprovalRequired(response: TestResponse, field: string, message: string) {
  expect(response.status, response.text).toBe(409);
  expect(response.json<{ error: unknown }>().error).toMatchObject({ code: 'approval_required', message, fields: { [field]: [message] } });
}

async function quotedApprovals(seller: Member, line: { unitPriceMinor?: number; discount?: Discount }, cartDiscount: Discount | null = null) {
  const response = await seller.call('POST', '/api/sales/quote', { registerId: shop.registerId, lines: [{ variantId: soap.variantId, quantityMilli: 1000, ...line }], cartDiscount });
  expect(response.status, response.text).toBe(200);
  const quote = response.json<{ lines: { needsApproval: string[] }[]; cartNeedsApproval: boolean }>();
  return { line: quote.lines[0]!.needsApproval, cart: quote.cartNeedsApproval };
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 12_000 });
  const [location] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
    queryRows<{ id: string }>(tx, sql`insert into locations (tenant_id, name) values (${shop.tenant.id}, 'Westlands') returning id`),
  );
  westlands = { locationId: location!.id, ...(await addRegisterWithShift(testApp.database, shop, { prefix: 'W1', locationId: location!.id, openedBy: 'owner' })) };
  await addOpeningStock(testApp.database, shop.tenant.id, { variantId: soap.variantId, locationId: westlands.locationId, quantityMilli: 10_000, unitCostMinor: 7_200 });
});
afterAll(() => testApp.close());

describe('discounts and prices by the seller’s role', () => {
  it('without sales.discount any discount needs a manager: 409 naming the line, nothing written, the quote says so; a manager’s approval sells it and is audited', async () => {
    const seller = await addMember('Till only', ['sales.sell']);
    expect(await quotedApprovals(seller, { discount: percent(500) })).toEqual({ line: ['discount'], cart: false });

    const before = await salesCounts(testApp.database, shop.tenant.id);
    // 5% off KSh 120 = KSh 6: KSh 114.
    expectApprovalRequired(await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(500) }, 11_400)), 'lines.0', 'A discount needs a manager’s approval');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);

    const approved = await approvalId(seller, 'discount', shop.users.manager.email);
    const sold = await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(500) }, 11_400, { approvalIds: [approved] }));
    expect(sold.status, sold.text).toBe(201);
    const sale = sold.json<{ sale: { id: string; discountMinor: number; cashierId: string } }>().sale;
    expect(sale).toMatchObject({ discountMinor: 600, cashierId: seller.id });
    const events = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ action: string; approved_by_user_id: string; details: Record<string, unknown> }>(
        tx,
        sql`select action, approved_by_user_id, details from audit_events where entity = 'sale' and entity_id = ${sale.id}`,
      ),
    );
    expect(events).toEqual([
      { action: 'sale.discount_over_limit', approved_by_user_id: shop.users.manager.id, details: expect.objectContaining({ reason: 'discount_not_allowed', approvalId: approved }) },
    ]);
  });

  it('a role capped at 5%: 5% sells without a manager, 6% needs one on a line or the cart though the shop allows 10%', async () => {
    const seller = await addMember('Senior cashier', ['sales.sell', 'sales.discount'], { maxDiscountPercent: 5 });
    expect(await quotedApprovals(seller, { discount: percent(500) })).toEqual({ line: [], cart: false });
    expect(await quotedApprovals(seller, { discount: percent(600) }, percent(600))).toEqual({ line: ['discount'], cart: true });
    // The built-in cashier has no cap of their own: the shop's 10%.
    const cashierQuote = await shop.call('POST', '/api/sales/quote', {
      as: 'cashier',
      body: { registerId: shop.registerId, lines: [{ variantId: soap.variantId, quantityMilli: 1000, discount: percent(600) }] },
    });
    expect(cashierQuote.json<{ lines: { needsApproval: string[] }[] }>().lines[0]!.needsApproval).toEqual([]);

    const before = await salesCounts(testApp.database, shop.tenant.id);
    // 6% off KSh 120 = KSh 7.20: KSh 112.80.
    expectApprovalRequired(await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(600) }, 11_280)), 'lines.0', 'A discount over your limit needs a manager’s approval');
    expectApprovalRequired(await seller.call('POST', '/api/sales', saleOfSoap({}, 11_280, { cartDiscount: percent(600) })), 'cartDiscount', 'A discount over your limit needs a manager’s approval');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);

    const within = await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(500) }, 11_400));
    expect(within.status, within.text).toBe(201);
    expect(within.json<{ sale: { totalMinor: number } }>().sale.totalMinor).toBe(11_400);
  });

  it('without sales.override_price any change of price needs a manager, a higher one too; with it, only a lower one', async () => {
    const seller = await addMember('Price taker', ['sales.sell', 'sales.discount']);
    expect(await quotedApprovals(seller, { unitPriceMinor: 13_000 })).toEqual({ line: ['price_override'], cart: false });

    const before = await salesCounts(testApp.database, shop.tenant.id);
    expectApprovalRequired(await seller.call('POST', '/api/sales', saleOfSoap({ unitPriceMinor: 13_000 }, 13_000)), 'lines.0', 'A change of price needs a manager’s approval');
    // The built-in cashier does not hold sales.override_price either.
    expectApprovalRequired(await shop.call('POST', '/api/sales', { as: 'cashier', body: saleOfSoap({ unitPriceMinor: 13_000 }, 13_000) }), 'lines.0', 'A change of price needs a manager’s approval');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);

    const approved = await approvalId(seller, 'price_override', shop.users.manager.email);
    const sold = await seller.call('POST', '/api/sales', saleOfSoap({ unitPriceMinor: 13_000 }, 13_000, { approvalIds: [approved] }));
    expect(sold.status, sold.text).toBe(201);
    expect(sold.json<{ sale: { lines: unknown[] } }>().sale.lines[0]).toMatchObject({ unitPriceMinor: 13_000, listPriceMinor: 12_000, priceOverridden: true });

    // A manager raises a price on their own; a lower one still needs another's approval.
    expect((await shop.call('POST', '/api/sales', { as: 'manager', body: saleOfSoap({ unitPriceMinor: 13_000 }, 13_000) })).status).toBe(201);
    expectApprovalRequired(await shop.call('POST', '/api/sales', { as: 'manager', body: saleOfSoap({ unitPriceMinor: 11_000 }, 11_000) }), 'lines.0', 'A price below the catalog’s needs a manager’s approval');
  });
});

describe('approvers by permission', () => {
  it('a custom role holding sales.approve approves, and its approval is spent; a cashier and a role without it are refused alike, writing nothing', async () => {
    const seller = await addMember('Till only too', ['sales.sell']);
    const supervisor = await addMember('Supervisor', ['sales.sell', 'sales.approve']);
    const countApprovals = async () => {
      const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from approvals`));
      return row!.n;
    };
    const before = await countApprovals();
    for (const email of [shop.users.cashier.email, seller.email]) {
      const refused = await approval(seller, 'discount', email);
      expect(refused.status).toBe(422);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('approval_refused');
    }
    expect(await countApprovals()).toBe(before);

    const given = await approval(seller, 'discount', supervisor.email);
    expect(given.status, given.text).toBe(201);
    expect(given.json()).toMatchObject({ approverId: supervisor.id, approverName: 'Supervisor' });
    const sold = await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(500) }, 11_400, { approvalIds: [given.json<{ id: string }>().id] }));
    expect(sold.status, sold.text).toBe(201);
  });

  it('an approver limited to another location does not approve at this register, and their approval is not spent on a sale here', async () => {
    const seller = await addMember('Till only three', ['sales.sell']);
    const westSupervisor = await addMember('Westlands supervisor', ['sales.sell', 'sales.approve'], { locationIds: [westlands.locationId] });
    const refused = await approval(seller, 'discount', westSupervisor.email);
    expect(refused.status).toBe(422);
    await approvalId(seller, 'discount', westSupervisor.email, westlands.registerId);

    // Asked without a register, the location is judged when the sale spends it.
    const unplaced = await approvalId(seller, 'discount', westSupervisor.email, null);
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const spent = await seller.call('POST', '/api/sales', saleOfSoap({ discount: percent(500) }, 11_400, { approvalIds: [unplaced] }));
    expect(spent.status).toBe(409);
    expect(spent.json<{ error: { code: string } }>().error.code).toBe('approval_invalid');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ used: boolean }>(tx, sql`select used_at is not null as used from approvals where id = ${unplaced}`));
    expect(row!.used).toBe(false);
  });
});

describe('sales lists by permission and location', () => {
  type SaleList = { total: number; items: { id: string; cashierId: string }[] };

  async function ownersSaleAt(register: { registerId: string; shiftId: string }): Promise<{ id: string; receiptCode: string }> {
    const response = await shop.call('POST', '/api/sales', { as: 'owner', body: saleOfSoap({}, 12_000, register) });
    expect(response.status, response.text).toBe(201);
    return response.json<{ sale: { id: string; receiptCode: string } }>().sale;
  }

  it('without reports.view a member lists only their own sales; with it, everyone’s', async () => {
    const seller = await addMember('Own sales only', ['sales.sell']);
    const reporter = await addMember('Reporter', ['sales.sell', 'reports.view']);
    const ownersSale = await ownersSaleAt({ registerId: shop.registerId, shiftId: shop.shiftId });
    const own = await seller.call('POST', '/api/sales', saleOfSoap({}, 12_000));
    expect(own.status, own.text).toBe(201);
    const ownId = own.json<{ sale: { id: string } }>().sale.id;

    const theirList = (await seller.call('GET', '/api/sales?pageSize=100')).json<SaleList>();
    expect(theirList.items.map((item) => item.id)).toEqual([ownId]);
    expect(theirList.total).toBe(1);
    const fullList = (await reporter.call('GET', '/api/sales?pageSize=100')).json<SaleList>();
    expect(fullList.items.map((item) => item.id)).toEqual(expect.arrayContaining([ownId, ownersSale.id]));
    // The register opens any sale of the seller's locations by its receipt, for a return.
    expect((await seller.call('GET', `/api/sales/by-receipt/${ownersSale.receiptCode}`)).status).toBe(200);
  });

  it('a member limited to a location gets 404 for a sale elsewhere and does not list it', async () => {
    const townOnly = await addMember('Town branch', ['sales.sell', 'reports.view'], { locationIds: [shop.defaultLocationId] });
    const inTown = await ownersSaleAt({ registerId: shop.registerId, shiftId: shop.shiftId });
    const inWestlands = await ownersSaleAt(westlands);

    expect((await townOnly.call('GET', `/api/sales/${inTown.id}`)).status).toBe(200);
    const elsewhere = await townOnly.call('GET', `/api/sales/${inWestlands.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json<{ error: { message: string } }>().error.message).toBe('Sale not found');
    expect((await townOnly.call('GET', `/api/sales/by-receipt/${inWestlands.receiptCode}`)).status).toBe(404);

    const listed = (await townOnly.call('GET', '/api/sales?pageSize=100')).json<SaleList>();
    expect(listed.items.map((item) => item.id)).toContain(inTown.id);
    expect(listed.items.map((item) => item.id)).not.toContain(inWestlands.id);
    expect((await townOnly.call('GET', `/api/sales?q=${inWestlands.receiptCode}`)).json<SaleList>().total).toBe(0);
    expect((await townOnly.call('GET', `/api/sales?locationId=${westlands.locationId}`)).json<SaleList>().total).toBe(0);
    // The owner, at every location, sees both.
    expect((await shop.call('GET', `/api/sales/${inWestlands.id}`)).status).toBe(200);
    // Nor does the till quote at the other location's register.
    const quote = await townOnly.call('POST', '/api/sales/quote', { registerId: westlands.registerId, lines: [{ variantId: soap.variantId, quantityMilli: 1000 }] });
    expect(quote.status).toBe(404);
  });
});
