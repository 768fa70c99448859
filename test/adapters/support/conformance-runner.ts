import { expect, test } from "vitest";
import type { ConformanceCheck } from "../../../src/adapters/testing/index.js";

/**
 * Hands each conformance check to vitest. A check the kit skips (e.g. counting queries, for an
 * adapter that has none) is not registered as a skipped test; instead one test pins exactly which
 * checks this adapter is excused from, so a check that starts skipping by accident fails the run.
 */
export function registerConformanceChecks(checks: ConformanceCheck[], notApplicable: string[] = []): void {
  for (const check of checks) if (check.skip === undefined) test(check.name, check.run);
  test("is excused only from the checks that do not apply to it", () => {
    expect(checks.filter((check) => check.skip !== undefined).map((check) => check.name)).toEqual(
      notApplicable,
    );
  });
}
