/**
 * The benchmark table in README.md and bench/README.md, written by `npm run bench` between two
 * markers: every ratio the run printed, with its target where the project set one, the machine it
 * ran on and the command. Only a full run writes it (a partial or `--quick` run would leave a table
 * that mixes days); test/docs/bench-block.test.ts checks the block's shape, never its numbers.
 */
import { cpus, loadavg } from "node:os";
import type { BenchGroup } from "./harness.js";

export const BLOCK_START = "<!-- bench:start: written by `npm run bench`, do not edit by hand -->";
export const BLOCK_END = "<!-- bench:end -->";

/** The files whose block a full run rewrites, relative to the repository root. */
export const BLOCK_FILES = ["README.md", "bench/README.md"] as const;

/** One row of the table: what was compared, the goal, and the measured ratio (`1.23x`, then any detail). */
export interface BenchRow {
  measure: string;
  target: string;
  result: string;
}

/** Where the run happened: enough to tell two tables apart, and to read a ratio with its load. */
export interface Machine {
  date: string;
  node: string;
  cores: number;
  cpu: string;
  /** One-minute load average when the run started and when it ended. */
  load: [start: number, end: number];
}

/** The project's goals, by group title (a pattern) and ratio; a ratio without one shows "—". */
const TARGETS: Array<[title: RegExp, ratio: string, target: string]> = [
  [/^(encode|decode|getToken)$/, "latchkey / @auth/core", "≥ 20x"],
  [/^(encode|decode|getToken)$/, "latchkey / floor (node:crypto)", "≥ 0.5x"],
  [/^GET \/session \(jwt/, "latchkey / @auth/core", "≥ 45x"],
  [/^GET \/session \(jwt/, "latchkey, no token cache / @auth/core", "≥ 20x"],
  // "Within 1.35x of the no-crypto floor", as a ratio of rates: 1 / 1.35.
  [/^GET \/session \(jwt/, "latchkey / floor: no-crypto handler", "≥ 0.74x"],
  [/^GET \/session \(database, in-memory/, "latchkey / @auth/core", "≥ 6x"],
  // "Overhead under 10%", as a ratio of rates: 1 / 1.1.
  [
    /^GET \/session \((jwt|database), organizations on\)/,
    "an active organization / no active organization",
    "≥ 0.91x",
  ],
  [/^GET \/session \(database, PostgreSQL/, "latchkey / @auth/core", "≥ 1.5x"],
  [/^GET \/session \(database \+ cookie cache, PostgreSQL/, "latchkey / @auth/core", "≥ 10x"],
  [/^POST \/callback\/credentials/, "limiter on, memory / limiter off", "≥ 0.9x"],
  [/^HTTP GET/, "latchkey toNodeHandler / latchkey plain bridge", "≥ 1.0x"],
  [/^HTTP GET/, "latchkey toNodeHandler / floor: node:crypto handler", "≥ 0.9x"],
];

const targetFor = (title: string, ratio: string): string =>
  TARGETS.find(([pattern, name]) => pattern.test(title) && name === ratio)?.[2] ?? "—";

/** Every ratio of `groups`, as rows, in the order the run printed them. */
export function ratioRows(groups: BenchGroup[], opsPerSecond: Map<string, number>): BenchRow[] {
  return groups.flatMap((group) =>
    group.ratios.map(([task, base]): BenchRow => {
      const a = opsPerSecond.get(`${group.title}/${task}`) ?? 0;
      const b = opsPerSecond.get(`${group.title}/${base}`) ?? 1;
      const ratio = `${task} / ${base}`;
      return {
        measure: `${group.title}: ${ratio}`,
        target: targetFor(group.title, ratio),
        result: `${(a / b).toFixed(2)}x`,
      };
    }),
  );
}

export function currentMachine(loadAtStart: number): Machine {
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    load: [loadAtStart, loadavg()[0] ?? 0],
  };
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** The block, markers included. */
export function renderBlock(rows: BenchRow[], machine: Machine, command: string): string {
  return [
    BLOCK_START,
    `Measured by \`${command}\` on ${machine.date}: Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), ` +
      `load average ${machine.load[0].toFixed(1)} at the start and ${machine.load[1].toFixed(1)} at the end. ` +
      "Ratios of rates measured side by side in one run (sizes for the edge bundle); read them as ranges.",
    "",
    "| measure | target | result |",
    "|---|---|---|",
    ...rows.map((row) => `| ${cell(row.measure)} | ${cell(row.target)} | ${cell(row.result)} |`),
    BLOCK_END,
  ].join("\n");
}

/** `text` with its block replaced by `block`; throws when the markers are missing or repeated. */
export function replaceBlock(text: string, block: string): string {
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END);
  if (start === -1 || end < start || text.indexOf(BLOCK_START, start + 1) !== -1) {
    throw new Error(`expected one block between "${BLOCK_START}" and "${BLOCK_END}"`);
  }
  return text.slice(0, start) + block + text.slice(end + BLOCK_END.length);
}

/** What is wrong with the block in `text` (empty when it is well-formed): for the docs test. */
export function blockProblems(text: string): string[] {
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END);
  if (start === -1 || end < start) return ["no block between the markers"];
  if (text.indexOf(BLOCK_START, start + 1) !== -1) return ["more than one block"];
  const lines = text
    .slice(start + BLOCK_START.length, end)
    .trim()
    .split("\n");
  const problems: string[] = [];
  const [header = "", , tableHead, rule, ...rows] = lines;
  if (
    !/^Measured by `npm run bench[^`]*` on \d{4}-\d{2}-\d{2}: Node v\d+\.\d+\.\d+, \d+ cores \(/.test(header)
  ) {
    problems.push(`the first line names no command, date, Node version and cores: ${header}`);
  }
  if (tableHead !== "| measure | target | result |" || rule !== "|---|---|---|")
    problems.push("no table header");
  if (rows.length < 10) problems.push(`only ${rows.length} rows`);
  for (const row of rows) {
    if (!/^\| .+ \| ([≥≤] \d+(\.\d+)?x|—) \| \d+\.\d\dx( .*)? \|$/.test(row))
      problems.push(`a malformed row: ${row}`);
  }
  return problems;
}
