import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Provider credentials a shop gives us (M-Pesa consumer secret and passkey, the eTIMS
// communication key…) are stored sealed with AES-256-GCM under a key derived from
// DATA_ENCRYPTION_KEY. The context (the shop and what the value is) is bound as associated data,
// so a sealed value copied into another shop's row or another column does not open.

const VERSION = 'v1';

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed under another key or another context, or was altered. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(dataEncryptionKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', dataEncryptionKey, 'dukani', 'provider-credentials', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** What the API shows of a stored secret: that it is set, and its last four characters. */
export function secretHint(plain: string | null | undefined): { set: boolean; last4: string | null } {
  if (!plain) return { set: false, last4: null };
  return { set: true, last4: plain.length > 4 ? plain.slice(-4) : null };
}
