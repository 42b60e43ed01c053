import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

// A small, real HTTP stand-in for Africa's Talking SMS in tests and the bench, following its
// documented shapes (developers.africastalking.com, SMS):
//   POST /version1/messaging  apiKey header, form-encoded username, to, message[, from]
//     201 { SMSMessageData: { Message: "Sent to 1/1 Total Cost: KES 0.8000",
//            Recipients: [{ statusCode: 101, number, status: "Success", cost: "KES 0.8000", messageId: "ATXid_…" }] } }
//     401 "The supplied authentication is invalid" for a wrong apiKey or username
//   delivery reports: POST (form-encoded) id, status (Sent, Submitted, Buffered, Rejected, Success, Failed),
//     phoneNumber, networkCode, failureReason (Rejected/Failed only), retryCount
//   incoming messages: POST (form-encoded) date, from, id, linkId, text, to, networkCode
// Behaviour per test: a number's refusal code (403 InvalidPhoneNumber, 406 UserInBlacklist…), a
// gateway error on the next sends, an automatic delivery report to a URL.

export interface FakeSms {
  id: string;
  username: string;
  to: string;
  from: string | null;
  message: string;
}

export interface FakeAfricasTalking {
  url: string;
  sent: FakeSms[];
  /** How many sends were answered (kept when `record` is false). */
  sendCount: number;
  /** Keep every message in `sent` (off for the bench: memory stays flat). */
  record: boolean;
  addApp(username: string, apiKey: string): void;
  /** A number answered with this refusal ({ 403: 'InvalidPhoneNumber' }, …). */
  refuseNumber(number: string, statusCode: number, status: string): void;
  /** The next n sends answer 500 (the gateway down). */
  failNext(count: number): void;
  /** Where delivery reports go automatically after each accepted send (null: only by deliver()). */
  autoDeliverTo: string | null;
  /** Posts a delivery report for a message as Africa's Talking would. */
  deliver(url: string, report: { id: string; status: string; phoneNumber: string; failureReason?: string; networkCode?: string }): Promise<number>;
  /** Posts an incoming SMS (a reply) as Africa's Talking would. */
  inbound(url: string, message: { from: string; to: string; text: string }): Promise<number>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

const COST = 'KES 0.8000';

export async function startFakeAfricasTalking(): Promise<FakeAfricasTalking> {
  const apps = new Map<string, string>();
  const refusals = new Map<string, { statusCode: number; status: string }>();
  const pending = new Set<Promise<unknown>>();
  let failures = 0;

  const post = (url: string, fields: Record<string, string>) => {
    const sending = fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }).then(
      (response) => response.status,
      () => 0,
    );
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
    return sending;
  };

  const fake: FakeAfricasTalking = {
    url: '',
    sent: [],
    sendCount: 0,
    record: true,
    autoDeliverTo: null,
    addApp: (username, apiKey) => void apps.set(username, apiKey),
    refuseNumber: (number, statusCode, status) => void refusals.set(number, { statusCode, status }),
    failNext: (count) => void (failures = count),
    deliver: (url, report) => post(url, { networkCode: '63902', retryCount: '0', failureReason: '', ...report }),
    inbound: (url, message) =>
      post(url, { date: new Date().toISOString(), id: randomBytes(8).toString('hex'), linkId: '', networkCode: '63902', ...message }),
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://fake').pathname !== '/version1/messaging') return send(res, 404, 'Not found');
    const form = new URLSearchParams(body);
    const username = form.get('username') ?? '';
    if (!apps.has(username) || apps.get(username) !== req.headers.apikey) return send(res, 401, 'The supplied authentication is invalid');
    const to = form.get('to') ?? '';
    const message = form.get('message') ?? '';
    if (!to || !message) return send(res, 400, 'Missing to or message');
    if (failures > 0) {
      failures -= 1;
      return send(res, 500, 'Internal Server Error');
    }
    const recipients = to.split(',').map((number) => {
      const refusal = refusals.get(number);
      if (refusal) return { statusCode: refusal.statusCode, number, status: refusal.status, cost: '0', messageId: 'None' };
      const id = `ATXid_${randomBytes(12).toString('hex')}`;
      fake.sendCount += 1;
      if (fake.record) fake.sent.push({ id, username, to: number, from: form.get('from'), message });
      if (fake.autoDeliverTo) void fake.deliver(fake.autoDeliverTo, { id, status: 'Success', phoneNumber: number });
      return { statusCode: 101, number, status: 'Success', cost: COST, messageId: id };
    });
    const accepted = recipients.filter((recipient) => recipient.statusCode === 101).length;
    return send(res, 201, JSON.stringify({ SMSMessageData: { Message: `Sent to ${accepted}/${recipients.length} Total Cost: ${COST}`, Recipients: recipients } }), 'application/json');
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500, 'Internal Server Error')));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
