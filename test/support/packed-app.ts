/**
 * Apps as users have them: latchkey installed by `npm install` from the tarball `npm pack` makes of
 * this working tree, beside the app's own dependencies, and built with the framework's default
 * command. Nothing here aliases latchkey to `src/` or links it from this repository.
 *
 * Both steps are slow (a pack compiles the package; an install and a framework build take tens of
 * seconds), so each is cached by a hash of what it is made from:
 * - the tarball, by the files `npm pack` reads (sources, manifest, build config, shipped docs):
 *   `generated/pack/latchkey-<hash>.tgz`;
 * - an app, by its source files, its manifest (which names the tarball) and its build commands:
 *   `generated/apps/<name>/`, stamped when its last install and build succeeded.
 * An app folder is kept between runs, so a changed tarball costs npm one package, not a fresh tree.
 * Installs prefer npm's cache (`--prefer-offline`): after the repository's own `npm ci` the
 * frameworks' packages are there at the versions this repository uses.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
const PACK_DIR = join(REPO, "generated/pack");
const APPS_DIR = join(REPO, "generated/apps");

/** What `npm pack` of this repository reads: its `files`, the manifest and the build's config. */
const PACK_INPUTS = [
  "src",
  "prisma",
  "docs",
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "README.md",
  "CHANGELOG.md",
  "LICENSE",
];

/** The files at `path` (itself, when it is a file), sorted, leaving out any node_modules. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.split("/").includes("node_modules"))
    .sort();
}

function hashFiles(files: string[], root: string, extra: string[] = []): string {
  const hash = createHash("sha256");
  for (const file of files)
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  for (const item of extra) hash.update(item).update("\0");
  return hash.digest("hex").slice(0, 16);
}

let packing: Promise<string> | undefined;

/**
 * The tarball `npm pack` makes of this working tree (its `prepack` builds dist/), made at most
 * once per content: a second call, in this process or a later run, returns the same file.
 */
export function packedTarball(): Promise<string> {
  packing ??= pack();
  return packing;
}

async function pack(): Promise<string> {
  const inputs = PACK_INPUTS.flatMap((path) => filesUnder(join(REPO, path)));
  const tarball = join(PACK_DIR, `latchkey-${hashFiles(inputs, REPO)}.tgz`);
  if (existsSync(tarball)) return tarball;
  // Packed from a copy, so the build's `rm -rf dist` never touches the working tree's dist/.
  const checkout = join(tmpdir(), `latchkey-pack-${process.pid}-${Date.now()}`);
  try {
    for (const path of PACK_INPUTS) {
      if (existsSync(join(REPO, path))) cpSync(join(REPO, path), join(checkout, path), { recursive: true });
    }
    // The build needs the repository's TypeScript and type packages; link them, don't copy them.
    symlinkSync(join(REPO, "node_modules"), join(checkout, "node_modules"), "dir");
    mkdirSync(PACK_DIR, { recursive: true });
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", checkout], {
      cwd: checkout,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [report] = JSON.parse(stdout) as Array<{ filename: string }>;
    // Renamed into place whole: a run that dies mid-pack leaves no half-written tarball behind.
    renameSync(join(checkout, report!.filename), tarball);
    return tarball;
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
}

/** The version of `name` installed in this repository: fixture apps pin what the suite runs on. */
export function repositoryVersion(name: string): string {
  const manifest = readFileSync(join(REPO, "node_modules", name, "package.json"), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}

export interface FixtureAppOptions {
  /** The folder under generated/apps/ (one per app). */
  name: string;
  /** The app's sources: copied as they are; a package.json there is the base of the app's manifest. */
  source: string;
  /** The app's dependencies besides latchkey (e.g. `{ next: repositoryVersion("next") }`). */
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  /** The build, as the framework's default commands, run in the app folder in order (e.g. `[["npx", "next", "build"]]`). */
  build?: string[][];
  /** Environment for install and build. */
  env?: Record<string, string>;
}

export interface FixtureApp {
  /** The installed, built app. */
  dir: string;
  /** Whether this call installed and built it (false: an earlier identical build was reused). */
  built: boolean;
  milliseconds: number;
}

/**
 * Installs the app with the packed latchkey and builds it, unless `generated/apps/<name>` holds a
 * build of the same sources, manifest and commands. A failed install or build throws with the
 * command's output and leaves no stamp, so the next run tries again.
 */
export async function installFixtureApp(options: FixtureAppOptions): Promise<FixtureApp> {
  const started = Date.now();
  const tarball = await packedTarball();
  const dir = join(APPS_DIR, options.name);
  const base = existsSync(join(options.source, "package.json"))
    ? (JSON.parse(readFileSync(join(options.source, "package.json"), "utf8")) as Record<string, unknown>)
    : { name: options.name, private: true, type: "module" };
  const manifest = {
    ...base,
    dependencies: {
      ...(base.dependencies as Record<string, string> | undefined),
      ...options.dependencies,
      latchkey: `file:${relative(dir, tarball)}`,
    },
    devDependencies: {
      ...(base.devDependencies as Record<string, string> | undefined),
      ...options.devDependencies,
    },
  };
  const sources = filesUnder(options.source).filter(
    (file) => relative(options.source, file) !== "package.json",
  );
  const stamp = hashFiles(sources, options.source, [
    JSON.stringify(manifest),
    JSON.stringify(options.build ?? []),
    JSON.stringify(options.env ?? {}),
  ]);
  const stampFile = join(dir, ".latchkey-fixture-stamp");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    return { dir, built: false, milliseconds: Date.now() - started };
  }
  rmSync(stampFile, { force: true });
  mkdirSync(dir, { recursive: true });
  // The app's own files are replaced whole; node_modules (and the lockfile) stay for npm to update.
  for (const entry of readdirSync(dir)) {
    if (entry !== "node_modules" && entry !== "package-lock.json" && entry !== ".git")
      rmSync(join(dir, entry), { recursive: true, force: true });
  }
  // A user's app is a repository of its own. Next.js stops at that boundary when it looks for the
  // workspace root; without it, it would take this repository's lockfile and folder as the root.
  if (!existsSync(join(dir, ".git"))) await run("git", ["init", "--quiet", dir]);
  for (const file of sources) cpSync(file, join(dir, relative(options.source, file)), { recursive: true });
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env };
  await runLogged(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    dir,
    env,
  );
  for (const [command, ...args] of options.build ?? []) await runLogged(command!, args, dir, env);
  writeFileSync(stampFile, stamp);
  return { dir, built: true, milliseconds: Date.now() - started };
}

async function runLogged(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await run(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}
