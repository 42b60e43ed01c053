import type { Context } from 'hono';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { HttpError } from './errors';

const keySchema = z.uuid();

/**
 * The client's Idempotency-Key (a uuid per user action, reused on retries), or null. A create
 * stores it on the new row (unique per tenant) so a retry answers with the first result.
 */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined || key === '') return null;
  if (!keySchema.safeParse(key).success) {
    throw new HttpError('validation_failed', 'The Idempotency-Key header must be a uuid', { [IDEMPOTENCY_KEY_HEADER]: ['Must be a uuid'] });
  }
  return key.toLowerCase();
}
