import { postCharge, recordPayment } from '../accounts/account-ledger';
import { earnPoints } from '../loyalty/loyalty-ledger';
import type { TenantTx } from './client';
import { contacts, loyaltySettings } from './schema/contacts';

// The demo shop's customers and suppliers (demo mode only, server/db/seed.ts): Kenyan names and
// numbers (Safaricom 07…/011…, Airtel 073…/010…), a few customers on credit with balances across
// the aging buckets (charges dated in the past, due by their terms), one with a deposit, loyalty
// points from past purchases, and the mini-mart's suppliers with bills to pay. Every balance is
// written through the ledgers (server/accounts/account-ledger.ts, server/loyalty/loyalty-ledger.ts),
// so balances, open items and statements agree. Amounts are whole shillings.

interface DemoCustomer {
  name: string;
  phone: string;
  email?: string;
  address?: string;
  tags?: string[];
  creditLimitKes?: number;
  termsDays?: number;
  /** Credit sales: how many days ago, and the amount; due after the customer's terms. */
  charges?: { daysAgo: number; kes: number }[];
  /** A payment received today (oldest charges first; more than owed stays as a deposit). */
  paidKes?: number;
  /** Purchases that earned points (the demo shop's programme: 1 point per KES 100). */
  spentKes?: number[];
}

interface DemoSupplier {
  name: string;
  company: string;
  phone: string;
  email?: string;
  kraPin: string;
  address: string;
  termsDays: number;
  bills: { daysAgo: number; kes: number }[];
  paidKes?: number;
}

