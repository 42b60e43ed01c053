import { normalizeKenyanPhone } from '../contacts/contact.rules';

// Pure M-Pesa rules shared by the register and the server (issue 19, docs/decisions/0022-mpesa-daraja.md).

/** A phone Daraja takes for an STK push: 2547XXXXXXXX or 2541XXXXXXXX, or null for anything else. */
export function normalizeMpesaPhone(input: string): string | null {
  const e164 = normalizeKenyanPhone(input);
  if (!e164 || !/^\+254[17]\d{8}$/.test(e164)) return null;
  return e164.slice(1);
}

/** A phone shown back to the cashier: 0712 345 678. */
export function formatMpesaPhone(phone: string): string {
  const local = `0${phone.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

export const STK_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'timed_out', 'abandoned'] as const;
export type StkStatus = (typeof STK_STATUSES)[number];

/** Daraja's result codes the cashier can act on (Daraja STK result codes; research C). */
export const MPESA_RESULT = {
  success: 0,
  insufficientFunds: 1,
  busy: 17,
  busyAlt: 26,
  subscriberLocked: 1001,
  expired: 1019,
  pushFailed: 1025,
  cancelled: 1032,
  noResponse: 1037,
  wrongPin: 2001,
  systemError: 9999,
} as const;

/** Where an STK result code leaves the prompt. */
export function stkStatusForResult(resultCode: number): Exclude<StkStatus, 'pending' | 'abandoned'> {
  if (resultCode === MPESA_RESULT.success) return 'paid';
  if (resultCode === MPESA_RESULT.cancelled) return 'cancelled';
  if (resultCode === MPESA_RESULT.noResponse || resultCode === MPESA_RESULT.expired) return 'timed_out';
  return 'failed';
}

/** A result code as a plain sentence for the cashier (marked for translation; the web translates it). */
export function cashierMessageForResult(resultCode: number | null): string {
  switch (resultCode) {
    case null:
      return /*i18n*/ 'Waiting for the customer to enter their M-Pesa PIN';
    case MPESA_RESULT.success:
      return /*i18n*/ 'Paid';
    case MPESA_RESULT.insufficientFunds:
      return /*i18n*/ 'The customer does not have enough money on M-Pesa';
    case MPESA_RESULT.cancelled:
      return /*i18n*/ 'The customer cancelled the M-Pesa prompt';
    case MPESA_RESULT.noResponse:
      return /*i18n*/ 'No response from the customer’s phone';
    case MPESA_RESULT.expired:
      return /*i18n*/ 'The prompt expired before the customer answered';
    case MPESA_RESULT.wrongPin:
      return /*i18n*/ 'The customer entered a wrong M-Pesa PIN';
    case MPESA_RESULT.busy:
    case MPESA_RESULT.busyAlt:
    case MPESA_RESULT.subscriberLocked:
      return /*i18n*/ 'M-Pesa is busy with another payment on this phone; try again in a moment';
    case MPESA_RESULT.pushFailed:
    case MPESA_RESULT.systemError:
      return /*i18n*/ 'The prompt could not reach the customer’s phone';
    default:
      return /*i18n*/ 'M-Pesa did not complete the payment';
  }
}

/**
 * An amount as Daraja writes it ("1", "10.00", 150.5) in minor units, without floating point; null
 * when it is not a positive amount with at most two decimals.
 */
export function mpesaAmountToMinor(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/**
 * Daraja's time stamps (TransTime, TransactionDate: YYYYMMDDHHmmss in Nairobi, UTC+3 all year) as
 * an instant; null when it is not one.
 */
export function parseDarajaTime(value: unknown): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(value ?? '').trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as Daraja's Timestamp (YYYYMMDDHHmmss in Africa/Nairobi). */
export function darajaTimestamp(at: Date): string {
  const nairobi = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${nairobi.getUTCFullYear()}${pad(nairobi.getUTCMonth() + 1)}${pad(nairobi.getUTCDate())}${pad(nairobi.getUTCHours())}${pad(nairobi.getUTCMinutes())}${pad(nairobi.getUTCSeconds())}`;
}

/** Daraja's AccountReference holds at most 12 characters. */
export const accountReferenceFor = (text: string) => text.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 12) || 'Dukani';
