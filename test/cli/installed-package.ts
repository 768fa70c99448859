/**
 * latchkey as `npm install latchkey` leaves it in an app: built from the sources as `npm run build`
 * builds it (tsconfig.build.json) into a temporary project's `node_modules/latchkey`, beside the
 * shipped `prisma/` folder, with npm's `.bin/latchkey` link to the file package.json's `bin` names.
 * The CLI tests run that built command, as `npx latchkey` would.
 */
import { execFile } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The bin path package.json declares, e.g. `./dist/cli/bin.js`. */
export function declaredBin(): string {
  const { bin } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  const path = bin.latchkey;
  if (path === undefined) throw new Error('package.json has no bin "latchkey"');
  return path;
}

export interface InstalledProject {
  /** The app's folder: run commands here. */
  dir: string;
  /** The built command, `node_modules/latchkey/<bin>`. */
  bin: string;
  /** npm's link to it, `node_modules/.bin/latchkey`, run through its `#!/usr/bin/env node` line. */
  binLink: string;
}

/**
 * Builds the package into a new project folder. `appDependencies` are packages the app's own
 * modules import (linked from the repository's node_modules, as the app would have installed them).
 */
export async function installBuiltPackage(appDependencies: string[] = []): Promise<InstalledProject> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-cli-"));
  const pkg = join(dir, "node_modules/latchkey");
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  cpSync(join(ROOT, "prisma"), join(pkg, "prisma"), { recursive: true });
  // The package's own dependencies, found where an install would put them.
  symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  for (const name of appDependencies) {
    mkdirSync(dirname(join(dir, "node_modules", name)), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", name), join(dir, "node_modules", name), "dir");
  }
  await execFileAsync(
    process.execPath,
    [
      join(ROOT, "node_modules/typescript/bin/tsc"),
      "-p",
      join(ROOT, "tsconfig.build.json"),
      "--outDir",
      join(pkg, "dist"),
    ],
    { cwd: ROOT },
  );
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));

  const bin = join(pkg, declaredBin());
  chmodSync(bin, 0o755); // npm marks bin files executable on install
  const binLink = join(dir, "node_modules/.bin/latchkey");
  mkdirSync(dirname(binLink), { recursive: true });
  symlinkSync(join("..", "latchkey", declaredBin()), binLink);
  return { dir, bin, binLink };
}

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command args` in `cwd` with only `env` (plus PATH, so `#!/usr/bin/env node` finds node):
 * nothing from the test runner's environment (its NODE_ENV, an AUTH_SECRET) leaks in.
 */
export async function run(
  command: string[],
  { cwd, env = {} }: { cwd: string; env?: Record<string, string> },
): Promise<Run> {
  const [file, ...args] = command as [string, ...string[]];
  try {
    const { stdout, stderr } = await execFileAsync(file, args, {
      cwd,
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, ...env },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { status: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}
