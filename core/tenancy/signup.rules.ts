import { normalizeKenyanPhone } from '../contacts/contact.rules';

// Self-serve sign-up (issue 21): which shop addresses may be taken, the countries a shop can start
// in, and the owner's phone number as E.164. Pure rules shared by the sign-up form and the server.

/**
 * Names the platform keeps for itself: its own hosts (www, api, mail…), its areas (admin,
 * superadmin, auth…) and names that would pass for Dukani's own pages. Compared lowercase.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'email',
  'webmail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'mx',
  'superadmin',
  'platform',
  'auth',
  'login',
  'signin',
  'signup',
  'register',
  'account',
  'accounts',
  'billing',
  'pay',
  'payments',
  'checkout',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'news',
  'static',
  'assets',
  'cdn',
  'media',
  'files',
  'dev',
  'staging',
  'test',
  'sandbox',
  'localhost',
  'dukani',
  'secure',
  'portal',
  'dashboard',
  'system',
  'root',
  'metrics',
]);

export const SUBDOMAIN_RESERVED_MESSAGE = /*i18n*/ 'That address is reserved. Choose another.';
export const SUBDOMAIN_TAKEN_MESSAGE = /*i18n*/ 'That address is taken. Choose another.';

export function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED_SUBDOMAINS.has(subdomain.trim().toLowerCase());
}

/**
 * The countries a shop can start in: its currency and time zone (business settings) and the
 * dialling code its owner's phone number is read with. Kenya first; the neighbours' shillings and
 * francs are kept in cents like every amount (the till works in minor units throughout).
 */
export const SIGNUP_COUNTRIES = {
  KE: { name: /*i18n*/ 'Kenya', currencyCode: 'KES', currencySymbol: 'KSh', timeZone: 'Africa/Nairobi', dialingCode: '254' },
  UG: { name: /*i18n*/ 'Uganda', currencyCode: 'UGX', currencySymbol: 'USh', timeZone: 'Africa/Kampala', dialingCode: '256' },
  TZ: { name: /*i18n*/ 'Tanzania', currencyCode: 'TZS', currencySymbol: 'TSh', timeZone: 'Africa/Dar_es_Salaam', dialingCode: '255' },
  RW: { name: /*i18n*/ 'Rwanda', currencyCode: 'RWF', currencySymbol: 'FRw', timeZone: 'Africa/Kigali', dialingCode: '250' },
} as const;
export type SignupCountry = keyof typeof SIGNUP_COUNTRIES;
export const SIGNUP_COUNTRY_CODES = Object.keys(SIGNUP_COUNTRIES) as [SignupCountry, ...SignupCountry[]];
export const DEFAULT_SIGNUP_COUNTRY: SignupCountry = 'KE';

/**
 * The owner's phone number as E.164, read as people in the country write it: Kenya's own rule
 * (contacts' normalizeKenyanPhone: 0712 345 678, 254712345678, +254 712 345 678…); elsewhere
 * the nine-digit national number after the trunk 0 or the country code. Null when it is not one.
 */
export function normalizeSignupPhone(input: string, country: SignupCountry): string | null {
  if (country === 'KE') return normalizeKenyanPhone(input);
  const typed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  const plus = typed.startsWith('+');
  const { dialingCode } = SIGNUP_COUNTRIES[country];
  let national: string | null = null;
  if (digits.startsWith(dialingCode) && digits.length === dialingCode.length + 9) national = digits.slice(dialingCode.length);
  else if (!plus && digits.startsWith('0') && digits.length === 10) national = digits.slice(1);
  else if (!plus && digits.length === 9) national = digits;
  if (national === null || !/^[1-9]\d{8}$/.test(national)) return null;
  return `+${dialingCode}${national}`;
}

/** What the shop sells, asked at sign-up (kept with the sign-up for the platform's figures). */
export const BUSINESS_TYPES = {
  general_retail: /*i18n*/ 'General shop (duka)',
  supermarket: /*i18n*/ 'Supermarket or minimart',
  hardware: /*i18n*/ 'Hardware',
  pharmacy: /*i18n*/ 'Pharmacy or chemist',
  agrovet: /*i18n*/ 'Agrovet',
  electronics: /*i18n*/ 'Electronics and phones',
  fashion: /*i18n*/ 'Clothes and shoes',
  beauty: /*i18n*/ 'Beauty and cosmetics',
  food_and_drinks: /*i18n*/ 'Restaurant, café or bar',
  wholesale: /*i18n*/ 'Wholesale or distribution',
  other: /*i18n*/ 'Something else',
} as const;
export type BusinessType = keyof typeof BUSINESS_TYPES;
export const BUSINESS_TYPE_KEYS = Object.keys(BUSINESS_TYPES) as [BusinessType, ...BusinessType[]];

/** The first-run checklist's items, in the order the dashboard lists them. */
export const FIRST_RUN_STEPS = ['products', 'receipt', 'staff', 'mpesa'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
