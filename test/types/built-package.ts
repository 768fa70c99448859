/**
 * latchkey as an application installs it, for the type tests: its package.json and the
 * declarations `npm run build` emits, in a project's node_modules/latchkey, with its own
 * dependencies found where an install would put them, and the packages an app has beside it
 * linked from this repository's node_modules.
 */
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Compiled, type createCompiler, REPO_ROOT, readTsconfig } from "./compile.js";

/** Emits latchkey's declarations into `project`/node_modules/latchkey; returns the build's diagnostics. */
export function installBuiltLatchkey(compiler: ReturnType<typeof createCompiler>, project: string): Compiled {
  const pkg = join(project, "node_modules/latchkey");
  mkdirSync(pkg, { recursive: true });
  cpSync(join(REPO_ROOT, "package.json"), join(pkg, "package.json"));
  // The package's own dependencies (`cookie`'s types), found where an install would put them.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
  const { fileNames, options } = readTsconfig(join(REPO_ROOT, "tsconfig.build.json"), {
    outDir: join(pkg, "dist"),
    emitDeclarationOnly: true,
    sourceMap: false,
  });
  return compiler.compile(fileNames, options);
}

/** Links each package (`next`, `@types/react`, …) from this repository's node_modules into `project`'s. */
export function linkPackages(project: string, names: readonly string[]): void {
  for (const name of names) {
    mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(project, "node_modules", name), "dir");
  }
}
