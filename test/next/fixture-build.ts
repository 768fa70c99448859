/**
 * Builds the Next.js fixture app (test/fixtures/next-app) as an app that installed latchkey would
 * have it: latchkey compiled from src/ into the app's node_modules/latchkey (package.json and
 * dist/, as the package ships), next, react and the types linked from this repository, then
 * `next build`. The result lives in generated/next-app and is stamped with a hash of everything
 * it was built from, so a run with nothing changed reuses it.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
export const FIXTURE = join(REPO, "test/fixtures/next-app");
/** Where the built app lives (ignored by git, as generated/ is). */
export const APP_DIR = join(REPO, "generated/next-app");
const STAMP = join(APP_DIR, ".built-from");

/** What the app links from this repository's node_modules, besides latchkey's own dependencies. */
const LINKED = [
  "next",
  "react",
  "react-dom",
  "typescript",
  "@types/react",
  "@types/react-dom",
  "@types/node",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function installedVersion(name: string): string {
  return (
    JSON.parse(readFileSync(join(REPO, "node_modules", name, "package.json"), "utf8")) as { version: string }
  ).version;
}

/** A hash of the fixture, latchkey's sources and manifest, and the versions of what is linked. */
export function buildInputsHash(): string {
  const hash = createHash("sha256");
  const inputs = [
    ...filesUnder(FIXTURE),
    ...filesUnder(join(REPO, "src")),
    join(REPO, "package.json"),
    join(REPO, "tsconfig.json"),
    join(REPO, "tsconfig.build.json"),
    fileURLToPath(import.meta.url),
  ];
  for (const file of inputs) hash.update(relative(REPO, file)).update("\0").update(readFileSync(file));
  for (const name of LINKED) hash.update(`${name}@${installedVersion(name)}\0`);
  return hash.digest("hex");
}

/** The deepest folder holding both paths: Turbopack reads no file outside its root. */
function commonAncestor(a: string, b: string): string {
  const left = a.split(sep);
  const right = b.split(sep);
  let index = 0;
  while (index < left.length && left[index] === right[index]) index += 1;
  return left.slice(0, index).join(sep) || sep;
}

function link(appModules: string, name: string): void {
  const target = join(REPO, "node_modules", name);
  const path = join(appModules, name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(realpathSync(target), path, "dir");
}

/** latchkey as `npm install` lays it out: package.json, dist/, and its dependencies beside it. */
async function installLatchkey(appModules: string): Promise<void> {
  const installed = join(appModules, "latchkey");
  mkdirSync(installed, { recursive: true });
  cpSync(join(REPO, "package.json"), join(installed, "package.json"));
  await run(
    process.execPath,
    [
      join(REPO, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--outDir",
      join(installed, "dist"),
    ],
    { cwd: REPO },
  );
  const manifest = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) link(appModules, name);
}

export interface FixtureBuild {
  /** Whether a build ran (false: an earlier one was reused). */
  built: boolean;
  /** Milliseconds spent, building or checking. */
  milliseconds: number;
}

/** Builds the app unless generated/next-app already holds a build of the same inputs. */
export async function buildNextFixture(): Promise<FixtureBuild> {
  const started = Date.now();
  const inputs = buildInputsHash();
  if (
    existsSync(join(APP_DIR, ".next/BUILD_ID")) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === inputs
  ) {
    return { built: false, milliseconds: Date.now() - started };
  }
  rmSync(APP_DIR, { recursive: true, force: true });
  cpSync(FIXTURE, APP_DIR, { recursive: true });
  const appModules = join(APP_DIR, "node_modules");
  for (const name of LINKED) link(appModules, name);
  await installLatchkey(appModules);
  await run(process.execPath, [join(REPO, "node_modules/next/dist/bin/next"), "build", "--webpack"], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      LATCHKEY_FIXTURE_ROOT: commonAncestor(realpathSync(REPO), realpathSync(join(REPO, "node_modules"))),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(STAMP, inputs);
  return { built: true, milliseconds: Date.now() - started };
}
