import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // package.json "imports" points #crypto at dist/; tests run the sources.
    alias: { "#crypto": fileURLToPath(new URL("./src/runtime/node.ts", import.meta.url)) },
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/adapters/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
