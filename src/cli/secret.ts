/**
 * `latchkey secret`: a fresh AUTH_SECRET, printed or added to a dotenv file.
 */
import { randomBytes } from "node:crypto";
import { relative, resolve } from "node:path";
import { parseCommandArgs } from "./args.js";
import { type Command, EXIT, say } from "./command.js";
import { addSecretToEnvFile } from "./env-file.js";
import { UsageError } from "./usage-error.js";

/**
 * 33 random bytes: 264 bits, more than the 256-bit key RFC 7518 §5.2.2 gives A256CBC-HS512's
 * HMAC half, written as 44 base64 characters with no padding (what `openssl rand -base64 33` prints).
 */
export function generateSecret(): string {
  return randomBytes(33).toString("base64");
}

const DEFAULT_ENV_FILE = ".env.local";

export const secretCommand: Command = {
  summary: "print a new AUTH_SECRET, or add one to .env.local",
  help: `Usage: latchkey secret [--write [file]]

Prints a new random AUTH_SECRET (33 random bytes, base64) for session tokens, CSRF cookies and
e-mail links.

Options:
  --write [file]  Add AUTH_SECRET=... to the file (default: ${DEFAULT_ENV_FILE}) instead of printing
                  it. A file that already sets AUTH_SECRET is left unchanged (exit status 0): a new
                  secret would sign every user out. A missing file is created with mode 0600.
  -h, --help      Show this help.

Examples:
  npx latchkey secret
  npx latchkey secret --write
  npx latchkey secret --write .env`,

  async run(args) {
    const { values, positionals } = parseCommandArgs(args, { write: { type: "boolean" } }, 1);
    const [file] = positionals;
    if (file !== undefined && !values.write) {
      throw new UsageError(`unexpected argument "${file}"; to write the secret to it, use --write ${file}`);
    }
    const secret = generateSecret();
    if (!values.write) {
      say(secret);
      return EXIT.ok;
    }
    const path = resolve(file ?? DEFAULT_ENV_FILE);
    const shown = relative(process.cwd(), path) || path;
    switch (addSecretToEnvFile(path, secret)) {
      case "created":
        say(`Created ${shown} (readable by you only) with a new AUTH_SECRET.`);
        break;
      case "appended":
        say(`Added a new AUTH_SECRET to ${shown}.`);
        break;
      case "present":
        say(
          `${shown} already sets AUTH_SECRET; left it unchanged. Replacing it signs every user out: to rotate, add the new secret as AUTH_SECRET_1 instead.`,
        );
        break;
    }
    return EXIT.ok;
  },
};
