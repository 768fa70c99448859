/**
 * Builds the SvelteKit fixture (test/fixtures/sveltekit-app, adapter-node) into
 * generated/sveltekit-app/build. A build takes half a minute, so it is skipped when nothing it is
 * made from changed since the last one: the fixture, latchkey's sources, and the versions of
 * SvelteKit, Svelte, Vite and the adapter.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const FIXTURE = join(ROOT, "test/fixtures/sveltekit-app");
const OUT = join(ROOT, "generated/sveltekit-app");
/** adapter-node's output: `handler.js` is what test/sveltekit/serve-build.js serves. */
export const BUILD = join(OUT, "build");
const STAMP = join(OUT, "inputs.sha256");

const PACKAGES = [
  "@sveltejs/kit",
  "@sveltejs/adapter-node",
  "@sveltejs/vite-plugin-svelte",
  "svelte",
  "vite",
];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function inputsFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of [...filesUnder(FIXTURE), ...filesUnder(join(ROOT, "src"))]) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const name of PACKAGES) {
    // Read from the folder: not every one of them exports its package.json.
    const manifest = readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8");
    hash.update(`${name}@${(JSON.parse(manifest) as { version: string }).version}\0`);
  }
  return hash.digest("hex");
}

/** Builds the fixture unless the last build was made from the same inputs. */
export async function buildSvelteKitFixture(): Promise<void> {
  const fingerprint = inputsFingerprint();
  if (
    existsSync(join(BUILD, "handler.js")) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === fingerprint
  ) {
    return;
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const vite = join(ROOT, "node_modules/vite/bin/vite.js");
  await run(process.execPath, [vite, "build", "--logLevel", "error"], {
    cwd: FIXTURE,
    env: { ...process.env, LATCHKEY_FIXTURE_OUT: OUT, NODE_ENV: "production" },
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(STAMP, fingerprint);
}
