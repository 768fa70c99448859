/**
 * Runs the built Next.js fixture with `next start` on a port the OS picks, as a deployed app runs,
 * with the secret the tests mint cookies with.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { APP_DIR } from "./fixture-build.js";

/** The app's AUTH_SECRET; the tests encode session tokens with it, as the app's users' cookies are. */
export const FIXTURE_SECRET = "next-fixture-secret-0123456789abcdef";

export interface RunningApp {
  origin: string;
  /** What the server printed so far (its log), for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts the built app in `dir` (default: the App Router fixture) with `next start`. */
export async function startNextFixture(env: Record<string, string> = {}, dir = APP_DIR): Promise<RunningApp> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(dir, "node_modules/next/dist/bin/next"), "start", "--port", "0", "--hostname", "127.0.0.1"],
    {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        AUTH_SECRET: FIXTURE_SECRET,
        // The OS picks the port, so AUTH_URL cannot name it; the tests reach the server directly.
        AUTH_TRUST_HOST: "true",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`next start did not report its URL:\n${output}`)),
      60_000,
    );
    const read = () => {
      const url = /https?:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (url && url[1] !== "0") {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${url[1]}`);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`next start exited with ${code}:\n${output}`));
    });
  });
  return {
    origin,
    log: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
