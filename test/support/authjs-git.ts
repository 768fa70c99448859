/**
 * Auth.js's repository, read at test time from a git directory: tests that hold latchkey against
 * Auth.js's own sources read them from there, never from copies in this repository. The directory
 * is `AUTHJS_GIT_DIR` (a clone's `.git`, or a bare mirror), at `AUTHJS_REF` (default `HEAD`).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Where this project's machines keep the mirror when `AUTHJS_GIT_DIR` is not set. */
const MIRROR = "/work/.mirror/nextauthjs+next-auth/repo";

export function authjsGitDir(): string {
  const dir = process.env.AUTHJS_GIT_DIR ?? MIRROR;
  if (!existsSync(dir)) {
    throw new Error(
      `Auth.js's repository is not at ${dir}: set AUTHJS_GIT_DIR to a git directory of github.com/nextauthjs/next-auth.`,
    );
  }
  return dir;
}

const ref = () => process.env.AUTHJS_REF ?? "HEAD";

function git(args: string[]): string {
  return execFileSync("git", ["--git-dir", authjsGitDir(), ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The paths of the files under `folder` (recursively), e.g. `packages/core/src/providers`. */
export function authjsFiles(folder: string): string[] {
  return git(["ls-tree", "-r", "--name-only", ref(), "--", folder])
    .split("\n")
    .filter((path) => path !== "");
}

/** One file's text, or undefined when the repository has no such file. */
export function readAuthjsFile(path: string): string | undefined {
  try {
    return git(["show", `${ref()}:${path}`]);
  } catch {
    return undefined;
  }
}
