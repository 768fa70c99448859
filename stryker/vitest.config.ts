/**
 * The vitest config of the mutation run (`npm run mutate`): the suites that exercise the mutated
 * folders, without the ones that only test databases, type declarations, docs or the package, and
 * with database sessions on the MemoryAdapter only. `npm test` keeps using ../vitest.config.ts.
 *
 * `STRYKER_TESTS` narrows a focused run to some suites (comma-separated globs), e.g.
 * `STRYKER_TESTS='test/flows/oauth/**' npm run mutate -- --mutate src/flows/oauth/refresh.ts`.
 */
import { defineConfig } from "vitest/config";
import base from "../vitest.config.js";

const focusedSuites = process.env.STRYKER_TESTS?.split(",").filter(Boolean);

// Stryker's sandbox leaves out generated/ (see ignorePatterns), so a focused run that names a
// suite using the generated Prisma clients (the adapters', the v4 database adoption) generates
// them there first, as `npm test` does in the repository.
const generatesPrismaClients =
  focusedSuites?.some((glob) => /^test\/(adapters|migrate)\//.test(glob)) ?? false;

// One project, every file isolated: a mutant must meet fresh modules in every suite.
const { projects: _projects, ...baseTest } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    include: focusedSuites ?? [
      "test/actions/**/*.test.ts",
      "test/carried-code.test.ts",
      "test/config.test.ts",
      "test/core/**/*.test.ts",
      "test/cookie/**/*.test.ts",
      "test/docs/express.test.ts",
      "test/e2e/email-smtp.test.ts",
      "test/e2e/oidc/**/*.test.ts",
      "test/express/**/*.test.ts",
      "test/fastify/**/*.test.ts",
      "test/flows/**/*.test.ts",
      // latchkey/next's and latchkey/sveltekit's actions and auth(), answered in process without a
      // built app (the fixture apps' suites need a build and run the packed tarball).
      "test/framework/**/*.test.ts",
      "test/hono/**/*.test.ts",
      "test/jwt/**/*.test.ts",
      // The default pages in every built-in language.
      "test/locales/**/*.test.ts",
      "test/login.test.ts",
      "test/login/**/*.test.ts",
      // The v4 database adoption suite needs the generated Prisma clients; the JWT one runs here.
      "test/migrate/next-auth-v4-jwt.test.ts",
      "test/migrate/next-auth-v4-revocation.test.ts",
      "test/modules-load.test.ts",
      "test/next/proxy.test.ts",
      "test/node/**/*.test.ts",
      // The organizations feature reaches the session strategies' feature marks.
      "test/organizations/**/*.test.ts",
      "test/pages/**/*.test.ts",
      "test/pipeline/**/*.test.ts",
      "test/providers/**/*.test.ts",
      "test/rate-limit/**/*.test.ts",
      "test/runtime/**/*.test.ts",
      "test/session/**/*.test.ts",
      "test/store/**/*.test.ts",
      "test/sveltekit/form-actions.test.ts",
      "test/two-factor/**/*.test.ts",
    ],
    // Only the Prisma suites need the generated clients, and none of the whole run's suites is one.
    globalSetup: generatesPrismaClients ? ["test/adapters/global-setup.ts"] : [],
    env: { LATCHKEY_TEST_STORES: "memory" },
  },
});
