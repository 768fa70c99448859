/**
 * Typed errors. Every error latchkey raises on purpose is an {@link AuthError} with a stable `type`
 * that applications can branch on; the message says what to do about it.
 */

export type ErrorType = "MissingSecret" | "InvalidConfig";

export class AuthError extends Error {
  /** Stable identifier of the error kind; safe to compare against in application code. */
  readonly type: ErrorType;

  constructor(type: ErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.type = type;
    this.name = type;
  }
}

/** No usable secret (or salt) was configured: a deployment mistake, never the client's doing. */
export class MissingSecret extends AuthError {
  constructor(message: string) {
    super("MissingSecret", message);
  }
}
