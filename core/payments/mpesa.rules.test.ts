import { describe, expect, it } from 'vitest';
import { cashierMessageForResult, formatMpesaPhone, mpesaAmountToMinor, normalizeMpesaPhone, parseDarajaTime, stkStatusForResult } from './mpesa.rules';
import { mpesaSettingsInputSchema, stkRequestInputSchema } from './mpesa.schemas';

describe('normalizeMpesaPhone', () => {
  it('writes Safaricom numbers as Daraja takes them (2547… / 2541…)', () => {
    expect(normalizeMpesaPhone('0712 345 678')).toBe('254712345678');
    expect(normalizeMpesaPhone('+254 712-345-678')).toBe('254712345678');
    expect(normalizeMpesaPhone('254110345678')).toBe('254110345678');
    expect(normalizeMpesaPhone('712345678')).toBe('254712345678');
  });

  it('refuses landlines, other countries and short numbers', () => {
    for (const input of ['020 2345678', '+255712345678', '07123', 'phone', '']) expect(normalizeMpesaPhone(input)).toBeNull();
  });

  it('shows a number back as 0712 345 678', () => {
    expect(formatMpesaPhone('254712345678')).toBe('0712 345 678');
  });
});

describe('result codes', () => {
  it('maps Daraja’s STK result codes to the prompt’s state and a sentence for the cashier', () => {
    expect(stkStatusForResult(0)).toBe('paid');
    expect(stkStatusForResult(1032)).toBe('cancelled');
    expect(stkStatusForResult(1037)).toBe('timed_out');
    expect(stkStatusForResult(2001)).toBe('failed');
    expect(stkStatusForResult(1)).toBe('failed');
    expect(cashierMessageForResult(1032)).toBe('The customer cancelled the M-Pesa prompt');
    expect(cashierMessageForResult(1037)).toBe('No response from the customer’s phone');
    expect(cashierMessageForResult(2001)).toBe('The customer entered a wrong M-Pesa PIN');
    expect(cashierMessageForResult(1)).toBe('The customer does not have enough money on M-Pesa');
    expect(cashierMessageForResult(4242)).toBe('M-Pesa did not complete the payment');
  });
});

describe('Daraja amounts and times', () => {
  it('reads amounts as minor units without floating point', () => {
    expect(mpesaAmountToMinor('10.00')).toBe(1_000);
    expect(mpesaAmountToMinor(1)).toBe(100);
    expect(mpesaAmountToMinor('150.5')).toBe(15_050);
    expect(mpesaAmountToMinor('0.29')).toBe(29);
    for (const bad of ['0', '-5', '1.234', 'ten', null]) expect(mpesaAmountToMinor(bad)).toBeNull();
  });

  it('reads TransTime (Nairobi) as an instant', () => {
    expect(parseDarajaTime('20191122063845')?.toISOString()).toBe('2019-11-22T03:38:45.000Z');
    expect(parseDarajaTime(20200511201419)?.toISOString()).toBe('2020-05-11T17:14:19.000Z');
    expect(parseDarajaTime('2019-11-22')).toBeNull();
  });
});

describe('schemas', () => {
  it('takes whole shillings only on a prompt', () => {
    const base = { id: crypto.randomUUID(), registerId: crypto.randomUUID(), phone: '0712345678' };
    expect(stkRequestInputSchema.parse({ ...base, amountMinor: 25_000 }).phone).toBe('254712345678');
    expect(stkRequestInputSchema.safeParse({ ...base, amountMinor: 25_050 }).success).toBe(false);
    expect(stkRequestInputSchema.safeParse({ ...base, amountMinor: 25_000, phone: '0202345678' }).success).toBe(false);
  });

  it('asks for the till number of a till', () => {
    const result = mpesaSettingsInputSchema.safeParse({ shortcodeType: 'till', shortcode: '174379', environment: 'sandbox' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tillNumber']);
  });
});
