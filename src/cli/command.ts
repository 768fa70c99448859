/** What the CLI knows of a command: a line for the overview, the text of its `--help`, and how to run it. */
export interface Command {
  /** One line for `latchkey --help`. */
  summary: string;
  /** The whole `latchkey <command> --help` text. */
  help: string;
  /** Runs with the arguments after the command's name; resolves to the exit status. */
  run(args: string[]): Promise<number>;
}

/** Exit statuses: 1 when the command found problems (doctor) or could not do its job, 2 for a command line it cannot run. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Writes a line to standard output. */
export const say = (text: string): void => {
  process.stdout.write(`${text}\n`);
};
