/**
 * The Auth.js v5 type recipes compile against latchkey's sources: each fixture in ./fixtures augments
 * `Session`, `User` or `JWT` (or uses `authorize`) as an Auth.js user would, and pins with
 * `@ts-expect-error` what must not compile. Each fixture is a program of its own, so one fixture's
 * augmentation cannot make another compile. Only the fixture's own diagnostics count here: an
 * augmentation also reaches latchkey's sources, whose implementation is no concern of the app.
 * consumer.test.ts compiles the same fixtures against the built package, declaration files checked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type ts from "typescript";
import { describe, expect, it } from "vitest";
import { createCompiler, REPO_ROOT, readTsconfig } from "./compile.js";
import { FIXTURES, FIXTURES_DIR } from "./fixtures.js";

const compiler = createCompiler();
const { options } = readTsconfig(join(REPO_ROOT, "tsconfig.json"), { noEmit: true });

const EXPECT_ERROR = "// @ts-expect-error";

/** 1-based numbers of the lines that an `@ts-expect-error` comment covers. */
function linesExpectedToFail(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (line.trim().startsWith(EXPECT_ERROR) ? [index + 2] : []));
}

function lineOf(diagnostic: ts.Diagnostic): number | undefined {
  if (!diagnostic.file || diagnostic.start === undefined) return undefined;
  return diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
}

describe("type recipes, against the sources", { timeout: 120_000 }, () => {
  it.each(FIXTURES)("%s compiles", (fixture) => {
    const path = join(FIXTURES_DIR, fixture);
    const { diagnostics, program } = compiler.compile([path], options, { reportOn: [path] });
    expect(diagnostics).toBe("");
    // The fixture reached the sources through the tsconfig `paths`, not a build.
    expect(program.getSourceFile(join(REPO_ROOT, "src/index.ts"))).toBeDefined();
  });

  it.each(FIXTURES)("%s: each @ts-expect-error covers a line that fails, and only those fail", (fixture) => {
    const path = join(FIXTURES_DIR, fixture);
    const text = readFileSync(path, "utf8");
    const unguarded = text.replaceAll(EXPECT_ERROR, "// (an error is expected here)");
    const replaced = new Map([[path, unguarded]]);
    const { raw } = compiler.compile([path], options, { replaced, reportOn: [path] });
    const failing = new Set(raw.map(lineOf));
    expect([...failing].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(linesExpectedToFail(text));
  });
});

describe("README", () => {
  it("shows the augmentation recipe exactly as test/types/fixtures/readme-recipe.ts compiles it", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("\n## Types\n"));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBe(readFileSync(join(FIXTURES_DIR, "readme-recipe.ts"), "utf8"));
  });
});
