import { describe, expect, it } from 'vitest';
import { parseCsv } from '../products/csv.rules';
import { contactExportFields, contactImportTemplateCsv, mapContactImportHeader, mapContactImportRow, parseCsvMoney } from './contact-import.rules';

describe('parseCsvMoney', () => {
  it('reads the written decimal into exact minor units (no float on the way)', () => {
    expect(parseCsvMoney('1,500.00', false)).toBe(150000);
    expect(parseCsvMoney('1500', false)).toBe(150000);
    expect(parseCsvMoney('KES 0.29', false)).toBe(29);
    expect(parseCsvMoney('Ksh 1,234,567.89', false)).toBe(123456789);
    expect(parseCsvMoney('  12.5 ', false)).toBe(1250);
    expect(parseCsvMoney('-250.50', true)).toBe(-25050);
    expect(parseCsvMoney('\u2212250', true)).toBe(-25000);
  });
  it('refuses what is not such an amount', () => {
    for (const text of ['-250', '10.005', '1e3', 'abc', '12,5', '', '1.2.3']) expect(parseCsvMoney(text, false), text).toBeNull();
    expect(parseCsvMoney('--5', true)).toBeNull();
  });
});

describe('the contacts CSV', () => {
  it('maps header spellings and refuses a file without a name column', () => {
    const header = mapContactImportHeader(['Customer Name', 'Phone Number', 'KRA PIN', 'Opening Balance (KES)', 'Shoe size']);
    expect(header.ok && header.header).toEqual({ indexes: { name: 0, phone: 1, kra_pin: 2, opening_balance: 3 }, ignoredColumns: ['Shoe size'] });
    expect(mapContactImportHeader(['phone']).ok).toBe(false);
    expect(mapContactImportHeader(['name', 'Name']).ok).toBe(false);
  });

  it('reads a row by type: a supplier has no credit limit, a customer no supplier balance', () => {
    const header = mapContactImportHeader(['type', 'name', 'credit_limit', 'supplier_opening_balance', 'tags']);
    if (!header.ok) throw new Error(header.message);
    const supplier = mapContactImportRow({ row: 2, fields: ['Vendor', 'Bidco', '100', '5,000', ' a | b |a '] }, header.header);
    expect(supplier.draft).toMatchObject({ type: 'supplier', supplierOpeningBalanceMinor: 500000, tags: ['a', 'b'] });
    expect(Object.keys(supplier.errors)).toEqual(['credit_limit']);
    const customer = mapContactImportRow({ row: 3, fields: ['', 'Mary', '', '10', ''] }, header.header);
    expect(customer.draft.type).toBe('customer');
    expect(Object.keys(customer.errors)).toEqual(['supplier_opening_balance']);
    const unknown = mapContactImportRow({ row: 4, fields: ['friend', '', '', '', ''] }, header.header);
    expect(Object.keys(unknown.errors).sort()).toEqual(['name', 'type']);
  });

  it('escapes formula cells on the way out and takes the apostrophe off on the way in', () => {
    const fields = contactExportFields({
      type: 'customer',
      name: '=cmd|"/C calc"!A0',
      phone: '+254712345678',
      email: null,
      company: '@SUM(1)',
      kraPin: null,
      address: null,
      notes: '-2+3',
      tags: [],
      customerGroupName: null,
      creditLimitMinor: 0,
      customerPaymentTermsDays: 0,
      supplierPaymentTermsDays: 0,
      receivableMinor: -5000,
      payableMinor: 0,
    });
    expect(fields.slice(0, 8)).toEqual(['customer', `'=cmd|"/C calc"!A0`, "'+254712345678", '', "'@SUM(1)", '', '', "'-2+3"]);
    expect(fields[13]).toBe('-50.00');
    const header = mapContactImportHeader(['type', 'name', 'phone', 'email', 'company', 'kra_pin', 'address', 'notes']);
    if (!header.ok) throw new Error(header.message);
    const row = mapContactImportRow({ row: 2, fields: fields.slice(0, 8) }, header.header);
    expect(row.draft).toMatchObject({ name: '=cmd|"/C calc"!A0', phone: '+254712345678', company: '@SUM(1)', notes: '-2+3' });
  });

  it('has a template that starts with the byte order mark and parses', () => {
    const template = contactImportTemplateCsv();
    expect(template.charCodeAt(0)).toBe(0xfeff);
    const parsed = parseCsv(template);
    expect(parsed.ok && parsed.records).toHaveLength(4);
  });
});
