/**
 * The `latchkey` command line: `secret`, `doctor` and `schema` (see docs/cli.md). Node only; it
 * reads the library through its public modules, as an app would.
 */
import { readFileSync } from "node:fs";
import { type Command, EXIT, say } from "./command.js";
import { doctorCommand } from "./doctor/command.js";
import { schemaCommand } from "./schema.js";
import { secretCommand } from "./secret.js";
import { UsageError } from "./usage-error.js";

const COMMANDS: Record<string, Command> = {
  secret: secretCommand,
  doctor: doctorCommand,
  schema: schemaCommand,
};

const overview = () => `Usage: latchkey <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(8)}${command.summary}`)
  .join("\n")}

Run "latchkey <command> --help" for a command's options. Documentation: docs/cli.md in the package.`;

const wantsHelp = (args: readonly string[]) => {
  const beforeSeparator = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  return beforeSeparator.includes("--help") || beforeSeparator.includes("-h");
};

function version(): string {
  const manifest = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

const complain = (text: string) => process.stderr.write(`${text}\n`);

/**
 * Runs the command line `argv` (without node and the script) and resolves to the exit status:
 * 0, 1 when the command found problems or failed, 2 for a command line it cannot run. Nothing it
 * meets ends in a stack trace: each failure is one line saying what went wrong.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    say(overview());
    return EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    say(version());
    return EXIT.ok;
  }
  if (name === "help") {
    const topic = args[0] === undefined ? undefined : COMMANDS[args[0]];
    say(topic?.help ?? overview());
    return args[0] === undefined || topic ? EXIT.ok : EXIT.usage;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    complain(`latchkey: unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
    complain('Run "latchkey --help" for usage.');
    return EXIT.usage;
  }
  if (wantsHelp(args)) {
    say(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      complain(`latchkey ${name}: ${error.message}`);
      complain(`Run "latchkey ${name} --help" for usage.`);
      return EXIT.usage;
    }
    // A file that cannot be written, a module that cannot be read: the reason, not a stack.
    complain(`latchkey ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