/** ~30 customers: most pay cash (loyalty only), some buy on credit with terms. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  // On credit: one per aging bucket and a few spread over several.
  { name: 'Mama Mboga Wairimu', phone: '+254712345601', address: 'Kangemi market, stall 14', tags: ['credit', 'trader'], creditLimitKes: 15000, termsDays: 7, charges: [{ daysAgo: 3, kes: 2350 }, { daysAgo: 1, kes: 1180 }], spentKes: [5400, 3200] },
  { name: 'Peter Kiprotich', phone: '+254722400112', email: 'kiprotich.peter@example.com', tags: ['credit'], creditLimitKes: 10000, termsDays: 14, charges: [{ daysAgo: 30, kes: 4200 }], spentKes: [2800] },
  { name: 'Grace Akinyi Otieno', phone: '+254733218907', address: 'Kawangware 46', tags: ['credit'], creditLimitKes: 20000, termsDays: 30, charges: [{ daysAgo: 75, kes: 6150 }, { daysAgo: 20, kes: 2400 }], paidKes: 2000, spentKes: [8900, 1250] },
  { name: 'Hassan Abdi Noor', phone: '+254711908345', tags: ['credit'], creditLimitKes: 25000, termsDays: 30, charges: [{ daysAgo: 105, kes: 9800 }], spentKes: [12400] },
  { name: 'Kamau Njoroge', phone: '+254110234567', address: 'Waruku, off Naivasha Road', tags: ['credit', 'estate'], creditLimitKes: 30000, termsDays: 30, charges: [{ daysAgo: 150, kes: 7420 }, { daysAgo: 50, kes: 3500 }, { daysAgo: 5, kes: 1960 }], paidKes: 1500 },
  { name: 'St. Mary’s Day Care', phone: '+254202345678', email: 'accounts@stmarys-daycare.example', tags: ['credit', 'institution'], creditLimitKes: 50000, termsDays: 30, charges: [{ daysAgo: 40, kes: 18750 }] },
  // A deposit: paid more than owed, kept as credit in her favour.
  { name: 'Esther Wanjiru', phone: '+254701556677', tags: ['regular'], creditLimitKes: 5000, termsDays: 7, charges: [{ daysAgo: 12, kes: 1450 }], paidKes: 2000, spentKes: [3100, 2750] },
  // A credit limit, nothing owed.
  { name: 'Joseph Mwangi', phone: '+254727889900', tags: ['credit'], creditLimitKes: 8000, termsDays: 14, spentKes: [4600] },
  // Cash customers, most of them earning points.
  { name: 'Faith Chebet', phone: '+254768112233', spentKes: [2300, 1850, 4020] },
  { name: 'Brian Ochieng', phone: '+254740223344', email: 'brian.ochieng@example.com', spentKes: [1320] },
  { name: 'Mercy Nyambura', phone: '+254795334455', tags: ['regular'], spentKes: [6400, 2100] },
  { name: 'Ali Hassan Mohamed', phone: '+254714445566', spentKes: [980] },
  { name: 'Lucy Atieno', phone: '+254757556677', spentKes: [3340] },
  { name: 'Samuel Kipchoge', phone: '+254720667788', tags: ['regular'], spentKes: [7850, 1200, 640] },
  { name: 'Agnes Mutheu', phone: '+254731778899', spentKes: [1560] },
  { name: 'David Kariuki', phone: '+254111889900', email: 'dkariuki@example.com' },
  { name: 'Naomi Jepkosgei', phone: '+254702990011', spentKes: [2240] },
  { name: 'John Ouma', phone: '+254716101112', spentKes: [890, 3300] },
  { name: 'Rose Wambui Gitau', phone: '+254724121314', tags: ['regular'], spentKes: [5120] },
  { name: 'Abdullahi Yusuf', phone: '+254708131415' },
  { name: 'Winnie Auma', phone: '+254745141516', spentKes: [1750] },
  { name: 'Charles Mutua', phone: '+254100151617', spentKes: [2680] },
  { name: 'Beatrice Nekesa', phone: '+254793161718', spentKes: [4410] },
  { name: 'Kevin Omondi', phone: '+254719171819' },
  { name: 'Zainabu Said', phone: '+254728181920', tags: ['regular'], spentKes: [3960, 2020] },
  { name: 'Moses Kiplagat', phone: '+254736192021', spentKes: [1100] },
  { name: 'Purity Kawira', phone: '+254112202122', spentKes: [2590] },
  { name: 'George Onyango', phone: '+254741212223' },
  { name: 'Tabitha Muthoni', phone: '+254799222324', spentKes: [3720] },
  { name: 'Daniel Too', phone: '+254713232425', spentKes: [640] },
];

/** The mini-mart's suppliers, with bills to pay (some overdue). KRA PINs are made up in the right format. */
export const DEMO_SUPPLIERS: DemoSupplier[] = [
  { name: 'Brookside Dairy', company: 'Brookside Dairy Ltd', phone: '+254709876500', email: 'orders@brookside.example', kraPin: 'P051100001A', address: 'Ruiru, Kiambu', termsDays: 14, bills: [{ daysAgo: 20, kes: 48600 }, { daysAgo: 6, kes: 32400 }] },
  { name: 'Unga Millers', company: 'Unga Millers Kenya Ltd', phone: '+254720300400', kraPin: 'P051100002B', address: 'Industrial Area, Nairobi', termsDays: 30, bills: [{ daysAgo: 45, kes: 86250 }], paidKes: 40000 },
  { name: 'Coca-Cola Nairobi Bottlers', company: 'Nairobi Bottlers Ltd', phone: '+254711500600', kraPin: 'P051100003C', address: 'Embakasi, Nairobi', termsDays: 7, bills: [{ daysAgo: 4, kes: 27360 }] },
  { name: 'Bidco Oils', company: 'Bidco Africa Ltd', phone: '+254733600700', email: 'trade@bidco.example', kraPin: 'P051100004D', address: 'Thika', termsDays: 30, bills: [{ daysAgo: 70, kes: 41800 }, { daysAgo: 15, kes: 23900 }] },
  { name: 'Gikomba Wholesale Depot', company: 'Gikomba Wholesalers Ltd', phone: '+254722700800', kraPin: 'P051100005E', address: 'Gikomba, Nairobi', termsDays: 14, bills: [{ daysAgo: 9, kes: 15740 }] },
  { name: 'Kenafric Sweets', company: 'Kenafric Industries Ltd', phone: '+254701800900', kraPin: 'P051100006F', address: 'Baba Dogo Road, Nairobi', termsDays: 30, bills: [{ daysAgo: 35, kes: 12480 }], paidKes: 12480 },
  { name: 'Mumias Sugar Agents', company: 'Western Sugar Distributors', phone: '+254110900100', kraPin: 'P051100007G', address: 'Kariobangi, Nairobi', termsDays: 21, bills: [{ daysAgo: 100, kes: 38000 }] },
  { name: 'Kiambu Fresh Eggs', company: 'Kiambu Poultry Farmers Co-op', phone: '+254745100200', kraPin: 'P051100008H', address: 'Kiambu town', termsDays: 7, bills: [{ daysAgo: 2, kes: 9000 }] },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a date (UTC: the demo's dates need only be right to the day). */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function seedDemoContacts(tx: TenantTx, tenantId: string, userId: string | null, now = new Date()) {
  // The demo shop runs a loyalty programme: 1 point per KES 100, a point worth KES 1, points last a year.
  await tx
    .insert(loyaltySettings)
    .values({ tenantId, isEnabled: true, earnRateBps: 100, pointValueMinor: 100, minRedeemPoints: 100, expiryMonths: 12 })
    .onConflictDoNothing();

  const inserted = await tx
    .insert(contacts)
    .values([
      ...DEMO_CUSTOMERS.map((customer) => ({
        tenantId,
        type: 'customer',
        name: customer.name,
        phone: customer.phone,
        email: customer.email ?? null,
        address: customer.address ?? null,
        tags: customer.tags ?? [],
        creditLimitMinor: (customer.creditLimitKes ?? 0) * 100,
        customerPaymentTermsDays: customer.termsDays ?? 0,
      })),
      ...DEMO_SUPPLIERS.map((supplier) => ({
        tenantId,
        type: 'supplier',
        name: supplier.name,
        company: supplier.company,
        phone: supplier.phone,
        email: supplier.email ?? null,
        kraPin: supplier.kraPin,
        address: supplier.address,
        tags: ['supplier'],
        supplierPaymentTermsDays: supplier.termsDays,
      })),
    ])
    .returning({ id: contacts.id, name: contacts.name });
  const idOf = new Map(inserted.map((row) => [row.name, row.id]));

  const post = async (contactId: string, side: 'receivable' | 'payable', termsDays: number, items: { daysAgo: number; kes: number }[], paidKes?: number) => {
    for (const item of [...items].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const occurredAt = new Date(now.getTime() - item.daysAgo * DAY_MS);
      await postCharge(tx, {
        tenantId,
        contactId,
        side,
        amountMinor: item.kes * 100,
        sourceType: 'demo',
        sourceId: null,
        userId,
        occurredAt,
        dueDate: isoDay(new Date(occurredAt.getTime() + termsDays * DAY_MS)),
      });
    }
    if (paidKes) await recordPayment(tx, { tenantId, contactId, side, amountMinor: paidKes * 100, method: side === 'receivable' ? 'cash' : 'bank_transfer', userId, reference: null });
  };

  for (const customer of DEMO_CUSTOMERS) {
    const contactId = idOf.get(customer.name)!;
    if (customer.charges) await post(contactId, 'receivable', customer.termsDays ?? 0, customer.charges, customer.paidKes);
    // One earn for the customer's past purchases together (one ledger write each keeps the seed quick).
    const spentKes = (customer.spentKes ?? []).reduce((sum, kes) => sum + kes, 0);
    if (spentKes > 0) {
      await earnPoints(tx, { tenantId, contactId, saleRef: `demo-${contactId}`, amountMinor: spentKes * 100, userId, occurredAt: new Date(now.getTime() - 9 * DAY_MS) });
    }
  }
  for (const supplier of DEMO_SUPPLIERS) {
    await post(idOf.get(supplier.name)!, 'payable', supplier.termsDays, supplier.bills, supplier.paidKes);
  }
}
