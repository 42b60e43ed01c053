import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPaystackSignature, signPaystackPayload } from './paystack-signature';

const SECRET = 'sk_test_dukani_fixed_vector_key';
const BODY = '{"event":"charge.success","data":{"id":302961,"reference":"dk_sub_0001","amount":250000,"currency":"KES"}}';
// Computed once with node:crypto (createHmac('sha512', SECRET).update(BODY).digest('hex')) and frozen
// here, so a change in how we sign cannot pass by agreeing with itself.
const BODY_SIGNATURE =
  '2bb5d936ec718c7149139a6d73bbe851b6fce22c38e926971039f336eb5a3093635c96850bbf77f4f9f7be273efa9023cf84ab560692b4e6ab6c79c0b9a35938';

describe('signPaystackPayload', () => {
  it('is the hex HMAC-SHA512 of the body keyed with the secret key', () => {
    expect(signPaystackPayload(BODY, SECRET)).toBe(createHmac('sha512', SECRET).update(BODY).digest('hex'));
  });

  it('matches the frozen vector', () => {
    expect(signPaystackPayload(BODY, SECRET)).toBe(BODY_SIGNATURE);
  });

  it('matches the published HMAC-SHA512 test vector (key "key", the quick brown fox)', () => {
    expect(signPaystackPayload('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'b42af09057bac1e2d41708e48a902e09b5ff7f12ab428a4fe86653c73dd248fb82f948a549f7b791a5b41915ee4d1ec3935357e4e2317250d0372afa2ebeeb3a',
    );
  });

  it('signs a Buffer the same as the string of the same bytes', () => {
    expect(signPaystackPayload(Buffer.from(BODY, 'utf8'), SECRET)).toBe(BODY_SIGNATURE);
  });

  it('signs the UTF-8 bytes of non-ASCII text', () => {
    const body = '{"customer":"Wanjiru Kamau — Duka la Mama"}';
    expect(signPaystackPayload(body, SECRET)).toBe(signPaystackPayload(Buffer.from(body, 'utf8'), SECRET));
  });

  it('refuses an empty key', () => {
    expect(() => signPaystackPayload(BODY, '')).toThrow(TypeError);
  });
});

describe('isValidPaystackSignature', () => {
  it('accepts the signature of the exact body', () => {
    expect(isValidPaystackSignature(BODY, BODY_SIGNATURE, SECRET)).toBe(true);
    expect(isValidPaystackSignature(Buffer.from(BODY), BODY_SIGNATURE, SECRET)).toBe(true);
  });

  it('accepts upper-case hex', () => {
    expect(isValidPaystackSignature(BODY, BODY_SIGNATURE.toUpperCase(), SECRET)).toBe(true);
  });

  it('rejects a tampered body', () => {
    expect(isValidPaystackSignature(BODY.replace('250000', '250001'), BODY_SIGNATURE, SECRET)).toBe(false);
    // Re-serialised JSON is different bytes even when it means the same.
    expect(isValidPaystackSignature(JSON.stringify(JSON.parse(BODY), null, 2), BODY_SIGNATURE, SECRET)).toBe(false);
    expect(isValidPaystackSignature(`${BODY}\n`, BODY_SIGNATURE, SECRET)).toBe(false);
  });

  it('rejects a signature made with another key', () => {
    const forged = signPaystackPayload(BODY, 'sk_test_someone_else');
    expect(isValidPaystackSignature(BODY, forged, SECRET)).toBe(false);
  });

  it('rejects a missing or empty header', () => {
    expect(isValidPaystackSignature(BODY, undefined, SECRET)).toBe(false);
    expect(isValidPaystackSignature(BODY, null, SECRET)).toBe(false);
    expect(isValidPaystackSignature(BODY, '', SECRET)).toBe(false);
  });

  it('rejects a non-hex header of the right length', () => {
    const notHex = `${'z'.repeat(127)}0`;
    expect(notHex).toHaveLength(128);
    expect(isValidPaystackSignature(BODY, notHex, SECRET)).toBe(false);
    expect(isValidPaystackSignature(BODY, `${BODY_SIGNATURE.slice(0, 127)}g`, SECRET)).toBe(false);
  });

  it('rejects wrong-length headers', () => {
    expect(isValidPaystackSignature(BODY, BODY_SIGNATURE.slice(0, 126), SECRET)).toBe(false);
    expect(isValidPaystackSignature(BODY, `${BODY_SIGNATURE}00`, SECRET)).toBe(false);
    expect(isValidPaystackSignature(BODY, createHmac('sha256', SECRET).update(BODY).digest('hex'), SECRET)).toBe(false);
    // Whitespace is not trimmed: the header must be exactly the digest.
    expect(isValidPaystackSignature(BODY, ` ${BODY_SIGNATURE}`, SECRET)).toBe(false);
  });

  it('rejects everything when the key is empty', () => {
    const signedWithEmptyKey = createHmac('sha512', '').update(BODY).digest('hex');
    expect(isValidPaystackSignature(BODY, signedWithEmptyKey, '')).toBe(false);
  });
});
