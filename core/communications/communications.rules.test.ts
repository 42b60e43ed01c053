import { describe, expect, it } from 'vitest';
import { isStopReply, parseProviderCost, renderTemplate, sendableAt, unknownVariables } from './communications.rules';

describe('templates', () => {
  it('fills the variables and leaves a missing one empty', () => {
    expect(renderTemplate('Dear {customer_name}, you owe {balance}.', { customer_name: 'Wanjiku', balance: 'KES 1,250.00' })).toBe('Dear Wanjiku, you owe KES 1,250.00.');
    expect(renderTemplate('{shop_name}{points}', { shop_name: 'Duka' })).toBe('Duka');
    // A walk-in customer has no name: the space before it goes too.
    expect(renderTemplate('{shop_name}: thank you {customer_name}. Total {receipt_total}.', { shop_name: 'Duka', receipt_total: 'KES 480.00' })).toBe('Duka: thank you. Total KES 480.00.');
    expect(renderTemplate('Hi {custmer_name}', {})).toBe('Hi {custmer_name}');
  });

  it('names the braces that are not variables', () => {
    expect(unknownVariables('{customer_name} owes {balanse} by {due_date} {x}')).toEqual(['balanse', 'x']);
    expect(unknownVariables('Hello {customer_name}')).toEqual([]);
  });
});

describe('quiet hours (Africa/Nairobi is UTC+3)', () => {
  const quiet = { start: '20:00', end: '08:00' };
  it('a message at 21:30 Nairobi waits for 08:00 the next morning', () => {
    // 18:30Z = 21:30 in Nairobi; 08:00 Nairobi next day = 05:00Z.
    expect(sendableAt(new Date('2026-11-24T18:30:00Z'), quiet, 'Africa/Nairobi').toISOString()).toBe('2026-11-25T05:00:00.000Z');
  });
  it('a message at 06:15 Nairobi waits until 08:00 that morning', () => {
    expect(sendableAt(new Date('2026-11-25T03:15:20Z'), quiet, 'Africa/Nairobi').toISOString()).toBe('2026-11-25T05:00:00.000Z');
  });
  it('outside quiet hours it goes at once, and equal bounds mean no quiet hours', () => {
    const noon = new Date('2026-11-25T09:00:00Z');
    expect(sendableAt(noon, quiet, 'Africa/Nairobi')).toEqual(noon);
    expect(sendableAt(new Date('2026-11-24T18:30:00Z'), { start: '08:00', end: '08:00' }, 'Africa/Nairobi').toISOString()).toBe('2026-11-24T18:30:00.000Z');
    // A daytime window 13:00–14:00: 13:10 Nairobi (10:10Z) waits for 14:00 (11:00Z).
    expect(sendableAt(new Date('2026-11-25T10:10:00Z'), { start: '13:00', end: '14:00' }, 'Africa/Nairobi').toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
});

describe('replies and costs', () => {
  it('STOP in English or Kiswahili, any case, as the first word', () => {
    expect(isStopReply('STOP')).toBe(true);
    expect(isStopReply(' stop please')).toBe(true);
    expect(isStopReply('Acha')).toBe(true);
    expect(isStopReply('Stop.')).toBe(true);
    expect(isStopReply('please stop')).toBe(false);
    expect(isStopReply('STOPPED')).toBe(false);
  });

  it("Africa's Talking cost text in cents, half up", () => {
    expect(parseProviderCost('KES 0.8000')).toEqual({ currency: 'KES', minor: 80 });
    expect(parseProviderCost('KES 1.2050')).toEqual({ currency: 'KES', minor: 121 });
    expect(parseProviderCost('KES 12')).toEqual({ currency: 'KES', minor: 1200 });
    expect(parseProviderCost('0')).toBeNull();
    expect(parseProviderCost(null)).toBeNull();
  });
});
