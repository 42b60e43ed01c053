import { sql } from 'drizzle-orm';
import { MPESA_CODE_PATTERN } from '../../core/accounts/accounts.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError } from '../http/errors';
import { allocateReceivedPayment, type AllocationSource } from './mpesa-payments.service';

/**
 * What spent an M-Pesa code: a sale's payment, an account payment, a refund's reversal… With the
 * amount it took (and the sale's customer), a payment Safaricom told us about is allocated to it.
 */
export type MpesaCodeSource = AllocationSource;

/**
 * Claims an M-Pesa transaction code for one document in the caller's transaction: a code the shop
 * already accepted anywhere (a sale, an account payment) is refused with 409 `mpesa_code_used` on
 * `reference`. Two claims of one code at once: the second waits on the unique index until the first
 * commits (then is refused) or rolls back (then wins).
 */
export async function claimMpesaCode(tx: TenantTx, tenantId: string, code: string, source: MpesaCodeSource): Promise<void> {
  const normalized = code.trim().toUpperCase();
  if (!MPESA_CODE_PATTERN.test(normalized)) {
    const message = /*i18n*/ 'An M-Pesa code is 10 letters and digits, like SGH7K2LQ9P';
    throw new HttpError('validation_failed', message, { reference: [message] });
  }
  const claimed = await queryRows<{ id: string }>(
    tx,
    sql`insert into mpesa_codes (tenant_id, code, source_type, source_id)
        values (${tenantId}, ${normalized}, ${source.type}, ${source.id})
        on conflict (tenant_id, code) do nothing
        returning id`,
  );
  if (claimed.length === 0) throw mpesaCodeUsed();
  await allocateReceivedPayment(tx, tenantId, normalized, source);
}

export function mpesaCodeUsed(): HttpError {
  const message = /*i18n*/ 'This M-Pesa code has already been used';
  return new HttpError('mpesa_code_used', message, { reference: [message] });
}
