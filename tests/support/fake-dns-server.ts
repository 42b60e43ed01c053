import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

// A small authoritative DNS server over UDP on 127.0.0.1 for the custom-domain tests (RFC 1035
// §4 wire format): TXT records from a map, NOERROR with no answer for another type of a known
// name, NXDOMAIN for an unknown one. `silent` plays a name server that never answers.

const TYPE_TXT = 16;
const CLASS_IN = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;
const TTL_SECONDS = 60;
// A TXT record's <character-string>s are at most 255 octets each (RFC 1035 §3.3).
const CHARACTER_STRING_MAX = 255;

export interface FakeDnsServer {
  port: number;
  /** Sets the TXT records of a name (each value one record), replacing any it had. */
  setTxt(name: string, values: string[]): void;
  /** Forgets a name: it answers NXDOMAIN again. */
  remove(name: string): void;
  /** While true, queries are read and never answered. */
  silent: boolean;
  /** How many queries arrived. */
  queries: number;
  close(): Promise<void>;
}

interface Question {
  name: string;
  type: number;
  /** The question section's bytes, copied into the reply. */
  raw: Buffer;
}

/** The first question of a query, or null when the message is not one this server can read. */
function readQuestion(message: Buffer): Question | null {
  if (message.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    if (offset >= message.length) return null;
    const length = message[offset]!;
    offset += 1;
    if (length === 0) break;
    // Compression pointers (top bits 11) do not occur in a query's first name.
    if (length > 63 || offset + length > message.length) return null;
    labels.push(message.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), raw: message.subarray(12, offset + 4) };
}

function txtRecordData(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length || parts.length === 0; start += CHARACTER_STRING_MAX) {
    const chunk = bytes.subarray(start, start + CHARACTER_STRING_MAX);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function header(query: Buffer, rcode: number, questions: number, answers: number): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(query.readUInt16BE(0), 0);
  const flags = query.readUInt16BE(2);
  // QR (a response), the query's opcode and RD, AA (this server holds the names), the rcode.
  head.writeUInt16BE(0x8000 | (flags & 0x7800) | 0x0400 | (flags & 0x0100) | rcode, 2);
  head.writeUInt16BE(questions, 4);
  head.writeUInt16BE(answers, 6);
  return head;
}

/** The answer to a query, or null for a datagram too short to be a DNS message. */
function reply(query: Buffer, records: ReadonlyMap<string, string[]>): Buffer | null {
  if (query.length < 12) return null;
  const question = readQuestion(query);
  if (!question) return header(query, RCODE_FORMERR, 0, 0);
  const values = records.get(question.name);
  if (!values) return Buffer.concat([header(query, RCODE_NXDOMAIN, 1, 0), question.raw]);
  const answers = question.type === TYPE_TXT ? values : [];
  const resourceRecords = answers.map((value) => {
    const data = txtRecordData(value);
    const fixed = Buffer.alloc(12);
    // The name as a pointer to the question's name at offset 12.
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(CLASS_IN, 4);
    fixed.writeUInt32BE(TTL_SECONDS, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header(query, 0, 1, answers.length), question.raw, ...resourceRecords]);
}

/** Starts the server on 127.0.0.1 (port 0: any free port). */
export async function startFakeDnsServer(options: { port?: number } = {}): Promise<FakeDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  const server: FakeDnsServer = {
    port: 0,
    silent: false,
    queries: 0,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    remove: (name) => records.delete(name.toLowerCase()),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    server.queries += 1;
    const answer = server.silent ? null : reply(message, records);
    if (answer) socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  server.port = (socket.address() as AddressInfo).port;
  return server;
}
