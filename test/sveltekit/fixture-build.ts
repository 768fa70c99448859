/**
 * The SvelteKit fixture (test/fixtures/sveltekit-app) as a user has it: latchkey installed from
 * the packed tarball beside SvelteKit, adapter-node and Vite at the versions this repository uses,
 * built with the app's own `npm run build` (`vite build`) into `generated/apps/sveltekit/build`,
 * served by `node build`. Cached by content hash (test/support/packed-app.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "../support/free-port.js";
import { installFixtureApp, REPO, repositoryVersion } from "../support/packed-app.js";

export const FIXTURE = join(REPO, "test/fixtures/sveltekit-app");

/** The devDependencies `npx sv create` gives an adapter-node app. */
const TOOLCHAIN = [
  "@sveltejs/kit",
  "@sveltejs/adapter-node",
  "@sveltejs/vite-plugin-svelte",
  "svelte",
  "vite",
];

/** Installs and builds the fixture unless the last build was made from the same inputs. */
export function buildSvelteKitFixture() {
  return installFixtureApp({
    name: "sveltekit",
    source: FIXTURE,
    devDependencies: Object.fromEntries(TOOLCHAIN.map((name) => [name, repositoryVersion(name)])),
    build: [["npm", "run", "build"]],
  });
}

export interface RunningApp {
  origin: string;
  process: ChildProcess;
  stop(): void;
}

/** `node build` in the built app, as adapter-node's docs run it, on 127.0.0.1. */
export async function serveSvelteKitFixture(dir: string): Promise<RunningApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build"], {
    cwd: dir,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ORIGIN: origin },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`node build exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Listening on")) resolve();
    });
  });
  return { origin, process: child, stop: () => child.kill() };
}
