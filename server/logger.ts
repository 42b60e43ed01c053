import pino from 'pino';
import type { AppConfig } from './config';

export type Logger = pino.Logger;

export function createLogger(level: AppConfig['logLevel']): Logger {
  return pino({
    level,
    base: { service: 'dukani' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' },
  });
}
