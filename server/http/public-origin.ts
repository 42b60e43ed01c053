import type { Context } from 'hono';
import { classifyHost, isWellFormedHost, normalizeHost } from '../../core/tenancy/tenancy.rules';
import type { AppConfig } from '../config';
import type { TenantResolver } from '../tenancy/tenant-resolver';
import type { AppEnv } from './context';
import { HttpError } from './errors';

export const UNKNOWN_ORIGIN_MESSAGE = /*i18n*/ "E-mail links can only be sent from your shop's own address. Open Dukani there and try again.";

export interface OriginRequest {
  /** The Host header as the client sent it (client input). */
  host: string | undefined;
  /** The scheme the client used: the socket's, or X-Forwarded-Proto behind a trusted proxy. */
  scheme: 'http' | 'https';
}

/**
 * The origin for absolute URLs the server hands out (links in e-mails, payment return pages), or
 * null. The Host header is client input, so it is used only when we know the host: PUBLIC_URL's
 * host, a shop's subdomain under a platform domain or its verified custom domain (the domain rows,
 * through the tenant resolver), or a loopback name (localhost, *.localhost, 127.0.0.1), which
 * leads nowhere but the reader's own machine (development, and tests of a production build).
 */
export async function trustedOriginFor(
  request: OriginRequest,
  deps: { config: Pick<AppConfig, 'publicUrl' | 'rootDomains' | 'port'>; tenantResolver: TenantResolver },
): Promise<string | null> {
  const { config } = deps;
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : null;
  const rawHost = request.host?.trim().toLowerCase() ?? '';
  const host = normalizeHost(rawHost);
  if (!host || !isWellFormedHost(host)) return null;
  if (publicUrl && host === publicUrl.hostname) return publicUrl.origin;
  const port = rawHost.slice(host.length).replace(/^:/, '');
  if (!/^\d*$/.test(port)) return null;

  const kind = classifyHost(host, config.rootDomains).kind;
  if (kind === 'development' || kind === 'local-subdomain') return `${request.scheme}://${rawHost}`;
  if (kind === 'main') return null;
  // A shop's host is served on the public port, or on this server's own port when reached directly.
  const knownPorts = ['', String(config.port), publicUrl?.port ?? ''];
  if (!knownPorts.includes(port)) return null;
  const context = await deps.tenantResolver.resolve(host);
  if (!context.tenant) return null;
  const scheme = publicUrl?.protocol === 'https:' ? 'https' : request.scheme;
  return `${scheme}://${rawHost}`;
}

/** trustedOriginFor for this request. */
export function trustedOrigin(c: Context<AppEnv>): Promise<string | null> {
  return trustedOriginFor({ host: c.req.header('host'), scheme: requestScheme(c) }, c.var.deps);
}

/** trustedOriginFor for this request; an unknown host is refused with 400. */
export async function requireTrustedOrigin(c: Context<AppEnv>): Promise<string> {
  const origin = await trustedOrigin(c);
  if (!origin) throw new HttpError('bad_request', UNKNOWN_ORIGIN_MESSAGE);
  return origin;
}

/** The scheme the client used: the socket's, or X-Forwarded-Proto behind a trusted proxy. */
export function requestScheme(c: Context<AppEnv>): 'http' | 'https' {
  const forwarded = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
}
