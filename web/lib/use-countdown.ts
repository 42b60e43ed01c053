import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ms), rounded up, never negative. */
export function secondsUntil(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

const TICK_MS = 250;

/** A seconds countdown (resend cooldowns, rate-limit waits): start(n), then secondsLeft ticks to 0. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  return { secondsLeft: endsAt === null ? 0 : secondsUntil(endsAt, now), start };
}
