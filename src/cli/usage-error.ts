/**
 * A command line the CLI cannot run: an unknown command or option, a missing or bad value. The
 * CLI answers it with the message, a pointer to `--help`, and exit status 2, never a stack trace.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
