import { createCipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretHint } from './secret-box';

const key = 'k'.repeat(60);

describe('secret box', () => {
  it('opens what it sealed, in the same context only', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('passkey-bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', 'shop-a:mpesa.passkey');
    expect(sealed).not.toContain('bfb279f9');
    expect(box.open(sealed, 'shop-a:mpesa.passkey')).toBe('passkey-bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919');
    expect(() => box.open(sealed, 'shop-b:mpesa.passkey')).toThrow();
    expect(() => createSecretBox('x'.repeat(60)).open(sealed, 'shop-a:mpesa.passkey')).toThrow();
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses an altered value', () => {
    const box = createSecretBox(key);
    const [version, iv, tag, body] = box.seal('secret', 'c').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'), 'c')).toThrow();
  });

  it('is AES-256-GCM with an HKDF-SHA256 key: a value sealed by Node crypto directly opens', () => {
    // Built independently of createSecretBox: the documented construction by hand.
    const derived = Buffer.from(hkdfSync('sha256', key, 'dukani', 'provider-credentials', 32));
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv('aes-256-gcm', derived, iv);
    cipher.setAAD(Buffer.from('ctx'));
    const body = Buffer.concat([cipher.update('hello', 'utf8'), cipher.final()]);
    const sealed = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    expect(createSecretBox(key).open(sealed, 'ctx')).toBe('hello');
  });

  it('hints a secret by its last four characters only', () => {
    expect(secretHint(null)).toEqual({ set: false, last4: null });
    expect(secretHint('abcdefgh')).toEqual({ set: true, last4: 'efgh' });
    expect(secretHint('abc')).toEqual({ set: true, last4: null });
  });
});
