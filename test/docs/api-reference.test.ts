/**
 * `npm run docs` renders the API reference from typedoc.json's entry points; every entry point of
 * the package (package.json "exports"), each provider module included, must be one of them, or the
 * reference would silently lack a module users import.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
};
const { entryPoints } = JSON.parse(readFileSync("typedoc.json", "utf8")) as { entryPoints: string[] };

/** The source file behind an export's types: `./dist/jwt/index.d.ts` → `src/jwt/index.ts`. */
const sourceOf = (types: string) => types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts");

/** Whether a typedoc entry point (a path, or a glob with `*` inside one folder) covers `path`. */
const covers = (entryPoint: string, path: string) =>
  new RegExp(`^${entryPoint.replace(/\./g, "\\.").replace(/\*/g, "[^/]+")}$`).test(path);

/** Every source module an export reaches; `./providers/*` reaches each file under src/providers/. */
function exportedSources(): string[] {
  return Object.values(manifest.exports).flatMap((target) => {
    if (typeof target === "string") return []; // ./package.json
    const source = sourceOf(target.types);
    if (!source.includes("*")) return [source];
    const folder = source.slice(0, source.lastIndexOf("/"));
    return readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `${folder}/${name}`);
  });
}

describe("the API reference (typedoc.json)", () => {
  const sources = exportedSources();

  it("reaches every provider module", () => {
    expect(sources.filter((path) => path.startsWith("src/providers/")).length).toBeGreaterThan(100);
  });

  it.each(sources)("covers %s", (source) => {
    expect(entryPoints.some((entryPoint) => covers(entryPoint, source))).toBe(true);
  });
});
