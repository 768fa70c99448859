/**
 * Every source module loads on its own. The imports happen inside the tests, so a module that
 * throws while loading (a bad constant, a decoder for an unknown encoding) fails a named test
 * here instead of failing to import a whole test file.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

const modules = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"))
  .map((path) => path.replaceAll("\\", "/"))
  .sort();

describe("source modules", () => {
  it("include the handler's entry point", () => {
    expect(modules).toContain("index.ts");
  });

  it.each(modules)("%s loads", async (path) => {
    await expect(import(`../src/${path}`)).resolves.toBeTypeOf("object");
  });
});
