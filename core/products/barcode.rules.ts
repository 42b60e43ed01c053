import { fillMessage } from '../i18n/message.rules';

// Barcodes (issue "Products and inventory"): EAN-13, EAN-8 and UPC-A carry a GS1 check digit;
// anything else is a free-form internal code. Pure, shared by the product form and the server.

export type BarcodeKind = 'ean13' | 'ean8' | 'upca' | 'internal';

/** GS1 check digit of the digits before it: weights 3,1,3,… from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const hasValidCheckDigit = (code: string) => gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));

/** What a code is, by its length when it is all digits. */
export function barcodeKind(code: string): BarcodeKind {
  if (/^\d{13}$/.test(code)) return 'ean13';
  if (/^\d{12}$/.test(code)) return 'upca';
  if (/^\d{8}$/.test(code)) return 'ean8';
  return 'internal';
}

export const INTERNAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,47}$/;

/**
 * Why a code is not acceptable, or null. EAN/UPC lengths must carry a correct check digit
 * (a mistyped digit is caught at the till, not at the customer's expense); internal codes are
 * 1–48 letters, digits or . _ - / starting with a letter or digit.
 */
export function barcodeProblem(code: string): string | null {
  const kind = barcodeKind(code);
  if (kind === 'internal') {
    if (/^\d+$/.test(code) && [7, 11, 14].includes(code.length)) {
      return /*i18n*/ 'Digits-only codes must be EAN-8, UPC-A (12) or EAN-13; check for a missing or extra digit';
    }
    return INTERNAL_CODE_PATTERN.test(code) ? null : /*i18n*/ 'Use up to 48 letters, digits, dots, dashes, slashes or underscores';
  }
  if (!hasValidCheckDigit(code)) {
    const label = kind === 'ean13' ? 'EAN-13' : kind === 'ean8' ? 'EAN-8' : 'UPC-A';
    return fillMessage(/*i18n*/ "This {label} barcode's check digit is wrong; check the number on the pack", { label });
  }
  return null;
}

/** Completes a 12-digit EAN-13 body (e.g. an in-store code) with its check digit. */
export function withEan13CheckDigit(body12: string): string {
  if (!/^\d{12}$/.test(body12)) throw new RangeError('An EAN-13 body has 12 digits');
  return `${body12}${gs1CheckDigit(body12)}`;
}
