import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
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
      { find: /^latchkey\/(.+)$/, replacement: source("$1/index.ts") },
      { find: /^latchkey$/, replacement: source("index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [
      "test/adapters/global-setup.ts",
      "test/sveltekit/global-setup.ts",
      "test/next/global-setup.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
