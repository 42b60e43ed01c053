import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { RequestMeta } from '../auth/auth.service';
import type { AppEnv } from './context';

/** The client address: X-Forwarded-For only behind a trusted proxy, else the socket's peer. */
export function clientAddress(c: Context<AppEnv>): string | null {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

/**
 * Headers for better-auth calls, built from trusted values only: the host (tenant), the session
 * cookie, the user agent, and the client address we determined (never the client's own claim).
 */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  const ipAddress = clientAddress(c);
  const userAgent = c.req.header('user-agent') ?? null;
  const headers = new Headers();
  for (const name of ['host', 'cookie', 'origin'] as const) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  if (userAgent) headers.set('user-agent', userAgent);
  if (ipAddress) headers.set('x-forwarded-for', ipAddress);
  return { headers, ipAddress, userAgent };
}

/** The origin the browser used (scheme + Host), for links in e-mails that must come back here. */
export function requestOrigin(c: Context<AppEnv>): string {
  const publicUrl = c.var.deps.config.publicUrl;
  const host = c.req.header('host');
  if (!host) return publicUrl ?? `http://localhost:${c.var.deps.config.port}`;
  const forwardedProto = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
  const scheme = forwardedProto ?? (publicUrl?.startsWith('https://') ? 'https' : new URL(c.req.url).protocol.replace(':', ''));
  return `${scheme}://${host}`;
}
