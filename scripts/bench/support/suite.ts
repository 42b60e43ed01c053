// The contract between scripts/bench/index.ts and each suites/*.bench.ts file.

export type GoalStatus = 'PASS' | 'MISS';

/** One line of the final summary: a figure, the baseline it was compared with, and its goal if any. */
export interface SummaryLine {
  figure: string;
  value: string;
  baseline?: string;
  goal?: string;
  status?: GoalStatus | 'INFO' | 'SKIPPED';
}

export interface BenchSuite {
  /** What `npm run bench -- <name>` selects. */
  name: string;
  description: string;
  run(): Promise<SummaryLine[]>;
}

/** The bench itself is broken (not a missed goal): the run exits non-zero. */
export class BenchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BenchError';
  }
}

export const goalStatus = (isMet: boolean): GoalStatus => (isMet ? 'PASS' : 'MISS');
