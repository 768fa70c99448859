/**
 * Every source module loads on its own. The imports happen inside the tests, so a module that
 * throws while loading (a bad constant, a decoder for an unknown encoding) fails a named test
 * here instead of failing to import a whole test file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compile } from "svelte/compiler";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .map((path) => path.replaceAll("\\", "/"))
  .sort();

/**
 * A module that imports Svelte components (latchkey/sveltekit/components) loads only where Svelte's
 * compiler turns them into JavaScript, in a SvelteKit app: the fixture apps build and use it; here
 * its components compile.
 */
const importsSvelte = (path: string) => /from "[^"]+\.svelte"/.test(readFileSync(`${SRC}${path}`, "utf8"));

const modules = files.filter(
  (path) => path.endsWith(".ts") && !path.endsWith(".d.ts") && !importsSvelte(path),
);
const components = files.filter((path) => path.endsWith(".svelte"));

describe("source modules", () => {
  it("include the handler's entry point", () => {
    expect(modules).toContain("index.ts");
  });

  it.each(modules)("%s loads", async (path) => {
    await expect(import(`../src/${path}`)).resolves.toBeTypeOf("object");
  });

  it("include the Svelte components", () => {
    expect(components).toEqual(["sveltekit/components/SignIn.svelte", "sveltekit/components/SignOut.svelte"]);
  });

  it.each(components)("%s compiles for the server and the browser", (path) => {
    const source = readFileSync(`${SRC}${path}`, "utf8");
    for (const generate of ["server", "client"] as const) {
      const { js, warnings } = compile(source, { filename: path, generate });
      expect(js.code).toContain("export default");
      expect(warnings.map((warning) => warning.code)).toEqual([]);
    }
  });
});
