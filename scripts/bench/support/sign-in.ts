import { request } from 'node:http';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { BenchError } from './suite';

export interface SignInReply {
  status: number;
  /** The Cookie header value carrying the new session, empty when refused. */
  cookie: string;
  body: string;
}

/** POST /api/auth/sign-in on the bench server as a demo user (password DEMO_PASSWORD), from `clientAddress`. */
export function postSignIn(port: number, options: { host: string; email: string; clientAddress: string }): Promise<SignInReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: '127.0.0.1',
        port,
        path: '/api/auth/sign-in',
        method: 'POST',
        headers: { host: options.host, 'content-type': 'application/json', 'x-forwarded-for': options.clientAddress },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const cookie = (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
          resolve({ status: res.statusCode ?? 0, cookie, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email: options.email, password: DEMO_PASSWORD }));
  });
}

/** A session cookie for a demo user; a refused sign-in stops the suite. */
export async function signInCookie(port: number, options: { host: string; email: string; clientAddress: string }): Promise<string> {
  const reply = await postSignIn(port, options);
  if (reply.status !== 200 || !reply.cookie) throw new BenchError(`sign-in as ${options.email} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return reply.cookie;
}
