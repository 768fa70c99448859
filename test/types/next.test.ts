/**
 * `latchkey/next`'s types, as a Next.js app sees them. Against the sources: the augmentation
 * recipe of test/types/fixtures/next compiles, and fails exactly where it says. Against the built
 * package: the declarations are emitted into a project's node_modules/latchkey beside next and
 * react, and the app of consumer/next.ts and the recipe compile with a Next.js project's options and
 * `skipLibCheck: false`. Next.js's own declarations do not pass that check (nor need Node's types
 * less), so only diagnostics in latchkey's declarations and the app's files count.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPackedLatchkey, linkPackages, missingDeclarations } from "./built-package.js";
import { type Compiled, createCompiler, REPO_ROOT, readTsconfig } from "./compile.js";

const compiler = createCompiler();
const FIXTURES_DIR = join(REPO_ROOT, "test/types/fixtures/next");
const FIXTURES = readdirSync(FIXTURES_DIR).filter((name) => name.endsWith(".ts"));
const EXPECT_ERROR = "// @ts-expect-error";

/** 1-based numbers of the lines an `@ts-expect-error` comment covers. */
const linesExpectedToFail = (text: string): number[] =>
  text.split("\n").flatMap((line, index) => (line.trim().startsWith(EXPECT_ERROR) ? [index + 2] : []));

const lineOf = (diagnostic: ts.Diagnostic): number | undefined =>
  diagnostic.file && diagnostic.start !== undefined
    ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
    : undefined;

describe("latchkey/next's type recipes, against the sources", { timeout: 60_000 }, () => {
  const { options } = readTsconfig(join(REPO_ROOT, "tsconfig.json"), { noEmit: true });

  it.each(FIXTURES)("%s compiles, and fails only on its @ts-expect-error lines", (fixture) => {
    const path = join(FIXTURES_DIR, fixture);
    expect(compiler.compile([path], options, { reportOn: [path] }).diagnostics).toBe("");
    const text = readFileSync(path, "utf8");
    const replaced = new Map([[path, text.replaceAll(EXPECT_ERROR, "// (an error is expected here)")]]);
    const { raw } = compiler.compile([path], options, { replaced, reportOn: [path] });
    expect([...new Set(raw.map(lineOf))].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      linesExpectedToFail(text),
    );
  });
});

/** The options `create-next-app` writes, with every declaration file checked. */
const nextProject: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2017,
  lib: ["lib.dom.d.ts", "lib.dom.iterable.d.ts", "lib.esnext.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  strict: true,
  esModuleInterop: true,
  isolatedModules: true,
  skipLibCheck: false,
  noEmit: true,
};

describe("the built latchkey/next, in a Next.js project", { timeout: 120_000 }, () => {
  let project: string;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), "latchkey-next-types-"));
    await installPackedLatchkey(project);
    linkPackages(project, ["next", "react", "react-dom", "@types/react", "@types/node"]);
    cpSync(join(REPO_ROOT, "test/types/consumer/next.ts"), join(project, "app.ts"));
    for (const fixture of FIXTURES) cpSync(join(FIXTURES_DIR, fixture), join(project, fixture));
  }, 300_000); // a pack (one build) when no test has packed this tree yet

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  /** Diagnostics in the app's files and latchkey's declarations; Next.js's own are not ours to fix. */
  function ours(compiled: Compiled): string {
    const owned = compiled.raw.filter(
      (diagnostic) =>
        !diagnostic.file ||
        diagnostic.file.fileName.includes("/node_modules/latchkey/") ||
        !diagnostic.file.fileName.includes("/node_modules/"),
    );
    return ts.formatDiagnostics(owned, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => project,
      getNewLine: () => "\n",
    });
  }

  it("ships a declaration file for every entry", () => {
    expect(missingDeclarations(project)).toEqual([]);
  });

  it("the app compiles, latchkey's declarations checked", () => {
    const compiled = compiler.compile([join(project, "app.ts")], nextProject);
    expect(ours(compiled)).toBe("");
    const checked = compiled.program
      .getSourceFiles()
      .filter((source) => source.fileName.includes("/node_modules/latchkey/dist/next/"));
    expect(checked.map((source) => source.fileName.split("/dist/")[1])).toContain("next/index.d.ts");
  });

  // The declarations were checked above; each recipe is a program of its own (its augmentation must
  // not reach the app), so checking them again would only cost time.
  it.each(FIXTURES)("type recipe %s compiles against the built package", (fixture) => {
    const compiled = compiler.compile([join(project, fixture)], { ...nextProject, skipLibCheck: true });
    expect(ours(compiled)).toBe("");
  });
});
