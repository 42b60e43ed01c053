import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { HttpError } from './errors';

export interface RateLimitRule {
  /** Names the counter, e.g. 'sign-in:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Shown on 429; {seconds} is replaced by the wait. */
  message: string;
}

interface WindowCount {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, shared by every app server. One statement counts the
 * request and reports the total, so concurrent requests cannot slip past the limit.
 */
async function countRequest(database: Database, rule: RateLimitRule, subject: string): Promise<WindowCount> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    database.platform,
    sql`insert into rate_limits (key, window_start, count) values (${key(rule, subject)}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
        returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`,
  );
  return { count: row?.count ?? 1, retryAfterSeconds: Math.max(1, row?.retry_after ?? rule.windowSeconds) };
}

/** Counts this request and refuses it with 429 when it is over the limit. */
export async function consumeRateLimit(database: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const { count, retryAfterSeconds } = await countRequest(database, rule, subject);
  if (count > rule.max) throw limited(rule, retryAfterSeconds);
}

export interface RateLimitCounter {
  rule: RateLimitRule;
  subject: string;
}

/**
 * Counts an attempt on every counter before it is made (so concurrent attempts cannot slip past)
 * and refuses with 429, counting nothing, when any counter is over its limit. `release` takes the
 * attempt back for outcomes that do not count, such as a successful sign-in.
 */
export async function countAttempt(database: Database, counters: RateLimitCounter[]): Promise<{ release(): Promise<void> }> {
  const counted: RateLimitCounter[] = [];
  const release = () => releaseAttempt(database, counted);
  for (const counter of counters) {
    const { count, retryAfterSeconds } = await countRequest(database, counter.rule, counter.subject);
    counted.push(counter);
    if (count > counter.rule.max) {
      await release();
      throw limited(counter.rule, retryAfterSeconds);
    }
  }
  return { release };
}

async function releaseAttempt(database: Database, counters: RateLimitCounter[]) {
  for (const { rule, subject } of counters) {
    await database.platform.execute(
      sql`update rate_limits set count = greatest(count - 1, 0)
          where key = ${key(rule, subject)} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`,
    );
  }
}

const key = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

/** A 429 that names its rule, so the error handler can record the refusal (the Security page). */
export class RateLimitedError extends HttpError {
  constructor(readonly rule: string, message: string, retryAfterSeconds: number) {
    super('rate_limited', message, undefined, { retryAfterSeconds });
  }
}

function limited(rule: RateLimitRule, retryAfterSeconds: number) {
  return new RateLimitedError(rule.name, rule.message.replace('{seconds}', String(retryAfterSeconds)), retryAfterSeconds);
}
