import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDependencies, AppEnv } from './context';

// In-process request metrics (issue 21, docs/platform.md "System health"): per route family (the
// first path segment after /api of the route that matched, never a raw id), requests by status
// class and a fixed-bucket latency histogram, so the percentiles come from the buckets, as
// Prometheus's histogram_quantile computes them. Counting a request is a map lookup and a few
// array increments: the family of a route pattern is worked out once and remembered.

/** Upper bounds of the latency buckets, in seconds (Prometheus's default buckets); +Inf follows. */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** One-minute slots kept for the recent request and error rates. */
export const RECENT_MINUTES = 15;
const MINUTE_MS = 60_000;

export interface LatencyHistogram {
  /** Observations per bucket, not cumulative: counts[i] ≤ bounds[i] (and > bounds[i-1]); the last is +Inf. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

export function createHistogram(): LatencyHistogram {
  return { counts: new Float64Array(LATENCY_BUCKETS_SECONDS.length + 1), sum: 0, count: 0 };
}

/** Adds one observation (seconds). */
export function observe(histogram: LatencyHistogram, seconds: number): void {
  let index = 0;
  while (index < LATENCY_BUCKETS_SECONDS.length && seconds > LATENCY_BUCKETS_SECONDS[index]!) index += 1;
  histogram.counts[index]! += 1;
  histogram.sum += seconds;
  histogram.count += 1;
}

/**
 * The q-quantile (0 < q ≤ 1) estimated from the buckets as Prometheus's histogram_quantile does:
 * the rank q·count falls in the first bucket whose cumulative count reaches it, and the value is
 * interpolated linearly inside that bucket (the first bucket starts at 0). A rank in the +Inf
 * bucket answers the highest finite bound. Null without observations.
 */
export function quantileFromBuckets(histogram: LatencyHistogram, q: number): number | null {
  if (histogram.count === 0) return null;
  const rank = q * histogram.count;
  let cumulative = 0;
  for (let index = 0; index < histogram.counts.length; index += 1) {
    const inBucket = histogram.counts[index]!;
    if (cumulative + inBucket >= rank && inBucket > 0) {
      if (index === LATENCY_BUCKETS_SECONDS.length) return LATENCY_BUCKETS_SECONDS[index - 1]!;
      const lower = index === 0 ? 0 : LATENCY_BUCKETS_SECONDS[index - 1]!;
      const upper = LATENCY_BUCKETS_SECONDS[index]!;
      return lower + ((upper - lower) * (rank - cumulative)) / inBucket;
    }
    cumulative += inBucket;
  }
  return LATENCY_BUCKETS_SECONDS[LATENCY_BUCKETS_SECONDS.length - 1]!;
}

interface FamilyStats {
  /** Requests per status class, in STATUS_CLASSES order. */
  readonly byClass: Float64Array;
  readonly latency: LatencyHistogram;
}

export interface MinuteSlot {
  /** Minutes since the epoch this slot counts, or -1 when unused. */
  minute: number;
  requests: number;
  clientErrors: number;
  serverErrors: number;
}

export interface FamilySnapshot {
  family: string;
  requests: number;
  byClass: Record<StatusClass, number>;
  latency: { counts: number[]; sum: number; count: number };
  p50Seconds: number | null;
  p95Seconds: number | null;
  p99Seconds: number | null;
}

export interface HttpMetrics {
  readonly startedAt: number;
  readonly version: string;
  readonly commit: string | null;
  /** Counts one answered request. */
  record(routePath: string | undefined, requestPath: string, status: number, seconds: number, now?: number): void;
  families(): FamilySnapshot[];
  /** The last RECENT_MINUTES minutes, oldest first, the current (partial) minute last. */
  recentMinutes(now?: number): Array<{ minute: number; requests: number; clientErrors: number; serverErrors: number }>;
}

/**
 * The family of a request: for /api routes the first segment after /api of the route pattern that
 * matched (`/api/sales/:id` → `sales`); `unmatched` for an /api address no route has; `metrics` for
 * the scrape itself; `web` for the web app and its files. Patterns only: the family never carries
 * an id, so there are as many families as route groups.
 */
export function familyOf(routePath: string | undefined, requestPath: string): string {
  if (requestPath === '/metrics') return 'metrics';
  if (!isApiPath(requestPath)) return 'web';
  const segment = routePath?.startsWith('/api/') ? routePath.slice(5).split('/')[0] : undefined;
  if (!segment || segment === '*' || segment.startsWith(':') || segment.startsWith('{')) return 'unmatched';
  return segment;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export function statusClassIndex(status: number): number {
  const index = Math.floor(status / 100) - 1;
  return index >= 0 && index < STATUS_CLASSES.length ? index : STATUS_CLASSES.length - 1;
}

export function createHttpMetrics({
  version,
  commit = null,
  now = Date.now,
  startedAt = now(),
}: {
  version: string;
  commit?: string | null;
  now?: () => number;
  /** When the server started (ms since the epoch): the process's start by default for the app, now here. */
  startedAt?: number;
}): HttpMetrics {
  const stats = new Map<string, FamilyStats>();
  // An /api route pattern → its family, worked out once per pattern.
  const familyByPattern = new Map<string, string>();
  const slots: MinuteSlot[] = Array.from({ length: RECENT_MINUTES }, () => ({ minute: -1, requests: 0, clientErrors: 0, serverErrors: 0 }));

  const statsOf = (family: string): FamilyStats => {
    let entry = stats.get(family);
    if (!entry) {
      entry = { byClass: new Float64Array(STATUS_CLASSES.length), latency: createHistogram() };
      stats.set(family, entry);
    }
    return entry;
  };

  return {
    startedAt,
    version,
    commit,
    record(routePath, requestPath, status, seconds, at = now()) {
      let family: string;
      if (requestPath === '/metrics') family = 'metrics';
      else if (!isApiPath(requestPath)) family = 'web';
      else {
        const pattern = routePath ?? '';
        const known = familyByPattern.get(pattern);
        family = known ?? familyOf(pattern, requestPath);
        if (known === undefined) familyByPattern.set(pattern, family);
      }
      const entry = statsOf(family);
      entry.byClass[statusClassIndex(status)]! += 1;
      observe(entry.latency, seconds);
      const minute = Math.floor(at / MINUTE_MS);
      const slot = slots[minute % RECENT_MINUTES]!;
      if (slot.minute !== minute) {
        slot.minute = minute;
        slot.requests = 0;
        slot.clientErrors = 0;
        slot.serverErrors = 0;
      }
      slot.requests += 1;
      if (status >= 500) slot.serverErrors += 1;
      else if (status >= 400) slot.clientErrors += 1;
    },
    families() {
      return [...stats.entries()]
        .map(([family, entry]) => ({
          family,
          requests: entry.latency.count,
          byClass: Object.fromEntries(STATUS_CLASSES.map((name, index) => [name, entry.byClass[index]!])) as Record<StatusClass, number>,
          latency: { counts: [...entry.latency.counts], sum: entry.latency.sum, count: entry.latency.count },
          p50Seconds: quantileFromBuckets(entry.latency, 0.5),
          p95Seconds: quantileFromBuckets(entry.latency, 0.95),
          p99Seconds: quantileFromBuckets(entry.latency, 0.99),
        }))
        .sort((left, right) => left.family.localeCompare(right.family));
    },
    recentMinutes(at = now()) {
      const current = Math.floor(at / MINUTE_MS);
      const result = [];
      for (let minute = current - RECENT_MINUTES + 1; minute <= current; minute += 1) {
        const slot = slots[minute % RECENT_MINUTES]!;
        const live = slot.minute === minute;
        result.push({ minute, requests: live ? slot.requests : 0, clientErrors: live ? slot.clientErrors : 0, serverErrors: live ? slot.serverErrors : 0 });
      }
      return result;
    },
  };
}

// One registry per app (per AppDependencies): the middleware writes it, /metrics and the system
// page read it. A WeakMap keeps test apps in one process apart.
const registries = new WeakMap<AppDependencies, HttpMetrics>();

export function metricsOf(deps: AppDependencies): HttpMetrics {
  let metrics = registries.get(deps);
  if (!metrics) {
    // Uptime counts from the process's start (migrations and the first seed included).
    metrics = createHttpMetrics({ version: deps.config.version, commit: deps.config.gitCommit ?? null, startedAt: Math.round(performance.timeOrigin) });
    registries.set(deps, metrics);
  }
  return metrics;
}

/** The middleware: after the answer (the error handler's included), counts it in its family. */
export function countRequests(deps: AppDependencies): MiddlewareHandler<AppEnv> {
  const metrics = metricsOf(deps);
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route index is the last handler reached: the matched route's own pattern
    // (its guards share it), or '/api/*' for the not-found answer. Hono's helper maps the matched
    // handlers to read it: the one small array a request costs here.
    const path = c.req.path;
    metrics.record(isApiPath(path) ? routePath(c) : undefined, path, c.res.status, (performance.now() - started) / 1000);
  };
}

// ── Prometheus text exposition format (version 0.0.4) ────────────────────────

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface GaugeFamily {
  name: string;
  help: string;
  samples: Array<{ labels?: Record<string, string>; value: number }>;
}

/** A label value with backslash, double quote and line feed escaped, as the format asks. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelsText(labels: Record<string, string> | undefined): string {
  const entries = Object.entries(labels ?? {});
  return entries.length === 0 ? '' : `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
}

function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/**
 * The metrics as Prometheus scrapes them: a HELP and a TYPE line before each metric's samples;
 * requests by family and status class (counter); latency by family (histogram: cumulative
 * buckets, the +Inf bucket equal to _count, then _sum and _count); then the gauges given.
 */
export function renderPrometheus(metrics: HttpMetrics, gauges: GaugeFamily[], now: number = Date.now()): string {
  const lines: string[] = [];
  const families = metrics.families();
  lines.push('# HELP dukani_http_requests_total HTTP requests answered, by route family and status class.');
  lines.push('# TYPE dukani_http_requests_total counter');
  for (const family of families) {
    for (const statusClass of STATUS_CLASSES) {
      const count = family.byClass[statusClass];
      if (count > 0) lines.push(`dukani_http_requests_total${labelsText({ family: family.family, status_class: statusClass })} ${count}`);
    }
  }
  lines.push('# HELP dukani_http_request_duration_seconds Time taken to answer HTTP requests, by route family.');
  lines.push('# TYPE dukani_http_request_duration_seconds histogram');
  for (const family of families) {
    let cumulative = 0;
    LATENCY_BUCKETS_SECONDS.forEach((bound, index) => {
      cumulative += family.latency.counts[index]!;
      lines.push(`dukani_http_request_duration_seconds_bucket${labelsText({ family: family.family, le: String(bound) })} ${cumulative}`);
    });
    lines.push(`dukani_http_request_duration_seconds_bucket${labelsText({ family: family.family, le: '+Inf' })} ${family.latency.count}`);
    lines.push(`dukani_http_request_duration_seconds_sum${labelsText({ family: family.family })} ${numberText(family.latency.sum)}`);
    lines.push(`dukani_http_request_duration_seconds_count${labelsText({ family: family.family })} ${family.latency.count}`);
  }
  const builtIn: GaugeFamily[] = [
    { name: 'dukani_uptime_seconds', help: 'Seconds since this server started.', samples: [{ value: (now - metrics.startedAt) / 1000 }] },
    { name: 'dukani_build_info', help: 'The running version (always 1).', samples: [{ labels: { version: metrics.version, commit: metrics.commit ?? '' }, value: 1 }] },
  ];
  for (const gauge of [...builtIn, ...gauges]) {
    lines.push(`# HELP ${gauge.name} ${gauge.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
    lines.push(`# TYPE ${gauge.name} gauge`);
    for (const sample of gauge.samples) lines.push(`${gauge.name}${labelsText(sample.labels)} ${numberText(sample.value)}`);
  }
  return `${lines.join('\n')}\n`;
}
