import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SendOutcome } from './africastalking.client';

// The WhatsApp Business Cloud API (issue 20, docs/decisions/0026-communications.md): POST
// {base}/{phone-number-id}/messages with a bearer token; a business may open a conversation only
// with an approved template (type "template", its name, language and body parameters). The answer
// carries messages[0].id (wamid…); statuses (sent, delivered, read, failed) come by webhook, signed
// with X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body).

export interface WhatsappAccount {
  phoneNumberId: string;
  accessToken: string;
}

export interface WhatsappTemplateMessage {
  /** Digits with the country code, no "+". */
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export interface WhatsappClient {
  sendTemplate(account: WhatsappAccount, message: WhatsappTemplateMessage, signal?: AbortSignal): Promise<SendOutcome>;
}

/** Graph API error codes that pass (throttling, temporary errors): retried. */
const TEMPORARY_ERRORS = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function createWhatsappClient({ baseUrl, timeoutMs = 15_000 }: { baseUrl: string; timeoutMs?: number }): WhatsappClient {
  return {
    async sendTemplate(account, message, signal) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language },
          components: message.parameters.length ? [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }] : [],
        },
      };
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${account.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'retry', reason: `WhatsApp unreachable: ${error instanceof Error ? error.message : String(error)}` };
      }
      const answer = (await response.json().catch(() => null)) as { messages?: { id: string }[]; error?: { code?: number; message?: string } } | null;
      if (response.ok && answer?.messages?.[0]?.id) return { kind: 'sent', providerMessageId: answer.messages[0].id, cost: null };
      const code = answer?.error?.code;
      const reason = `${answer?.error?.message ?? `WhatsApp answered ${response.status}`}${code ? ` (${code})` : ''}`;
      if (response.status >= 500 || (code !== undefined && TEMPORARY_ERRORS.has(code))) return { kind: 'retry', reason };
      return { kind: 'refused', reason };
    },
  };
}

/** Whether X-Hub-Signature-256 is the app secret's HMAC of exactly these bytes (constant time). */
export function validWhatsappSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const presented = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
