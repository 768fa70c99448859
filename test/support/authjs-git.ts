/**
 * Auth.js's repository, read at test time from a git directory: tests that hold latchkey against
 * Auth.js's own sources read them from there, never from copies in this repository. The directory
 * is `AUTHJS_GIT_DIR` (a clone's `.git`, or a bare mirror), at `AUTHJS_REF` (default `HEAD`).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Why the tests that read Auth.js's repository are skipped, or undefined when they can run: they
 * need `AUTHJS_GIT_DIR` (CONTRIBUTING.md says how to get one), which a plain clone does not have.
 */
export function authjsGitDirMissing(): string | undefined {
  const dir = process.env.AUTHJS_GIT_DIR;
  if (!dir) return "AUTHJS_GIT_DIR is not set";
  if (!existsSync(dir)) return `AUTHJS_GIT_DIR names ${dir}, which does not exist`;
  return undefined;
}

export function authjsGitDir(): string {
  const missing = authjsGitDirMissing();
  if (missing) {
    throw new Error(`${missing}: set it to a git directory of github.com/nextauthjs/next-auth.`);
  }
  return process.env.AUTHJS_GIT_DIR as string;
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
