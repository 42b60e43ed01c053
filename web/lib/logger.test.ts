import { describe, expect, it, vi } from 'vitest';
import { createLogger, resolveLogLevel } from './logger';

const createSink = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() });

describe('client logger', () => {
  it('defaults to warn; a trace query parameter enables trace', () => {
    expect(resolveLogLevel('')).toBe('warn');
    expect(resolveLogLevel('?tab=billing')).toBe('warn');
    expect(resolveLogLevel('?trace')).toBe('trace');
    expect(resolveLogLevel('?tab=new-sale&trace=1')).toBe('trace');
  });

  it('at warn, prints errors and warnings only', () => {
    const sink = createSink();
    const logger = createLogger('warn', sink);
    logger.error('e', 1);
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    logger.trace('t');
    expect(sink.error).toHaveBeenCalledWith('[dukani] e', 1);
    expect(sink.warn).toHaveBeenCalledWith('[dukani] w');
    expect(sink.info).not.toHaveBeenCalled();
    expect(sink.debug).not.toHaveBeenCalled();
  });

  it('at trace, prints everything (trace through console.debug)', () => {
    const sink = createSink();
    const logger = createLogger('trace', sink);
    logger.info('i');
    logger.trace('t');
    expect(sink.info).toHaveBeenCalledWith('[dukani] i');
    expect(sink.debug).toHaveBeenCalledWith('[dukani] t');
  });
});
