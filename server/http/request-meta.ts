import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { RequestMeta } from '../auth/auth.service';
import type { RequestLanguageHints } from '../i18n/email-language';
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

const LOOPBACK_ADDRESSES = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the request comes from this machine: the socket's peer is a loopback address and no
 * proxy in front names a client elsewhere (X-Forwarded-For alone is client input, so never enough).
 */
export function isLoopbackClient(c: Context<AppEnv>): boolean {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!peer || !LOOPBACK_ADDRESSES.test(peer)) return false;
  const forwarded = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-for') : undefined;
  return !forwarded || forwarded.split(',').every((address) => LOOPBACK_ADDRESSES.test(address.trim()));
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

/**
 * What the request says about the language of an e-mail it causes (server/i18n/email-language.ts):
 * its Accept-Language (the web app's screen language) and the shop it is made in.
 */
export function languageHints(c: Context<AppEnv>, tenantId: string | null): RequestLanguageHints {
  return { acceptLanguage: c.req.header('accept-language') ?? null, tenantId };
}
