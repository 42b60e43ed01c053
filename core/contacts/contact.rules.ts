import type { FeatureKey } from '../billing/plan-features.rules';

// Contacts' own rules (issue 14): Kenyan phone numbers stored as E.164, a phone search that
// understands any way a number is written, KRA PINs, and the customer-management plan feature.

const COUNTRY_CODE = '254';

/**
 * A Kenyan subscriber number: nine digits after the trunk 0. Mobile numbers start with 7
 * (Safaricom 70–72, 74–76, 79; Airtel 73, 75, 78…; Telkom 77) or 1 (Safaricom 110–115, Airtel 100–102);
 * landlines with their area code without the 0 (20 Nairobi, 41 Mombasa, 57 Kisumu, 51 Nakuru…).
 */
const SUBSCRIBER = /^[1-7]\d{8}$/;

/** The digits of a number written with spaces, dashes, dots or brackets, or null for anything else. */
function typedDigits(input: string): { digits: string; plus: boolean } | null {
  const typed = input.trim();
  if (!/^\+?[\d\s().-]*$/.test(typed)) return null;
  return { digits: typed.replace(/\D/g, ''), plus: typed.startsWith('+') };
}

/**
 * A Kenyan phone number in any common written form — 0712 345 678, 0110-123-456, 254712345678,
 * +254 712 345 678, 020 2345678 — as E.164 (+254712345678), or null when it is not one (too short,
 * another country, letters).
 */
export function normalizeKenyanPhone(input: string): string | null {
  const typed = typedDigits(input);
  if (!typed || !typed.digits) return null;
  const { digits, plus } = typed;
  let subscriber: string | null = null;
  if (digits.startsWith(COUNTRY_CODE) && digits.length === 12) subscriber = digits.slice(3);
  else if (!plus && digits.startsWith('0') && digits.length === 10) subscriber = digits.slice(1);
  else if (!plus && digits.length === 9) subscriber = digits;
  if (subscriber === null || !SUBSCRIBER.test(subscriber)) return null;
  return `+${COUNTRY_CODE}${subscriber}`;
}

/**
 * A partly typed number as the start of the E.164 numbers it could be, for `phone LIKE prefix%`:
 * '0712 3' → '+2547123', '2547123' → '+2547123', '+254 712' → '+254712', '712' → '+254712'.
 * Null when the query is not the start of a phone number (letters, too few digits to mean anything).
 */
export function phoneSearchPrefix(query: string): string | null {
  const typed = typedDigits(query);
  if (!typed) return null;
  const { digits, plus } = typed;
  if (digits.length < 3) return null;
  let subscriber: string;
  if (digits.startsWith(COUNTRY_CODE)) subscriber = digits.slice(3);
  else if (plus) return null;
  else if (digits.startsWith('0')) subscriber = digits.slice(1);
  else subscriber = digits;
  if (subscriber.length > 9 || (subscriber.length > 0 && !/^[1-7]/.test(subscriber))) return null;
  return `+${COUNTRY_CODE}${subscriber}`;
}

/** A KRA PIN: a letter, nine digits and a letter (A123456789B, P051234567X). Case is ignored. */
export function isValidKraPin(input: string): boolean {
  return /^[A-Z]\d{9}[A-Z]$/.test(input.trim().toUpperCase());
}

/** The KRA PIN as stored: trimmed and upper case. */
export const normalizeKraPin = (input: string) => input.trim().toUpperCase();

/**
 * Customer groups and their price rules need "advanced customer management": the spec names the
 * feature `customer_management`, and the Starter tier carries it as `advanced_customer_management`.
 */
export function hasCustomerManagement(features: Partial<Record<FeatureKey, boolean>>): boolean {
  return Boolean(features.customer_management || features.advanced_customer_management);
}
