import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import type { TenantTx } from '../db/client';
import { requestKeys } from '../db/schema/request-keys';
import { HttpError } from './errors';

const keySchema = z.uuid();

/** The client's Idempotency-Key and a hash of the request it came with (method, path, canonical body). */
export interface RequestKey {
  key: string;
  requestHash: string;
}

/**
 * The client's Idempotency-Key (a uuid per user action, reused on retries), or null. A create
 * stores it on the new row (unique per tenant) so a retry answers with the first result, and binds
 * it to this request with claimRequestKey. The body is what the request asks for: by default its
 * validated JSON body (defaults applied, so equal requests hash equal whatever the key order);
 * an upload passes its file's bytes.
 */
export function readIdempotencyKey(c: Context, body: unknown = validatedJson(c)): RequestKey | null {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined || key === '') return null;
  if (!keySchema.safeParse(key).success) {
    throw new HttpError('validation_failed', /*i18n*/ 'The Idempotency-Key header must be a uuid', { [IDEMPOTENCY_KEY_HEADER]: [/*i18n*/ 'Must be a uuid'] });
  }
  const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
  if (body instanceof Uint8Array) hash.update(body);
  else hash.update(canonicalJson(body) ?? '');
  return { key: key.toLowerCase(), requestHash: hash.digest('hex') };
}

/**
 * Binds the key to its request in the create's own transaction (so a failed create binds nothing),
 * or checks that an earlier binding is to this same request: a key reused for a different request
 * is refused with 422, as Stripe does. A second request with the key waits here until the first
 * one's transaction ends.
 */
export async function claimRequestKey(tx: TenantTx, tenantId: string, requestKey: RequestKey): Promise<void> {
  const inserted = await tx
    .insert(requestKeys)
    .values({ tenantId, key: requestKey.key, requestHash: requestKey.requestHash })
    .onConflictDoNothing()
    .returning({ key: requestKeys.key });
  if (inserted.length > 0) return;
  const [bound] = await tx
    .select({ requestHash: requestKeys.requestHash })
    .from(requestKeys)
    .where(and(eq(requestKeys.tenantId, tenantId), eq(requestKeys.key, requestKey.key)));
  if (bound && bound.requestHash !== requestKey.requestHash) {
    throw new HttpError(
      'idempotency_key_reused',
      /*i18n*/ 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    );
  }
}

function validatedJson(c: Context): unknown {
  // Routes without a JSON body have nothing validated under 'json'.
  return (c.req as unknown as { valid(target: 'json'): unknown }).valid('json');
}

/** JSON with every object's keys in order, so the same body hashes the same however it was written. */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
