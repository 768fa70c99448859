/**
 * Every code example a reader sees compiles against the sources, and runs where it can: the
 * fenced `ts` blocks of README.md, docs/ and prisma/, and every `@example` in src/. See
 * test/docs/examples/preludes.ts for what an example may assume and how to add one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { type CompiledExamples, compileExamples, compilerOptions } from "./examples/compile.js";
import {
  allExamples,
  type Example,
  ExampleFormatError,
  markdownExamples,
  shippedMarkdownFiles,
  sourceFiles,
  tsdocExamples,
} from "./examples/extract.js";
import { PRELUDES } from "./examples/preludes.js";
import { runExample } from "./examples/run.js";
import { wrapExample } from "./examples/wrap.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const examples = allExamples(ROOT);
const checked = examples.filter((example) => example.uncheckedBecause === undefined);
const wrapped = checked.map((example) => wrapExample(ROOT, example, PRELUDES[example.key] ?? {}));

/** Examples that must not compile: they prove the check would catch a renamed export or a wrong signature. */
const CANARIES = [
  { key: "canary#unknown-export", code: `import { signIn } from "latchkey";\nawait signIn("credentials");` },
  {
    key: "canary#wrong-signature",
    code: `import { encode } from "latchkey/jwt";\nawait encode({ token: {}, secret: 42 });`,
  },
  { key: "canary#undeclared-name", code: `import { Auth } from "latchkey";\nawait Auth(request, config);` },
  {
    // Compiled on its own: the required `role` it adds to User must not break the other examples.
    key: "canary#augmentation",
    code: `declare module "latchkey" {\n  interface User {\n    role: "admin" | "reader";\n  }\n}\nconst user: import("latchkey").User = {};`,
  },
].map(({ key, code }) => wrapExample(ROOT, { key, file: "canary.md", line: 1, code }, {}));

let compiled: CompiledExamples;
beforeAll(() => {
  compiled = compileExamples(ROOT, [...wrapped, ...CANARIES]);
}, 120_000);

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("extraction", () => {
  test("finds every ts and tsx block of README.md, docs/ and prisma/", () => {
    for (const file of shippedMarkdownFiles(ROOT)) {
      const fences = read(file).match(/^\s*(```|~~~)\s*(ts|typescript|tsx)\s*$/gm) ?? [];
      expect(examples.filter((example) => example.file === file).length, file).toBe(fences.length);
    }
  });

  test("finds every @example tag in src/", () => {
    for (const file of sourceFiles(ROOT)) {
      const tagLines = read(file)
        .split("\n")
        .flatMap((line, index) => (/^\s*\*\s*@example\b/.test(line) ? [index + 1] : []));
      const found = new Set(
        examples.filter((example) => example.file === file).map((example) => example.tagLine),
      );
      expect([...found], file).toEqual(tagLines);
    }
  });

  test("every prelude entry belongs to an example", () => {
    const keys = new Set(examples.map((example) => example.key));
    expect(Object.keys(PRELUDES).filter((key) => !keys.has(key))).toEqual([]);
  });

  test("an example opts out only with a reason", () => {
    const unchecked = examples.filter((example): example is Example & { uncheckedBecause: string } =>
      Boolean(example.uncheckedBecause),
    );
    for (const example of unchecked) expect(example.uncheckedBecause.length).toBeGreaterThanOrEqual(10);
  });
});

describe("the check itself", () => {
  test("compiles with the repository's options", () => {
    expect(compiled.globalErrors).toEqual([]);
  });

  test.each(CANARIES.map((canary) => [canary.example.key, canary] as const))("%s fails to compile", (key) => {
    expect(compiled.errors.get(key)).not.toEqual([]);
  });
});

describe("extraction rules", () => {
  test("skips blocks in other languages, marks opted-out blocks, and refuses the rest", () => {
    const markdown = [
      "# Title",
      "```sh",
      "npm install latchkey",
      "```",
      "<!-- example-unchecked: pseudo-code that names no real function -->",
      "```ts",
      "doTheThing();",
      "```",
      "## Next",
      "```ts",
      "const a = 1;",
      "```",
    ].join("\n");
    expect(markdownExamples("x.md", markdown)).toEqual([
      {
        key: "x.md#title",
        file: "x.md",
        line: 7,
        code: "doTheThing();",
        uncheckedBecause: "pseudo-code that names no real function",
      },
      { key: "x.md#next", file: "x.md", line: 11, code: "const a = 1;" },
    ]);
    expect(() => markdownExamples("x.md", "```\nconst a = 1;\n```")).toThrow(ExampleFormatError);
    expect(() => markdownExamples("x.md", "```ts\n// example-unchecked: no\n```")).toThrow(/needs a reason/);
  });

  test("keys TSDoc examples by the declaration they document", () => {
    const source = [
      "/** A thing.",
      " * @example",
      " * ```ts",
      " * thing(); // 1",
      " * ```",
      " */",
      "export function thing(): number { return 1; }",
      "export interface Options {",
      "  /**",
      "   * @example",
      "   * ```ts",
      "   * const options: Options = { size: 1 };",
      "   * ```",
      "   */",
      "  size: number;",
      "}",
    ].join("\n");
    const found = tsdocExamples("src/thing.ts", "/abs/src/thing.ts", source);
    expect(found.map(({ key, line, tagLine, code }) => ({ key, line, tagLine, code }))).toEqual([
      { key: "src/thing.ts#thing", line: 4, tagLine: 2, code: "thing(); // 1" },
      {
        key: "src/thing.ts#Options.size",
        line: 12,
        tagLine: 10,
        code: "const options: Options = { size: 1 };",
      },
    ]);
    expect(found[0]?.moduleExports?.named).toEqual(["thing", "Options"]);
    // `verbatimModuleSyntax` refuses a type imported as a value: the wrapper imports it with `type`.
    expect(found[0]?.moduleExports?.types).toEqual(["Options"]);
  });

  test("a documented result that differs fails the run; a `…` result is a prefix", async () => {
    const options = compilerOptions(ROOT);
    const example = (key: string, code: string) =>
      wrapExample(ROOT, { key, file: "canary.md", line: 1, code }, { run: true });
    await expect(
      runExample(ROOT, example("canary#wrong-result", "Math.max(1, 2); // 3"), options),
    ).rejects.toThrow(/canary.md:1: the documented result differs/);
    await expect(
      runExample(ROOT, example("canary#prefix", `"Sign in".toUpperCase();\n// "SIGN…"`), options),
    ).resolves.toBeDefined();
  });
});

describe.each(wrapped.map((example) => [example.example.key, example] as const))("%s", (key, example) => {
  test("compiles", () => {
    expect([...example.problems, ...(compiled.errors.get(key) ?? [])]).toEqual([]);
  });

  if (example.prelude.run) {
    test("runs", async () => {
      expect(compiled.errors.get(key)).toEqual([]);
      await runExample(ROOT, example, compilerOptions(ROOT));
    });
  }
});
