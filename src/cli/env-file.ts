/**
 * Adds `AUTH_SECRET=…` to a dotenv file (`.env.local` by default) without ever replacing one that
 * is there: a new secret would sign everyone out and invalidate every CSRF cookie and e-mail link.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { parseEnv } from "node:util";

/** `created`: the file did not exist; `appended`: the line was added; `present`: the file already sets AUTH_SECRET. */
export type EnvFileOutcome = "created" | "appended" | "present";

const isMissingFile = (error: unknown) => (error as { code?: unknown }).code === "ENOENT";

/**
 * Adds `AUTH_SECRET=<secret>` to the dotenv file at `path`. A file that already sets AUTH_SECRET
 * (as node's own dotenv parser reads it: `export` prefixes and quotes included, comments not) is
 * left untouched. A missing file is created readable by its owner only (mode 0600), since it holds
 * a key that signs sessions.
 */
export function addSecretToEnvFile(path: string, secret: string): EnvFileOutcome {
  const line = `AUTH_SECRET=${secret}\n`;
  let content: string;
  try {
    content = readFileSync(path, "utf8");
  } catch (error) {
    if (!isMissingFile(error)) throw error;
    // "wx": fail rather than overwrite a file created since the read.
    writeFileSync(path, line, { mode: 0o600, flag: "wx" });
    return "created";
  }
  if (Object.hasOwn(parseEnv(content), "AUTH_SECRET")) return "present";
  appendFileSync(path, content === "" || content.endsWith("\n") ? line : `\n${line}`);
  return "appended";
}
