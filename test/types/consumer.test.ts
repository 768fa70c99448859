/**
 * The published types, as an application sees them: the package's declarations are built once (as
 * `npm run build` builds them) into a temporary `node_modules/latchkey`, and small consumer programs
 * are compiled against it with `skipLibCheck: false`, so every shipped `.d.ts` is checked. Edge
 * projects have no Node types (`types: []`, DOM lib); only `latchkey/node` may need them.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Compiled, createCompiler, REPO_ROOT, readTsconfig } from "./compile.js";
import { FIXTURES, FIXTURES_DIR } from "./fixtures.js";

const compiler = createCompiler();
const CONSUMER_DIR = join(REPO_ROOT, "test/types/consumer");

/** An edge project: ES2022 + DOM, no ambient types at all, every declaration file checked. */
const edge: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: false,
  types: [],
  noEmit: true,
};
const bundler: ts.CompilerOptions = {
  ...edge,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

let project: string;
let build: Compiled;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "latchkey-consumer-"));
  const pkg = join(project, "node_modules/latchkey");
  mkdirSync(pkg, { recursive: true });
  cpSync(join(REPO_ROOT, "package.json"), join(pkg, "package.json"));
  // The package's own dependencies (`cookie`'s types), found where an install would put them.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  const { fileNames, options } = readTsconfig(join(REPO_ROOT, "tsconfig.build.json"), {
    outDir: join(pkg, "dist"),
    emitDeclarationOnly: true,
    sourceMap: false,
  });
  build = compiler.compile(fileNames, options);

  // The frameworks the glue entries are for, as an app that uses one has them installed.
  for (const name of FRAMEWORK_PACKAGES) {
    mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(project, "node_modules", name), "dir");
  }
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
  cpSync(CONSUMER_DIR, project, { recursive: true });
  mkdirSync(join(project, "recipes"));
  for (const fixture of FIXTURES) cpSync(join(FIXTURES_DIR, fixture), join(project, "recipes", fixture));
}, 60_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

const nodeTypesIn = (compiled: Compiled) =>
  compiled.program.getSourceFiles().filter((file) => file.fileName.includes("/@types/node/"));

/** Installed beside latchkey in the consumer project: the frameworks, and Express's types. */
const FRAMEWORK_PACKAGES = ["hono", "fastify", "express", "@sveltejs/kit", "@types/express"];

/**
 * SvelteKit's own declarations name `CookieParseOptions` from cookie 0.6, whose types come from
 * `@types/cookie`; beside latchkey's cookie 1.x (typed itself, and higher in node_modules) the
 * compiler resolves the newer one, as it would in any app. That error is SvelteKit's, whatever
 * latchkey does, so only SvelteKit's files may have errors in that check.
 */
const notSvelteKits = (compiled: Compiled) =>
  compiled.raw.filter((diagnostic) => !diagnostic.file?.fileName.includes("/node_modules/@sveltejs/kit/"));

/** The consumer file that imports an entry; edge.ts for the rest. */
const CONSUMER_OF: Record<string, string> = {
  "latchkey/node": "node.ts",
  "latchkey/hono": "hono.ts",
  "latchkey/express": "frameworks.ts",
  "latchkey/fastify": "frameworks.ts",
  "latchkey/sveltekit": "frameworks.ts",
  // Compiled with a Next.js project's options by test/types/next.test.ts.
  "latchkey/next": "next.ts",
};

/** `latchkey`, `latchkey/jwt`, … for every entry in package.json `exports`. */
function publicEntries(): string[] {
  const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(exports)
    .filter((key) => key !== "./package.json")
    .flatMap((key) => {
      if (!key.endsWith("/*")) return [`latchkey${key.slice(1)}`];
      const dir = join(REPO_ROOT, "src", key.slice(2, -2));
      return readdirSync(dir)
        .filter((name) => name.endsWith(".ts") && name !== "types.ts")
        .map((name) => `latchkey${key.slice(1, -1)}${name.slice(0, -3)}`);
    });
}

describe("the built package, in a consumer project", { timeout: 30_000 }, () => {
  it("builds", () => {
    expect(build.diagnostics).toBe("");
    expect(readdirSync(join(project, "node_modules/latchkey/dist"))).toContain("index.d.ts");
  });

  it("the consumers between them import every public entry", () => {
    const imported = (name: string) => readFileSync(join(CONSUMER_DIR, name), "utf8");
    for (const entry of publicEntries()) {
      const consumer = imported(CONSUMER_OF[entry] ?? "edge.ts");
      expect(consumer, entry).toContain(`from "${entry}"`);
    }
  });

  it.each([
    ["NodeNext", edge],
    ["Bundler", bundler],
  ])("compiles without Node's types (moduleResolution %s)", (_, options) => {
    const compiled = compiler.compile([join(project, "edge.ts")], options);
    expect(compiled.diagnostics).toBe("");
    expect(nodeTypesIn(compiled)).toEqual([]);
    // Resolved to the build, not to the sources.
    expect(
      compiled.program.getSourceFile(join(project, "node_modules/latchkey/dist/index.d.ts")),
    ).toBeDefined();
  });

  it("latchkey/node compiles with Node's types", () => {
    const options = { ...edge, types: ["node"], typeRoots: [join(REPO_ROOT, "node_modules/@types")] };
    expect(compiler.compile([join(project, "node.ts")], options).diagnostics).toBe("");
  });

  it("latchkey/hono compiles without Node's types", () => {
    const compiled = compiler.compile([join(project, "hono.ts")], edge);
    expect(compiled.diagnostics).toBe("");
    expect(nodeTypesIn(compiled)).toEqual([]);
  });

  it("latchkey/express, latchkey/fastify and latchkey/sveltekit compile with Node's types and their framework's", () => {
    const options = {
      ...edge,
      types: ["node"],
      typeRoots: [join(REPO_ROOT, "node_modules/@types")],
      module: ts.ModuleKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    };
    const compiled = compiler.compile([join(project, "frameworks.ts")], options);
    expect(
      notSvelteKits(compiled).map((diagnostic) =>
        ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      ),
    ).toEqual([]);
    // And the check above sees errors where there are some: the program reached SvelteKit's types.
    expect(compiled.program.getSourceFiles().some((file) => file.fileName.includes("/@sveltejs/kit/"))).toBe(
      true,
    );
  }, 120_000); // SvelteKit's types bring Vite's and Svelte's: the largest program here

  it("latchkey/node does need Node's types (so the edge check above means something)", () => {
    expect(compiler.compile([join(project, "node.ts")], edge).diagnostics).toMatch(/node:http/);
  });

  it.each(FIXTURES)("type recipe %s compiles against the built package", (fixture) => {
    const compiled = compiler.compile([join(project, "recipes", fixture)], {
      ...edge,
      skipDefaultLibCheck: true,
    });
    expect(compiled.diagnostics).toBe("");
  });
});
