/**
 * A small interleaved benchmark runner. Each round gives every task the same time slice in turn, so
 * a noisy neighbour or a CPU frequency change hits all contenders alike instead of whichever ran last.
 */

export interface BenchTask {
  name: string;
  fn: () => unknown;
  /**
   * Runs before each of the task's slices (warm-up included), outside the timed part: e.g. to
   * prepare the single-use inputs the next slice will consume.
   */
  prepare?: () => Promise<void>;
}

export interface BenchGroup {
  title: string;
  tasks: BenchTask[];
  /** Ratios printed as `<task> / <base>` for each listed pair. */
  ratios: Array<[task: string, base: string]>;
  /** Facts measured alongside, printed under the group (e.g. SQL statements per request). */
  notes?: string[];
}

export interface RunOptions {
  rounds: number;
  sliceMs: number;
  warmupMs: number;
}

async function runFor(fn: () => unknown, ms: number): Promise<{ ops: number; elapsed: number }> {
  const start = performance.now();
  const deadline = start + ms;
  let ops = 0;
  let now = start;
  while (now < deadline) {
    // Batches of 16 keep clock reads off the measured path for fast tasks.
    for (let i = 0; i < 16; i++) await fn();
    ops += 16;
    now = performance.now();
  }
  return { ops, elapsed: now - start };
}

export async function runInterleaved(
  groups: BenchGroup[],
  options: RunOptions,
): Promise<Map<string, number>> {
  const totals = new Map<string, { ops: number; ms: number }>();
  const all = groups.flatMap((group) =>
    group.tasks.map((task) => ({ key: `${group.title}/${task.name}`, task })),
  );
  for (const { task } of all) {
    await task.prepare?.();
    await runFor(task.fn, options.warmupMs);
  }
  for (let round = 0; round < options.rounds; round++) {
    // Alternate the order each round so no task always follows the same one.
    const order = round % 2 === 0 ? all : [...all].reverse();
    for (const { key, task } of order) {
      await task.prepare?.();
      const { ops, elapsed } = await runFor(task.fn, options.sliceMs);
      const total = totals.get(key) ?? { ops: 0, ms: 0 };
      totals.set(key, { ops: total.ops + ops, ms: total.ms + elapsed });
    }
  }
  return new Map([...totals].map(([key, { ops, ms }]) => [key, (ops / ms) * 1000]));
}

const format = (n: number) => Math.round(n).toLocaleString("en-US");

export function report(groups: BenchGroup[], opsPerSecond: Map<string, number>): string {
  const lines: string[] = [];
  for (const group of groups) {
    lines.push(`\n${group.title}`);
    for (const task of group.tasks) {
      const rate = opsPerSecond.get(`${group.title}/${task.name}`) ?? 0;
      lines.push(`  ${task.name.padEnd(28)} ${format(rate).padStart(12)} ops/s`);
    }
    for (const [taskName, baseName] of group.ratios) {
      const a = opsPerSecond.get(`${group.title}/${taskName}`) ?? 0;
      const b = opsPerSecond.get(`${group.title}/${baseName}`) ?? 1;
      lines.push(`  ratio ${`${taskName} / ${baseName}`.padEnd(40)} ${(a / b).toFixed(2)}x`);
    }
    for (const note of group.notes ?? []) lines.push(`  ${note}`);
  }
  return lines.join("\n");
}
