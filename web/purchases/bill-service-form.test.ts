import { describe, expect, it } from 'vitest';
import { todayIn } from './bill-service-form';

describe('todayIn', () => {
  it("is the shop's day, not the device's", () => {
    // 22:30 UTC on 24 Nov is 01:30 on 25 Nov in Nairobi (UTC+3) and still 24 Nov in Lagos (UTC+1: 23:30).
    const lateEvening = new Date('2026-11-24T22:30:00Z');
    expect(todayIn('Africa/Nairobi', lateEvening)).toBe('2026-11-25');
    expect(todayIn('Africa/Lagos', lateEvening)).toBe('2026-11-24');
  });

  it('pads months and days to two digits', () => {
    expect(todayIn('Africa/Nairobi', new Date('2026-03-04T09:00:00Z'))).toBe('2026-03-04');
  });
});
