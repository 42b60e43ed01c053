import { describe, expect, it } from 'vitest';
import { describeThrown, isNoiseError } from './error-noise';

describe('isNoiseError', () => {
  it.each([
    ['chrome-extension://abcdef/content.js'],
    ['moz-extension://1234/inject.js'],
    ['safari-extension://com.example/script.js'],
    ['safari-web-extension://ABC/background.js'],
  ])('drops errors from extension scripts (%s)', (filename) => {
    expect(isNoiseError({ message: 'x is undefined', filename, isErrorObject: true })).toBe(true);
  });

  it('drops errors whose stack passes through an extension', () => {
    const stack = 'TypeError: boom\n    at inject (chrome-extension://abc/inject.js:1:20)\n    at https://demo.dukani.co.ke/assets/index.js:1:1';
    expect(isNoiseError({ message: 'boom', stack, isErrorObject: true })).toBe(true);
  });

  it.each(['ResizeObserver loop limit exceeded', 'ResizeObserver loop completed with undelivered notifications.'])(
    'drops the benign ResizeObserver notice: %s',
    (message) => expect(isNoiseError({ message, isErrorObject: true })).toBe(true),
  );

  it('drops opaque cross-origin "Script error."', () => {
    expect(isNoiseError({ message: 'Script error.', filename: '', isErrorObject: false })).toBe(true);
  });

  it('drops non-error rejections raised by extensions and link scanners', () => {
    expect(isNoiseError(describeThrown('Extension context invalidated.'))).toBe(true);
    expect(isNoiseError(describeThrown('Object Not Found Matching Id:3, MethodName:update, ParamCount:4'))).toBe(true);
  });

  it("keeps the app's own errors", () => {
    expect(isNoiseError(describeThrown(new TypeError("Cannot read properties of undefined (reading 'price')")))).toBe(false);
    expect(
      isNoiseError({ message: 'boom', filename: 'https://demo.dukani.co.ke/assets/index-abc.js', isErrorObject: true }),
    ).toBe(false);
    expect(isNoiseError(describeThrown({ reason: 'sale total mismatch' }))).toBe(false);
  });

  it('does not mistake an Error mentioning "extension" for noise', () => {
    expect(isNoiseError(describeThrown(new Error('File extension .xlsx is not supported')))).toBe(false);
  });
});

describe('describeThrown', () => {
  it('describes Errors, strings and other values', () => {
    expect(describeThrown(new RangeError('bad'))).toMatchObject({ message: 'bad', isErrorObject: true });
    expect(describeThrown('plain')).toEqual({ message: 'plain', isErrorObject: false });
    expect(describeThrown({ code: 42 })).toEqual({ message: '{"code":42}', isErrorObject: false });
    expect(describeThrown(undefined)).toEqual({ message: 'undefined', isErrorObject: false });
  });

  it('names an Error that has no message', () => {
    expect(describeThrown(new TypeError()).message).toBe('TypeError');
  });

  it('survives values that cannot be serialised', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeThrown(circular)).toEqual({ message: '[object Object]', isErrorObject: false });
  });
});
