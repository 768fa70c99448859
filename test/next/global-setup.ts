/**
 * Builds the Next.js fixture app once per test run, before the tests that drive it, and only when
 * the run includes one of them (test/next/): a focused run of other tests does not pay for it.
 * Each build's time is printed, as it is the slowest step of the suite.
 */
import type { TestProject } from "vitest/node";
import { buildNextFixture } from "./fixture-build.js";

const NEXT_TESTS = /[/\\]test[/\\]next[/\\][^/\\]+\.test\.ts$/;

/** The test files this run was asked for (all of them when it names none). */
async function selectedTestFiles(project: TestProject): Promise<string[]> {
  // The command line's file filters; vitest keeps them on its instance, not in a public field.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  return (await project.globTestFiles(filters)).testFiles;
}

export default async function setup(project: TestProject): Promise<void> {
  if (!(await selectedTestFiles(project)).some((file) => NEXT_TESTS.test(file))) return;
  const { built, milliseconds } = await buildNextFixture();
  const seconds = (milliseconds / 1000).toFixed(1);
  console.log(
    built
      ? `[next fixture] built test/fixtures/next-app in ${seconds} s`
      : `[next fixture] reused the build of test/fixtures/next-app (${seconds} s to check)`,
  );
}
