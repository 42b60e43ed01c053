import { BenchError } from './suite';

/** A non-negative number from the environment (a bench setting), or the fallback when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new BenchError(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}
