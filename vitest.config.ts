import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const TEST_DIR = fileURLToPath(new URL("./test/", import.meta.url));

/**
 * What needs a module graph of its own: a file that mocks a module (the mock must meet a fresh
 * import), stubs a global or the environment, or writes process.env (which a later file in the same
 * worker would see). Found by reading the files, so a new one is isolated without a list to keep.
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

const isolatedTestFiles = readdirSync(TEST_DIR, { recursive: true, withFileTypes: true })
  .filter(
    (entry) =>
      entry.isFile() && entry.name.endsWith(".test.ts") && !entry.parentPath.includes("node_modules"),
  )
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => NEEDS_ISOLATION.test(readFileSync(file, "utf8")))
  .map((file) => `test/${file.slice(TEST_DIR.length)}`);

const resolve = {
  // package.json "imports" points #crypto, #auth-flows, #auth-features, #session-strategies and #migrations at dist/; tests run the sources (Node's).
  alias: [
    { find: "#crypto", replacement: source("runtime/node.ts") },
    { find: "#auth-flows", replacement: source("flows/auth-registry.ts") },
    { find: "#auth-features", replacement: source("pipeline/built-in-features.ts") },
    { find: "#session-strategies", replacement: source("session/strategy-registry.ts") },
    { find: "#migrations", replacement: source("migrate/registry.ts") },
    // The example app imports the package by name, as an app would; tests run it on the sources.
    { find: /^latchkey\/providers$/, replacement: source("providers/types.ts") },
    { find: /^latchkey\/providers\/(.+)$/, replacement: source("providers/$1.ts") },
    { find: /^latchkey\/organizations$/, replacement: source("organizations-entry.ts") },
    { find: /^latchkey\/locales\/(.+)$/, replacement: source("locales/packs/$1.ts") },
    { find: /^latchkey\/(.+)$/, replacement: source("$1/index.ts") },
    { find: /^latchkey$/, replacement: source("index.ts") },
  ],
};

/** What every file gets, in either project. */
const common = {
  globalSetup: [
    "test/adapters/global-setup.ts",
    "test/sveltekit/global-setup.ts",
    "test/next/global-setup.ts",
  ],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve,
  test: {
    ...common,
    include: ["test/**/*.test.ts"],
    // Two projects, each set out in full (a project that extends this one would add to its include
    // list, not replace it). Vitest runs their global setups one after the other, and the second
    // reuses what the first built: every build is cached by content.
    projects: [
      // Most files share one module graph per worker: importing the sources once instead of once
      // per file is most of the suite's time on a machine of two cores.
      {
        resolve,
        test: {
          ...common,
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...isolatedTestFiles],
          isolate: false,
        },
      },
      { resolve, test: { ...common, name: "isolated", include: isolatedTestFiles } },
    ],
  },
});
