#!/usr/bin/env node
/**
 * The executable behind package.json `bin` (`npx latchkey …`). Everything it does is in main.ts.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runCli } from "./main.js";

/** Whether node was started on this file (directly or through npm's `.bin` link), not merely importing it. */
function startedAsCommand(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// Importing this module (a test that loads every module, a bundler's scan) must not run a command.
if (startedAsCommand()) {
  const status = await runCli(process.argv.slice(2));
  // Exit once the output is written: an app's config module (loaded by `doctor`) may hold a socket
  // or a timer open, such as a Redis client that connects as it is built.
  process.stdout.write("", () => process.exit(status));
}
