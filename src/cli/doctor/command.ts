/**
 * `latchkey doctor`: what the environment and the app's configuration leave missing or weak, from
 * the library's own startup checks (`checkConfig`) plus advice about the deployment.
 */
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { parseCommandArgs } from "../args.js";
import { type Command, EXIT, say } from "../command.js";
import { UsageError } from "../usage-error.js";
import { jsonReport, textReport } from "./report.js";

/**
 * Adds each dotenv file's variables to `process.env`, before the config module loads so that it
 * sees them too. A variable the environment already has wins, as with `node --env-file`.
 */
function loadEnvFiles(paths: readonly string[]): void {
  for (const path of paths) {
    let content: string;
    try {
      content = readFileSync(path, "utf8");
    } catch (error) {
      throw new UsageError(`--env-file: cannot read ${path} (${(error as { code?: string }).code ?? error})`);
    }
    for (const [name, value] of Object.entries(parseEnv(content))) {
      if (process.env[name] === undefined && value !== undefined) process.env[name] = value;
    }
  }
}

function instancesOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const instances = Number(value);
  if (!Number.isInteger(instances) || instances < 1) {
    throw new UsageError(`--instances takes a whole number of at least 1, not "${value}"`);
  }
  return instances;
}

export const doctorCommand: Command = {
  summary: "report what the environment and configuration leave missing or weak",
  help: `Usage: latchkey doctor [--config <module>] [--env-file <file>]... [--json] [--strict] [--instances <n>]

Checks the environment (AUTH_SECRET, AUTH_URL, AUTH_TRUST_HOST, AUTH_<PROVIDER>_ID/_SECRET, ...)
and, with --config, your configuration, with the checks latchkey runs when it starts: a missing,
short or guessable secret; AUTH_URL and trustHost; each provider's credentials; the adapter
methods your session strategy and providers call; and a store shared between instances when
more than one runs. Each finding has a severity: error (latchkey refuses to start or to answer),
warning (it runs, weaker or with a feature off) or info (what was not checked).

Exit status: 0 with no errors, 1 with errors (or with --strict, warnings), 2 for a bad command line.

Options:
  --config <module>   The module exporting your configuration (the object you pass to Auth()), as
                      its default export or as "config". It is loaded with import(): plain
                      JavaScript (.js, .mjs). TypeScript is out of scope for latchkey: load it
                      through your own loader, e.g. NODE_OPTIONS="--import tsx" npx latchkey doctor
                      --config auth.config.ts
  --env-file <file>   Read variables from a dotenv file first (repeatable; the environment wins).
  --instances <n>     How many instances of the app run; otherwise guessed from WEB_CONCURRENCY
                      and platform variables (PM2 cluster, Vercel, AWS Lambda, Netlify, Cloud Run).
  --json              Print one JSON document: { ok, errors, warnings, findings: [{ severity,
                      code, message }] }.
  --strict            Exit 1 on warnings too.
  -h, --help          Show this help.

Examples:
  npx latchkey doctor --env-file .env.local
  NODE_ENV=production npx latchkey doctor --config ./auth.config.mjs --json`,

  async run(args) {
    const { values } = parseCommandArgs(
      args,
      {
        config: { type: "string" },
        "env-file": { type: "string", multiple: true },
        instances: { type: "string" },
        json: { type: "boolean" },
        strict: { type: "boolean" },
      },
      0,
    );
    const instances = instancesOf(values.instances);
    loadEnvFiles(values["env-file"] ?? []);
    // The library loads only now: `latchkey secret` and `schema` start without it.
    const { examine } = await import("./examine.js");
    const findings = await examine(values.config, instances);
    const failing = findings.filter(
      (finding) => finding.severity === "error" || (values.strict === true && finding.severity === "warning"),
    );
    const ok = failing.length === 0;
    say(values.json ? jsonReport(findings, ok) : textReport(findings));
    return ok ? EXIT.ok : EXIT.failed;
  },
};
