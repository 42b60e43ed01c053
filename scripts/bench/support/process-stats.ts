import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// Linux /proc readings of another process: memory (VmRSS now, VmHWM peak) and CPU time.

export interface ProcessMemory {
  rssMb: number;
  peakRssMb: number;
}

export function readProcessMemory(pid: number): ProcessMemory {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return { rssMb: Number.NaN, peakRssMb: Number.NaN };
  const status = readFileSync(file, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
    clockTicks = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return clockTicks;
}

/** User + system CPU seconds the process has used so far (NaN where /proc is missing). */
export function readProcessCpuSeconds(pid: number): number {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return Number.NaN;
  // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
  const stat = readFileSync(file, 'utf8');
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(afterName[11]);
  const stime = Number(afterName[12]);
  return (utime + stime) / ticksPerSecond();
}

export interface CpuSpan {
  wallSeconds: number;
  /** CPU seconds (user + system) of the measured child. */
  serverSeconds: number;
  /** CPU seconds of this process (the load generator). */
  loadGeneratorSeconds: number;
}

/** Starts measuring CPU time of a child and of this process; call the result to stop. */
export function startCpuMeter(childPid: number | undefined): () => CpuSpan {
  const startedAt = performance.now();
  const childStart = childPid ? readProcessCpuSeconds(childPid) : Number.NaN;
  const selfStart = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(selfStart);
    return {
      wallSeconds: (performance.now() - startedAt) / 1000,
      serverSeconds: childPid ? readProcessCpuSeconds(childPid) - childStart : Number.NaN,
      loadGeneratorSeconds: (self.user + self.system) / 1e6,
    };
  };
}
