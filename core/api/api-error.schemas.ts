import { z } from 'zod';

export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  /** A credit sale past the customer's credit limit under the shop's 'block' policy (409). */
  'credit_limit_exceeded',
  /** An approval id that names no usable approval: missing, for another action, used, or expired (409). */
  'approval_invalid',
  /** A manager's approval refused: the e-mail, password or PIN is not right, or the PIN is locked (422). */
  'approval_refused',
  /** An M-Pesa transaction code the shop already accepted (409). */
  'mpesa_code_used',
  /** A register that already has an open shift (409). */
  'shift_already_open',
  /** A return or void on a shift that is closed (409). */
  'shift_closed',
  /** A step that needs a manager's approval and came without one (409). */
  'approval_required',
  /** A return id already used for a different return (409). */
  'return_id_reused',
  /** More of a sale line returned than was sold, less earlier returns (409). */
  'return_exceeds_sold',
  /** A sale id already used for a different sale (the register's id is the sale's key) (409). */
  'sale_id_reused',
  /** The server prices the cart differently from the total the register showed; the body carries the server's quote (409). */
  'price_changed',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'idempotency_key_reused',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'payments_not_configured',
  /** The shop was suspended by the platform: its people see why and whom to contact (403, issue 21). */
  'shop_suspended',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The one error shape every API error uses (docs/decisions/0005-api-conventions.md). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    /** English messages per field ("_" for the input as a whole). */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /**
     * With `fields`: the code of each of its messages, same keys and order, so a client can say it in
     * its own language (issue 12). The schema's checks give zod's issue code (too_small, too_big,
     * invalid_format, invalid_type, invalid_value, custom…); a server-side rule on a field gives "custom".
     */
    fieldCodes: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const APPLICATION_NAME_HEADER = 'x-application-name';
export const APPLICATION_NAME = 'dukani';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
