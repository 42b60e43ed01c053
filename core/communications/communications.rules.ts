// Messages to customers (issue 20, docs/decisions/0026-communications.md): the template variables,
// the built-in texts in English and Kiswahili (a shop may replace any of them), rendering, quiet
// hours and the STOP reply. Pure: the server and the screen's live preview use the same code.

export const CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** team_invitation: the Team area's invitation link to a staff member's phone (a system message; no customer, no consent). */
export const MESSAGE_KINDS = ['receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock', 'campaign', 'test', 'team_invitation'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The kinds a shop has a template for (a campaign carries its own text, a test is fixed). */
export const TEMPLATE_KINDS = ['receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const MESSAGE_LANGUAGES = ['en', 'sw'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const TEMPLATE_VARIABLES = ['customer_name', 'shop_name', 'balance', 'due_date', 'receipt_number', 'receipt_total', 'points', 'low_stock_items'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{([a-z_]+)\}/g;

/** The names in braces a text uses that are not variables ("{balanse}"): a template with one is refused. */
export function unknownVariables(body: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  return [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1]!).filter((name) => !known.has(name)))];
}

/**
 * The text with each variable replaced. A variable without a value is left out with the space
 * before it, so a receipt to a walk-in customer reads "thank you." rather than "thank you .".
 */
export function renderTemplate(body: string, values: TemplateValues): string {
  return body.replace(/( ?)\{([a-z_]+)\}/g, (whole, space: string, name: string) => {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) return whole;
    const value = values[name as TemplateVariable] ?? '';
    return value === '' ? '' : `${space}${value}`;
  });
}

/** Which variables each kind fills (what the editor offers). */
export const VARIABLES_OF: Record<TemplateKind | 'campaign', readonly TemplateVariable[]> = {
  receipt: ['customer_name', 'shop_name', 'receipt_number', 'receipt_total'],
  debt_reminder: ['customer_name', 'shop_name', 'balance', 'due_date'],
  statement: ['customer_name', 'shop_name', 'balance'],
  loyalty_balance: ['customer_name', 'shop_name', 'points'],
  low_stock: ['shop_name', 'low_stock_items'],
  campaign: ['customer_name', 'shop_name', 'balance', 'points'],
};

/** The built-in texts; a shop's own template for a kind, channel and language replaces its one. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, Record<MessageLanguage, string>> = {
  receipt: {
    en: '{shop_name}: thank you {customer_name}. Your receipt total is {receipt_total}.',
    sw: '{shop_name}: asante {customer_name}. Jumla ya risiti yako ni {receipt_total}.',
  },
  debt_reminder: {
    en: 'Dear {customer_name}, your balance at {shop_name} is {balance}, due {due_date}. Please pay. Reply STOP to opt out.',
    sw: 'Mpendwa {customer_name}, deni lako kwa {shop_name} ni {balance}, tarehe ya kulipa {due_date}. Tafadhali lipa. Jibu STOP kusitisha.',
  },
  statement: {
    en: '{shop_name}: {customer_name}, your account balance is {balance}.',
    sw: '{shop_name}: {customer_name}, salio la akaunti yako ni {balance}.',
  },
  loyalty_balance: {
    en: '{shop_name}: {customer_name}, you have {points} loyalty points.',
    sw: '{shop_name}: {customer_name}, una pointi {points} za uaminifu.',
  },
  low_stock: {
    en: '{shop_name}: low stock: {low_stock_items}',
    sw: '{shop_name}: bidhaa zinazoisha: {low_stock_items}',
  },
};

/** The live preview's sample customer: the variables as a real message fills them. */
export const PREVIEW_SAMPLE: TemplateValues = {
  customer_name: 'Wanjiku Kamau',
  shop_name: 'Duka',
  balance: 'KES 1,250.00',
  due_date: '2026-11-30',
  receipt_number: 'T1-000123',
  receipt_total: 'KES 480.00',
  points: '120',
  low_stock_items: 'Sugar 2kg, Unga 2kg',
};

export const TEST_MESSAGE: Record<MessageLanguage, string> = {
  en: '{shop_name}: this is a test message from Dukani.',
  sw: '{shop_name}: huu ni ujumbe wa majaribio kutoka Dukani.',
};

/** "HH:MM" → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

function localClock(now: Date, timeZone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/**
 * When a message may go: now, or the end of the shop's quiet hours when now falls inside them
 * ("20:00"–"08:00" wraps midnight; equal start and end means no quiet hours).
 */
export function sendableAt(now: Date, quiet: { start: string; end: string } | null, timeZone: string): Date {
  if (!quiet) return now;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return now;
  const { minutes, seconds } = localClock(now, timeZone);
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return now;
  const wait = (end - minutes + 1440) % 1440;
  return new Date(now.getTime() + wait * 60_000 - seconds * 1000 - now.getMilliseconds());
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ACHA', 'SITISHA']);

/** Whether an SMS reply asks to stop messages (English and Kiswahili words, any case, as its first word). */
export function isStopReply(text: string): boolean {
  const first = text.trim().split(/\s+/)[0] ?? '';
  return STOP_WORDS.has(first.toUpperCase().replace(/[.!]+$/, ''));
}

/**
 * A provider's cost text ("KES 0.8000") in minor units, half up, from the digits (never a float);
 * null when there is none or it is not a plain amount.
 */
export function parseProviderCost(text: string | null | undefined): { currency: string; minor: number } | null {
  const match = /^([A-Z]{3})\s+(\d+)(?:\.(\d+))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, currency, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  return { currency: currency!, minor: cents + roundUp };
}
