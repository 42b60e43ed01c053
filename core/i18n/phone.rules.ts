// Kenyan phone numbers as people read them: +254 and the nine-digit subscriber number in groups of
// three (+254 712 345 678), the same in English and Kiswahili. Only the display changes: what was
// typed is stored as typed.

const KENYA_COUNTRY_CODE = '254';

/**
 * "0712 345678", "254712345678", "+254 712-345-678" or "712345678" → "+254 712 345 678" (mobile 7…
 * and 1…, and landlines such as 020 …, all have nine digits after the trunk 0). Anything else
 * (another country's number, an extension, a typing slip) is shown as typed, trimmed.
 */
export function formatPhoneNumber(phone: string): string {
  const typed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  let subscriber: string | null = null;
  if (digits.length === 12 && digits.startsWith(KENYA_COUNTRY_CODE)) subscriber = digits.slice(3);
  else if (digits.length === 10 && digits.startsWith('0') && !typed.startsWith('+')) subscriber = digits.slice(1);
  else if (digits.length === 9 && !typed.startsWith('+') && !digits.startsWith('0')) subscriber = digits;
  if (subscriber === null || subscriber.startsWith('0')) return typed;
  return `+${KENYA_COUNTRY_CODE} ${subscriber.slice(0, 3)} ${subscriber.slice(3, 6)} ${subscriber.slice(6)}`;
}
