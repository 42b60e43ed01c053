import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small, real HTTP stand-in for the WhatsApp Business Cloud API in tests, following Meta's
// documented shapes (developers.facebook.com/docs/whatsapp/cloud-api):
//   POST /{phone-number-id}/messages  Authorization: Bearer <token>, JSON { messaging_product: "whatsapp", to, type: "template", template }
//     200 { messaging_product: "whatsapp", contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }
//     401 { error: { message, type: "OAuthException", code: 190 } } for a wrong token
//     400 { error: { message: "(#132001) Template name does not exist in the translation", code: 132001 } } for an unknown template
//   webhooks: POST { object: "whatsapp_business_account", entry: [{ id, changes: [{ field: "messages", value: { statuses: [{ id, status, timestamp, recipient_id, errors? }] } }] }] }
//     signed X-Hub-Signature-256: sha256=<HMAC-SHA256(app secret, raw body)>; GET ?hub.mode=subscribe&hub.verify_token&hub.challenge

export interface FakeWhatsappMessage {
  id: string;
  phoneNumberId: string;
  body: { to: string; type: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } };
}

export interface FakeWhatsapp {
  url: string;
  messages: FakeWhatsappMessage[];
  addNumber(phoneNumberId: string, token: string, templates: string[]): void;
  /** Posts a status webhook, signed with `appSecret` (pass a wrong one to test refusals). */
  status(url: string, appSecret: string, status: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipientId: string; error?: { code: number; title: string } }): Promise<number>;
  close(): Promise<void>;
}

export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const numbers = new Map<string, { token: string; templates: Set<string> }>();
  const fake: FakeWhatsapp = {
    url: '',
    messages: [],
    addNumber: (phoneNumberId, token, templates) => void numbers.set(phoneNumberId, { token, templates: new Set(templates) }),
    async status(url, appSecret, status) {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '102290129340398',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                  statuses: [
                    {
                      id: status.id,
                      status: status.status,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: status.recipientId,
                      ...(status.error ? { errors: [status.error] } : {}),
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const match = /^\/(\d+)\/messages$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
    if (req.method !== 'POST' || !match) return json(res, 404, { error: { message: 'Unknown path', code: 100 } });
    const number = numbers.get(match[1]!);
    if (!number || req.headers.authorization !== `Bearer ${number.token}`) {
      return json(res, 401, { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } });
    }
    const body = JSON.parse(raw) as FakeWhatsappMessage['body'] & { messaging_product?: string };
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template') return json(res, 400, { error: { message: 'Invalid parameter', code: 100 } });
    if (!number.templates.has(body.template.name)) {
      return json(res, 404, { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001 } });
    }
    const id = `wamid.${randomBytes(16).toString('base64url')}`;
    fake.messages.push({ id, phoneNumberId: match[1]!, body });
    return json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => json(res, 500, { error: { message: 'Internal', code: 1 } })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
