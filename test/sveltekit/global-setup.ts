/**
 * Installs and builds the SvelteKit fixture once per test run, before the tests start, and only
 * when the run includes a test under test/sveltekit/: a focused run of other tests does not wait
 * for a build. The test files build it themselves (a cache hit) if they run without one.
 */
import type { TestProject } from "vitest/node";
import { buildSvelteKitFixture } from "./fixture-build.js";

const SVELTEKIT_TESTS = /[/\\]test[/\\]sveltekit[/\\][^/\\]+\.test\.ts$/;

/** The test files this run was asked for (all of them when it names none). */
async function selectedTestFiles(project: TestProject): Promise<string[]> {
  // The command line's file filters; vitest keeps them on its instance, not in a public field.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  return (await project.globTestFiles(filters)).testFiles;
}

export default async function setup(project: TestProject): Promise<void> {
  if (!(await selectedTestFiles(project)).some((file) => SVELTEKIT_TESTS.test(file))) return;
  const { built, milliseconds } = await buildSvelteKitFixture();
  const seconds = (milliseconds / 1000).toFixed(1);
  console.log(
    built
      ? `[sveltekit fixture] installed and built test/fixtures/sveltekit-app in ${seconds} s`
      : `[sveltekit fixture] reused the build of test/fixtures/sveltekit-app (${seconds} s to check)`,
  );
}
