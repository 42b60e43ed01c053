// Client-side logger (spec §9): level warn by default; a `trace` query parameter enables every level.
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type LogSink = Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;
export type Logger = Record<LogLevel, (message: string, ...details: unknown[]) => void>;

export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

/** The level for a page whose query string is `search` (e.g. `?trace`). */
export function resolveLogLevel(search: string): LogLevel {
  return new URLSearchParams(search).has('trace') ? 'trace' : DEFAULT_LOG_LEVEL;
}

export function createLogger(level: LogLevel, sink: LogSink = console): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write = (messageLevel: LogLevel, method: keyof LogSink) =>
    LOG_LEVELS.indexOf(messageLevel) <= threshold
      ? (message: string, ...details: unknown[]) => sink[method](`[dukani] ${message}`, ...details)
      : () => {};
  return {
    error: write('error', 'error'),
    warn: write('warn', 'warn'),
    info: write('info', 'info'),
    debug: write('debug', 'debug'),
    trace: write('trace', 'debug'),
  };
}

export const logger = createLogger(
  typeof window === 'undefined' ? DEFAULT_LOG_LEVEL : resolveLogLevel(window.location.search),
);
