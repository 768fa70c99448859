/**
 * latchkey as an application installs it, for the type tests: the tarball `npm pack` makes of this
 * working tree (its `prepack` runs `npm run build`, so the declarations are the ones users get)
 * unpacked into a project's node_modules/latchkey, with its own dependencies found where an install
 * would put them, and the packages an app has beside it linked from this repository's node_modules.
 * The tarball is cached by content (test/support/packed-app.ts), so the type tests share one build
 * with every other test of the package.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packedTarball } from "../support/packed-app.js";
import { REPO_ROOT } from "./compile.js";

/** Unpacks the packed latchkey into `project`/node_modules/latchkey. */
export async function installPackedLatchkey(project: string): Promise<void> {
  const pkg = join(project, "node_modules/latchkey");
  mkdirSync(pkg, { recursive: true });
  execFileSync("tar", ["-xzf", await packedTarball(), "-C", pkg, "--strip-components=1"]);
  // The package's own dependencies (`cookie`'s types), found where an install would put them.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
}

/**
 * The `types` files package.json's exports name that the unpacked package in `project` lacks
 * (a pattern export, `./providers/*`, is checked by the entries that import through it).
 */
export function missingDeclarations(project: string): string[] {
  const pkg = join(project, "node_modules/latchkey");
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.values(manifest.exports)
    .flatMap((target) =>
      typeof target === "object" && target.types && !target.types.includes("*") ? [target.types] : [],
    )
    .filter((types) => !existsSync(join(pkg, types)));
}

/** Links each package (`next`, `@types/react`, …) from this repository's node_modules into `project`'s. */
export function linkPackages(project: string, names: readonly string[]): void {
  for (const name of names) {
    mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(project, "node_modules", name), "dir");
  }
}
