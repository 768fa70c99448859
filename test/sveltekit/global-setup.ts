/**
 * Builds the SvelteKit fixture once per test run, before the tests start (sveltekit.test.ts serves
 * the build). Skipped when the command line names test files and none of them is under
 * test/sveltekit/, so a focused run of other tests does not wait for a build; the test file builds
 * it itself if it runs without one.
 */
import { buildSvelteKitFixture } from "./fixture-build.js";

/** File filters given to `vitest run <filter…>`: the arguments that are not options. */
function fileFilters(): string[] {
  const args = process.argv.slice(2);
  const start = args.findIndex((arg) => arg === "run" || arg === "watch" || arg === "related");
  return args.slice(start + 1).filter((arg) => !arg.startsWith("-"));
}

export default async function setup(): Promise<void> {
  const filters = fileFilters();
  const selected =
    filters.length === 0 ||
    filters.some(
      (filter) => "test/sveltekit/sveltekit.test.ts".includes(filter) || filter.includes("sveltekit"),
    );
  if (selected) await buildSvelteKitFixture();
}
