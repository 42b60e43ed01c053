import { describe, expect, it } from 'vitest';
import { fillMessage } from './message.rules';

describe('messages with values, in English', () => {
  it('fills each placeholder, as often as it appears', () => {
    expect(fillMessage('{label} must be at most {max} characters', { label: 'Receipt header', max: 300 })).toBe('Receipt header must be at most 300 characters');
    expect(fillMessage('{a} and {a}', { a: 'x' })).toBe('x and x');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(fillMessage('Row {row}: {what}', { row: 3 })).toBe('Row 3: {what}');
  });
});
