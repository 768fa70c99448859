/**
 * Each command's arguments through node:util `parseArgs` in strict mode, with its refusals turned
 * into a {@link UsageError} that names the offending argument.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Node's own messages, shortened to what a user must change; the codes are node:util's. */
function usageMessage(error: Error & { code?: unknown }): string {
  const named = /'([^']+)'/.exec(error.message)?.[1];
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${named ?? error.message}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${named ?? error.message}"`;
    default:
      return error.message;
  }
}

type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/** `args` parsed against `options`, taking at most `maxPositionals` plain arguments. */
export function parseCommandArgs<T extends Options>(
  args: string[],
  options: T,
  maxPositionals: number,
): Parsed<T> {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    if (error instanceof TypeError && "code" in error) throw new UsageError(usageMessage(error));
    throw error;
  }
  const extra = parsed.positionals[maxPositionals];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return parsed;
}
