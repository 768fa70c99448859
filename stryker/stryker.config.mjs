// Mutation testing of the security core: `npm run mutate` (not part of `npm test` or CI; too slow).
// Surviving mutants that no public API can tell apart are listed, each with its reason, in
// stryker/equivalent-mutants.md; the README's "Developing" section has the last score.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // `related: false`: a module that throws while loading must still meet test/modules-load.test.ts,
  // whose imports vitest cannot trace.
  vitest: { configFile: "stryker/vitest.config.ts", related: false },
  checkers: ["typescript"],
  tsconfigFile: "stryker/tsconfig.json",
  coverageAnalysis: "perTest",
  mutate: [
    "src/core/**/*.ts",
    "src/pipeline/**/*.ts",
    "src/actions/**/*.ts",
    "src/flows/**/*.ts",
    "src/session/**/*.ts",
    "src/cookie/**/*.ts",
    "src/jwt/**/*.ts",
    "src/runtime/**/*.ts",
    "src/rate-limit/**/*.ts",
    "src/store/**/*.ts",
    "src/login/**/*.ts",
    "src/two-factor/**/*.ts",
    "src/migrate/**/*.ts",
    "src/framework/**/*.ts",
    "src/express/**/*.ts",
    "src/fastify/**/*.ts",
    "src/hono/**/*.ts",
    "src/node/**/*.ts",
    "src/sveltekit/**/*.ts",
    "src/next/**/*.ts",
  ],
  // Only what changed since the last run is tested again; `--force` tests everything. The file is
  // committed, so the next clone starts from the last results instead of from nothing, and a run
  // of one part (`--mutate`) keeps every other file's results in it. A focused run, whose narrowed
  // suites leave mutants uncovered that the whole suite kills, keeps its own file (also committed:
  // the README's focused scores are read from it), so it never stands in for a whole-suite result.
  incremental: true,
  incrementalFile: process.env.STRYKER_TESTS
    ? "stryker/focused-incremental.json"
    : "stryker/incremental.json",
  // The machine is shared: two test workers (plus one type checker) at most.
  concurrency: 2,
  // The initial run of the whole suite, with per-test coverage, takes over Stryker's 5 minutes when
  // other work shares the machine.
  dryRunTimeoutMinutes: 20,
  // `/examples`, the example apps, only: test/docs/examples (the docs' code blocks, which
  // test/docs/express.test.ts runs) and prisma/examples (schemas the Prisma clients are made from)
  // are needed in the sandbox.
  ignorePatterns: ["dist", "coverage", "generated", "docs/api", "bench", "/examples", "reports", "*.tgz"],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
};
