/**
 * Shipped text cites public specs (RFCs, OpenID, WebAuthn) or the project's own docs (README,
 * docs/), never the planning documents it was built from: a reader of the package has none of them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Names of planning documents and ways of citing them. */
export const PLANNING_REFERENCE = /SPEC\.md|API\.md|STYLE\.md|\bseed §|\bthe seed\b|\bissue #?\d+\b/i;

function filesUnder(path: string, skip: (path: string) => boolean): string[] {
  if (skip(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name), skip));
}

/** `file:line: text` for every line under `paths` (files or folders, relative to `root`) that cites one. */
export function planningReferences(
  root: string,
  paths: readonly string[],
  skip: (relativePath: string) => boolean = () => false,
): string[] {
  return paths
    .flatMap((path) => filesUnder(join(root, path), (absolute) => skip(relative(root, absolute))))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          PLANNING_REFERENCE.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
}
