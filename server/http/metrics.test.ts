import { describe, expect, it } from 'vitest';
import { expectValidExposition } from '../../tests/support/prometheus-exposition';
import {
  createHistogram,
  createHttpMetrics,
  escapeLabelValue,
  familyOf,
  LATENCY_BUCKETS_SECONDS,
  observe,
  quantileFromBuckets,
  renderPrometheus,
} from './metrics';

// The request metrics' arithmetic against figures worked by hand, and the /metrics text against
// the Prometheus text exposition format (HELP and TYPE before a metric's samples, cumulative
// buckets ending with le="+Inf" equal to _count, label values escaped).

describe('latency histogram and percentiles from buckets', () => {
  // Ten requests: 3 at or under 5 ms (5 ms itself falls in le=0.005), 5 in (10, 25] ms, 2 in (100, 250] ms.
  const seconds = [0.003, 0.004, 0.005, 0.011, 0.02, 0.015, 0.024, 0.025, 0.2, 0.25];
  const histogram = createHistogram();
  for (const value of seconds) observe(histogram, value);

  it('counts each observation in the first bucket whose bound it does not exceed', () => {
    expect(LATENCY_BUCKETS_SECONDS).toEqual([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
    expect([...histogram.counts]).toEqual([3, 0, 5, 0, 0, 2, 0, 0, 0, 0, 0, 0]);
    expect(histogram.count).toBe(10);
    expect(histogram.sum).toBeCloseTo(0.557, 12);
  });

  it('interpolates inside the bucket holding the rank, as histogram_quantile does', () => {
    // p50: rank 5; cumulative 3, 3, 8 → bucket (0.01, 0.025], 2 of its 5: 0.01 + 0.015 × 2/5 = 0.016.
    expect(quantileFromBuckets(histogram, 0.5)).toBeCloseTo(0.016, 12);
    // p95: rank 9.5; bucket (0.1, 0.25] after 8: 0.1 + 0.15 × 1.5/2 = 0.2125.
    expect(quantileFromBuckets(histogram, 0.95)).toBeCloseTo(0.2125, 12);
    // p99: rank 9.9: 0.1 + 0.15 × 1.9/2 = 0.2425.
    expect(quantileFromBuckets(histogram, 0.99)).toBeCloseTo(0.2425, 12);
    // p10: rank 1 in the first bucket, which starts at 0: 0.005 × 1/3.
    expect(quantileFromBuckets(histogram, 0.1)).toBeCloseTo(0.005 / 3, 12);
    // p30: rank 3, the first bucket's end exactly.
    expect(quantileFromBuckets(histogram, 0.3)).toBeCloseTo(0.005, 12);
  });

  it('answers the highest finite bound for a rank in +Inf, and null without observations', () => {
    expect(quantileFromBuckets(createHistogram(), 0.5)).toBeNull();
    const slow = createHistogram();
    observe(slow, 0.02);
    observe(slow, 12);
    expect([...slow.counts].at(-1)).toBe(1);
    expect(quantileFromBuckets(slow, 0.99)).toBe(10);
    // p50: rank 1, the first observation's bucket (0.01, 0.025], all of it: 0.025.
    expect(quantileFromBuckets(slow, 0.5)).toBeCloseTo(0.025, 12);
  });
});

describe('route families', () => {
  it('names a family by the route pattern, never by the raw address', () => {
    expect(familyOf('/api/sales/:id', '/api/sales/0b9e6a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b')).toBe('sales');
    expect(familyOf('/api/platform/tenants/:id/suspend', '/api/platform/tenants/x/suspend')).toBe('platform');
    expect(familyOf('/api/*', '/api/no-such-thing/123')).toBe('unmatched');
    expect(familyOf(undefined, '/api/x')).toBe('unmatched');
    expect(familyOf('*', '/sales/history')).toBe('web');
    expect(familyOf(undefined, '/metrics')).toBe('metrics');
  });

  it('keeps per-minute counts for the last minutes and forgets older ones', () => {
    const minute = 60_000;
    const start = 1_800_000_000_000 - (1_800_000_000_000 % minute);
    const metrics = createHttpMetrics({ version: '1', now: () => start });
    metrics.record('/api/sales', '/api/sales', 200, 0.01, start - 20 * minute);
    metrics.record('/api/sales', '/api/sales', 200, 0.01, start - 2 * minute + 5);
    metrics.record('/api/sales', '/api/sales', 404, 0.01, start + 1000);
    metrics.record('/api/sales', '/api/sales', 503, 0.01, start + 2000);
    const recent = metrics.recentMinutes(start + 3000);
    expect(recent).toHaveLength(15);
    expect(recent.at(-1)).toEqual({ minute: start / minute, requests: 2, clientErrors: 1, serverErrors: 1 });
    expect(recent.at(-3)).toEqual({ minute: start / minute - 2, requests: 1, clientErrors: 0, serverErrors: 0 });
    expect(recent.reduce((total, slot) => total + slot.requests, 0)).toBe(3);
    // All four are counted since the start, in one family.
    expect(metrics.families().map((family) => [family.family, family.requests, family.byClass])).toEqual([
      ['sales', 4, { '1xx': 0, '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 1 }],
    ]);
  });
});

describe('Prometheus text exposition', () => {
  it('writes the hand-written sample exactly', () => {
    const metrics = createHttpMetrics({ version: '1.2.3', commit: 'abc1234', now: () => 1_000_000 });
    metrics.record('/api/sales/:id', '/api/sales/7', 200, 0.02);
    metrics.record('/api/sales', '/api/sales', 500, 0.3);
    metrics.record('/api/products/:id', '/api/products/9', 404, 0.004);
    const text = renderPrometheus(metrics, [{ name: 'dukani_db_pool_size', help: 'Pool size.', samples: [{ value: 10 }] }], 1_012_500);
    const ones = (family: string) => LATENCY_BUCKETS_SECONDS.map((le) => `dukani_http_request_duration_seconds_bucket{family="${family}",le="${le}"} 1`);
    expect(text).toBe(
      [
        '# HELP dukani_http_requests_total HTTP requests answered, by route family and status class.',
        '# TYPE dukani_http_requests_total counter',
        'dukani_http_requests_total{family="products",status_class="4xx"} 1',
        'dukani_http_requests_total{family="sales",status_class="2xx"} 1',
        'dukani_http_requests_total{family="sales",status_class="5xx"} 1',
        '# HELP dukani_http_request_duration_seconds Time taken to answer HTTP requests, by route family.',
        '# TYPE dukani_http_request_duration_seconds histogram',
        ...ones('products'),
        'dukani_http_request_duration_seconds_bucket{family="products",le="+Inf"} 1',
        'dukani_http_request_duration_seconds_sum{family="products"} 0.004',
        'dukani_http_request_duration_seconds_count{family="products"} 1',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.005"} 0',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.01"} 0',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.025"} 1',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.05"} 1',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.1"} 1',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.25"} 1',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="0.5"} 2',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="1"} 2',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="2.5"} 2',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="5"} 2',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="10"} 2',
        'dukani_http_request_duration_seconds_bucket{family="sales",le="+Inf"} 2',
        'dukani_http_request_duration_seconds_sum{family="sales"} 0.32',
        'dukani_http_request_duration_seconds_count{family="sales"} 2',
        '# HELP dukani_uptime_seconds Seconds since this server started.',
        '# TYPE dukani_uptime_seconds gauge',
        'dukani_uptime_seconds 12.5',
        '# HELP dukani_build_info The running version (always 1).',
        '# TYPE dukani_build_info gauge',
        'dukani_build_info{version="1.2.3",commit="abc1234"} 1',
        '# HELP dukani_db_pool_size Pool size.',
        '# TYPE dukani_db_pool_size gauge',
        'dukani_db_pool_size 10',
        '',
      ].join('\n'),
    );
    expectValidExposition(text);
  });

  it('escapes label values', () => {
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const metrics = createHttpMetrics({ version: 'v"1\n', now: () => 0 });
    const line = renderPrometheus(metrics, [], 0).split('\n').find((candidate) => candidate.startsWith('dukani_build_info'));
    expect(line).toBe('dukani_build_info{version="v\\"1\\n",commit=""} 1');
  });
});
