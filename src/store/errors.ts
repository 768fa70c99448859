/** Errors raised by the short-lived store helpers. */

/**
 * A lock stayed held by another holder for longer than the caller would wait. Usually another
 * process is doing the same work (refreshing the same account's tokens) and is slow; if it keeps
 * happening, raise `waitMs` or check that holders release their locks.
 */
export class LockTimeout extends Error {
  override readonly name = "LockTimeout";
  /** The lock that could not be taken. */
  readonly key: string;

  constructor(key: string, waitMs: number) {
    super(
      `The lock "${key}" was still held elsewhere after waiting ${waitMs} ms. Another process is doing this work; ` +
        "retry later, or raise `waitMs` if runs routinely take longer.",
    );
    this.key = key;
  }
}
