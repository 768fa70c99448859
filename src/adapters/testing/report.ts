import { ConformanceFailure } from "./assert.js";
import { adapterConformance } from "./conformance.js";
import { describeError } from "./steps.js";
import type {
  AdapterConformanceOptions,
  ConformanceLevel,
  ConformanceReport,
  ConformanceResult,
} from "./types.js";

const LEVELS: readonly ConformanceLevel[] = ["authjs", "latchkey"];

const HEADINGS: Record<ConformanceLevel, string> = {
  authjs: "Auth.js adapter contract",
  latchkey: "latchkey rules",
};

function summarize(results: readonly ConformanceResult[]): string {
  const parts = LEVELS.flatMap((level) => {
    const ran = results.filter((result) => result.level === level && result.outcome !== "skipped");
    if (ran.length === 0) return [];
    const failed = ran.filter((result) => result.outcome === "failed").length;
    const verdict = failed === 0 ? `all ${ran.length} checks pass` : `${failed} of ${ran.length} checks fail`;
    return [`${HEADINGS[level]}: ${verdict}`];
  });
  const skipped = results.filter((result) => result.outcome === "skipped").length;
  if (skipped > 0) parts.push(`${skipped} skipped`);
  return parts.join("; ");
}

/**
 * Runs every check one after another and reports each outcome, which levels fail, and a one-line
 * summary: for a script or CI job without a test runner, or for a table of results.
 *
 * @example
 * ```ts
 * import { runAdapterConformance } from "latchkey/adapters/testing";
 *
 * const report = await runAdapterConformance({ adapter, db });
 * console.log(report.summary); // "Auth.js adapter contract: all 30 checks pass; latchkey rules: 2 of 18 checks fail"
 * for (const result of report.results.filter((r) => r.outcome === "failed")) console.log(result);
 * if (report.failedLevels.length > 0) process.exitCode = 1;
 * ```
 */
export async function runAdapterConformance(options: AdapterConformanceOptions): Promise<ConformanceReport> {
  const results: ConformanceResult[] = [];
  for (const check of adapterConformance(options)) {
    const { name, level } = check;
    if (check.skip !== undefined) {
      results.push({ name, level, outcome: "skipped", details: [check.skip] });
      continue;
    }
    try {
      await check.run();
      results.push({ name, level, outcome: "passed", details: [] });
    } catch (error) {
      const failure =
        error instanceof ConformanceFailure
          ? { details: [...error.differences], cause: error.cause }
          : { details: [describeError(error)], cause: error };
      results.push({
        name,
        level,
        outcome: "failed",
        details: failure.details,
        ...(failure.cause === undefined ? {} : { cause: failure.cause }),
      });
    }
  }
  const failedLevels = LEVELS.filter((level) =>
    results.some((result) => result.level === level && result.outcome === "failed"),
  );
  return { results, failedLevels, summary: summarize(results) };
}
