// Africa's Talking SMS over its documented REST API (issue 20, docs/decisions/0026-communications.md):
// POST {base}/version1/messaging, form-encoded username, to, message and from (the sender ID or
// shortcode), the apiKey header, Accept: application/json. The answer lists each recipient with
// statusCode (100 Processed, 101 Sent, 102 Queued; 4xx/5xx refusals such as 403 InvalidPhoneNumber,
// 405 InsufficientBalance, 406 UserInBlacklist), messageId and cost ("KES 0.8000"). Delivery reports
// and replies come later by callback (sms-callbacks).

export type AtEnvironment = 'sandbox' | 'production';

export interface AtAccount {
  environment: AtEnvironment;
  username: string;
  apiKey: string;
  senderId: string | null;
}

export type SendOutcome =
  /** The provider took it: its id, and the cost when reported. */
  | { kind: 'sent'; providerMessageId: string | null; cost: string | null }
  /** The provider refused this message for good (a bad number, a blacklist): not retried. */
  | { kind: 'refused'; reason: string }
  /** No answer or a temporary refusal (gateway errors, rate limits): retried with backoff. */
  | { kind: 'retry'; reason: string };

export interface AtClient {
  send(account: AtAccount, to: string, message: string, signal?: AbortSignal): Promise<SendOutcome>;
}

/** Per-recipient codes Africa's Talking documents as temporary: its own errors and gateway troubles. */
const TEMPORARY_CODES = new Set([500, 501, 502]);
const ACCEPTED_CODES = new Set([100, 101, 102]);

interface AtRecipient {
  statusCode?: number;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
}

export function createAfricasTalkingClient({ baseUrls, timeoutMs = 15_000 }: { baseUrls: Record<AtEnvironment, string>; timeoutMs?: number }): AtClient {
  return {
    async send(account, to, message, signal) {
      const form = new URLSearchParams({ username: account.username, to, message });
      if (account.senderId) form.set('from', account.senderId);
      let response: Response;
      try {
        response = await fetch(`${baseUrls[account.environment]}/version1/messaging`, {
          method: 'POST',
          headers: { apiKey: account.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'retry', reason: `Africa's Talking unreachable: ${error instanceof Error ? error.message : String(error)}` };
      }
      const text = await response.text();
      if (response.status === 401) return { kind: 'refused', reason: `Africa's Talking refused the credentials: ${text.slice(0, 200)}` };
      if (response.status >= 500 || response.status === 429) return { kind: 'retry', reason: `Africa's Talking answered ${response.status}` };
      let recipient: AtRecipient | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: AtRecipient[]; Message?: string } }).SMSMessageData?.Recipients?.[0];
      } catch {
        return { kind: 'refused', reason: `Africa's Talking answered ${response.status}: ${text.slice(0, 200)}` };
      }
      if (!recipient) return { kind: 'refused', reason: `Africa's Talking sent nothing: ${text.slice(0, 200)}` };
      const code = Number(recipient.statusCode);
      if (ACCEPTED_CODES.has(code)) return { kind: 'sent', providerMessageId: recipient.messageId ?? null, cost: recipient.cost ?? null };
      const reason = `${recipient.status ?? 'Failed'} (${code})`;
      return TEMPORARY_CODES.has(code) ? { kind: 'retry', reason } : { kind: 'refused', reason };
    },
  };
}
