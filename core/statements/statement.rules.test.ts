import { describe, expect, it } from 'vitest';
import { addDays, periodLengthDays, presetOf, presetPeriod, statementFileName } from './statement.rules';
import { statementEmailFormSchema, statementQuerySchema } from './statement.schemas';

describe('presetPeriod (hand-worked)', () => {
  it.each([
    ['this_month', '2028-03-15', '2028-03-01', '2028-03-15'],
    ['last_month', '2028-03-15', '2028-02-01', '2028-02-29'], // leap February
    ['last_month', '2027-03-01', '2027-02-01', '2027-02-28'],
    ['last_month', '2026-01-10', '2025-12-01', '2025-12-31'], // across the year end
    ['last_90_days', '2028-03-15', '2027-12-17', '2028-03-15'], // 15 (Dec 17–31) + 31 + 29 + 15 = 90 days
    ['last_90_days', '2026-11-24', '2026-08-27', '2026-11-24'],
  ] as const)('%s on %s is %s to %s', (preset, today, from, to) => {
    expect(presetPeriod(preset, today)).toEqual({ from, to });
    expect(presetOf({ from, to }, today)).toBe(preset);
  });

  it('counts both ends of a period and knows a custom one', () => {
    expect(periodLengthDays({ from: '2027-12-17', to: '2028-03-15' })).toBe(90);
    expect(periodLengthDays({ from: '2026-11-24', to: '2026-11-24' })).toBe(1);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(presetOf({ from: '2026-11-02', to: '2026-11-24' }, '2026-11-24')).toBe('custom');
  });
});

describe('statementFileName', () => {
  it('is ASCII, lower case and names the period', () => {
    expect(statementFileName('Wanjiru Kamau', { from: '2024-10-01', to: '2024-10-31' })).toBe('statement-wanjiru-kamau-2024-10-01-2024-10-31.pdf');
    expect(statementFileName('St. Mary’s Day Care', { from: '2024-10-01', to: '2024-10-31' })).toBe('statement-st-marys-day-care-2024-10-01-2024-10-31.pdf');
    expect(statementFileName('Café "Ndovu" / Ltd', { from: '2024-10-01', to: '2024-10-31' })).toBe('statement-cafe-ndovu-ltd-2024-10-01-2024-10-31.pdf');
    expect(statementFileName('!!!', { from: '2024-10-01', to: '2024-10-31' })).toBe('statement-contact-2024-10-01-2024-10-31.pdf');
  });
});

describe('statement schemas', () => {
  it('refuses dates that do not exist, out of order or over ten years, each on its field', () => {
    const issues = (input: unknown) => {
      const result = statementQuerySchema.safeParse(input);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    };
    expect(issues({ from: '2027-02-29', to: '2027-03-01' })).toEqual({ from: 'Enter a date as YYYY-MM-DD' });
    expect(issues({ from: '2024-10-31', to: '2024-10-01' })).toEqual({ to: 'The end date must not be before the start date' });
    expect(issues({ from: '2010-01-01', to: '2024-10-01' })).toEqual({ from: 'A statement covers at most ten years' });
    expect(issues({ side: 'both' })).toEqual({ side: 'Choose receivable or payable' });
    expect(issues({})).toEqual({});
  });

  it('the e-mail form needs an address and leaves the language to the server when blank', () => {
    expect(statementEmailFormSchema.safeParse({ email: ' ', language: '' }).error?.issues[0]?.message).toBe('Enter the e-mail address to send it to');
    expect(statementEmailFormSchema.parse({ email: ' wanjiru@example.test ', language: '' })).toEqual({ email: 'wanjiru@example.test', language: undefined });
    expect(statementEmailFormSchema.parse({ email: 'wanjiru@example.test', language: 'sw' }).language).toBe('sw');
  });
});
