import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInPermissions } from '../../core/team/permissions.rules';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createJobQueue } from '../jobs/job-queue';
import { queryRows } from './client';
import { openShift } from '../registers/shifts.service';
import { DEMO_SALES_JOB, demoSalesJob, generateDemoSalesHistory, nairobiMidnight, readDemoSalesProgress, seedDemoSales, seedDemoSalesDay, type DemoSalesHistory } from './demo-sales';
import { DEMO_SECOND_TILL, seedDatabase } from './seed';

// The demo shop's sales history, made through the register's services: two closed days on both
// shops' Till 1 and today's open shift on the main shop's, every document on its own day, the
// stock ledger whole, a rerun adding nothing; a long history goes to the background job.

let testApp: TestApp;
let history: DemoSalesHistory;
const DAYS = 2;

const inDemo = <T>(query: ReturnType<typeof sql>) => testApp.database.withTenant(history.tenantId, (tx) => queryRows<T>(tx, query));

beforeAll(async () => {
  testApp = await createTestApp({ config: { SEED_DEMO: 'true', DEMO_SALES_DAYS: '0' } });
  await seedDatabase(testApp.deps);
  const [demo] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from tenants where subdomain = 'demo'`);
  const people = await queryRows<{ id: string; email: string }>(testApp.database.platform, sql`select id, email from users where email in ('manager@demo.test', 'cashier@demo.test', 'till@demo.test')`);
  const idOf = (email: string) => people.find((person) => person.email === email)!.id;
  history = {
    tenantId: demo!.id,
    staff: { managerId: idOf('manager@demo.test'), cashierIds: [idOf('cashier@demo.test'), idOf('till@demo.test')] },
    days: DAYS,
    now: new Date().toISOString(),
    salesPerDay: 40,
  };
  await generateDemoSalesHistory(testApp.database, history);
}, 300_000);

afterAll(async () => {
  await testApp.close();
});

describe('demo sales history', () => {
  it('closes a shift a day on each shop\'s Till 1 with a Z number and a small over/short, and leaves today\'s open on the main shop', async () => {
    const shifts = await inDemo<{ register: string; is_default: boolean; status: string; z_number: number | null; over_short_minor: number | null; opened_at: Date }>(
      sql`select r.name as register, l.is_default, s.status, s.z_number, s.over_short_minor, s.opened_at
          from shifts s join registers r on r.id = s.register_id join locations l on l.id = r.location_id order by s.opened_at`,
    );
    const closed = shifts.filter((shift) => shift.status === 'closed');
    expect(closed).toHaveLength(DAYS * 2);
    const [tolerance] = await inDemo<{ minor: number }>(sql`select over_short_tolerance_minor as minor from sales_settings`);
    for (const shift of closed) {
      expect(shift.register).toBe('Till 1');
      expect(shift.z_number).toBeGreaterThan(0);
      expect(Math.abs(shift.over_short_minor ?? 0)).toBeLessThanOrEqual(tolerance?.minor ?? 0);
    }
    const open = shifts.filter((shift) => shift.status === 'open');
    expect(open).toEqual([expect.objectContaining({ register: 'Till 1', is_default: true })]);
    expect(new Date(open[0]!.opened_at).getTime()).toBeGreaterThanOrEqual(nairobiMidnight(new Date(history.now), 0).getTime());
    const till2 = await inDemo<{ open: number }>(
      sql`select count(s.id)::int as open from registers r left join shifts s on s.register_id = r.id where r.name = ${DEMO_SECOND_TILL.name}`,
    );
    expect(till2).toEqual([{ open: 0 }]);
  });

  it('dates every sale, its payments and stock movements to its own past day, between opening and closing', async () => {
    const now = new Date(history.now);
    for (let daysAgo = 1; daysAgo <= DAYS; daysAgo += 1) {
      const from = nairobiMidnight(now, daysAgo);
      const to = nairobiMidnight(now, daysAgo - 1);
      const [day] = await inDemo<{ sales: number; outside_hours: number }>(
        sql`select count(*)::int as sales,
                   count(*) filter (where created_at < ${from.toISOString()}::timestamptz + interval '7 hours' or created_at > ${from.toISOString()}::timestamptz + interval '21 hours')::int as outside_hours
            from sales where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`,
      );
      expect(day!.sales).toBeGreaterThan(20);
      expect(day!.outside_hours).toBe(0);
    }
    const mismatched = await inDemo<{ id: string }>(
      sql`select s.id from sales s where s.ring_up_at <> s.created_at
          or exists (select 1 from sale_payments p where p.sale_id = s.id and p.created_at <> s.created_at)
          or exists (select 1 from stock_movements m where m.source_type = 'sale' and m.source_id = s.id and m.created_at <> s.created_at)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('mixes cash, M-Pesa, card and account like a mini-mart, with returns, voids and bank deposits', async () => {
    const tenders = await inDemo<{ tender: string; count: number }>(sql`select tender, count(*)::int as count from sale_payments group by 1`);
    const total = tenders.reduce((sum, row) => sum + row.count, 0);
    const share = (tender: string) => (tenders.find((row) => row.tender === tender)?.count ?? 0) / total;
    expect(share('cash')).toBeGreaterThan(0.3);
    expect(share('mpesa')).toBeGreaterThan(0.25);
    expect(share('card') + share('account')).toBeGreaterThan(0.03);
    expect(share('account')).toBeGreaterThan(0);
    const [documents] = await inDemo<{ returns: number; voids: number; deposits: number }>(
      sql`select (select count(*)::int from sale_returns) as returns, (select count(*)::int from sales where status = 'voided') as voids,
                 (select count(*)::int from shift_cash_movements where reason = 'bank_deposit') as deposits`,
    );
    expect(documents!.returns).toBeGreaterThanOrEqual(DAYS * 2);
    expect(documents!.voids).toBeGreaterThanOrEqual(DAYS * 2);
    expect(documents!.deposits).toBeGreaterThan(0);
  });

  it('keeps every stock level equal to its movements and no account over its credit limit', async () => {
    const mismatches = await inDemo<{ variant_id: string }>(
      sql`select coalesce(s.variant_id, m.variant_id) as variant_id from stock_levels s
          full join (select variant_id, location_id, sum(quantity) as total from stock_movements group by 1, 2) m
            on m.variant_id = s.variant_id and m.location_id = s.location_id
          where s.on_hand is distinct from m.total`,
    );
    expect(mismatches).toEqual([]);
    const negative = await inDemo<{ count: number }>(sql`select count(*)::int as count from stock_levels where on_hand < 0`);
    expect(negative).toEqual([{ count: 0 }]);
  });

  it('sells on account only to customers in good standing: the overdue ones (Hassan Abdi Noor’s statement) keep their seeded account', async () => {
    const onAccount = await inDemo<{ name: string }>(
      sql`select distinct c.name from sales s join sale_payments p on p.sale_id = s.id and p.tender = 'account' join contacts c on c.id = s.customer_id order by 1`,
    );
    expect(onAccount.length).toBeGreaterThan(0);
    for (const overdue of ['Hassan Abdi Noor', 'Kamau Njoroge', 'Grace Akinyi Otieno']) expect(onAccount.map((row) => row.name)).not.toContain(overdue);
  });

  it('adds nothing when run again', async () => {
    const count = () => inDemo<{ sales: number; shifts: number }>(sql`select (select count(*)::int from sales) as sales, (select count(*)::int from shifts) as shifts`);
    const before = await count();
    await generateDemoSalesHistory(testApp.database, history);
    expect(await count()).toEqual(before);
    expect(await readDemoSalesProgress(testApp.database, history.tenantId)).toBeNull();
  });

  it('runs as the job demo.sales-history: a rerun of a made history finishes and leaves no progress behind', async () => {
    const queue = createJobQueue(testApp.database, [demoSalesJob(testApp.database)]);
    await queue.enqueue(DEMO_SALES_JOB, { ...history });
    expect(await queue.runDue()).toEqual([expect.objectContaining({ name: DEMO_SALES_JOB, ok: true })]);
    expect(await readDemoSalesProgress(testApp.database, history.tenantId)).toBeNull();
  });

  it('queues a long history for the background job and shows its progress from the start', async () => {
    const queued: DemoSalesHistory[] = [];
    await seedDemoSales(testApp.database, { ...history, days: 90 }, async (payload) => {
      queued.push(payload);
    });
    expect(queued).toEqual([expect.objectContaining({ days: 90 })]);
    expect(await readDemoSalesProgress(testApp.database, history.tenantId)).toEqual({ totalDays: 90, preparedDays: 0 });
  });

  it('leaves a till alone while someone else has a shift open on it (today\'s on Till 1, a manager\'s at Westlands)', async () => {
    const [westlands] = await inDemo<{ id: string }>(sql`select r.id from registers r join locations l on l.id = r.location_id where not l.is_default and r.name = 'Till 1'`);
    const managerShift = await openShift(
      testApp.database,
      { tenantId: history.tenantId, userId: history.staff.managerId, requestKey: null, permissions: builtInPermissions('manager') },
      { registerId: westlands!.id, openingFloatMinor: 100_000, denominations: null },
    );
    const counts = () => inDemo<{ sales: number; closed: number }>(sql`select (select count(*)::int from sales) as sales, (select count(*)::int from shifts where status = 'closed') as closed`);
    const before = await counts();
    await seedDemoSalesDay(testApp.database, history.tenantId, history.staff, DAYS + 1, new Date(history.now), { salesPerDay: 20 });
    expect(await counts()).toEqual(before);
    const [shift] = await inDemo<{ status: string; sales: number }>(
      sql`select s.status, (select count(*)::int from sales where shift_id = s.id) as sales from shifts s where s.id = ${managerShift.id}`,
    );
    expect(shift).toEqual({ status: 'open', sales: 0 });
  });
});
