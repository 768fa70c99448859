/**
 * The base of every error latchkey raises on purpose. It lives in a module of its own, below every
 * other, so that `latchkey/jwt` (which middleware imports alone) can raise errors of the same family
 * without reaching into the rest of the library. The classes themselves are in `core/errors.ts` and
 * `jwt/errors.ts`; `docs/errors.md` explains each one.
 */

/** Where a browser is sent when an error ends a flow: the sign-in page or the error page. */
export type ErrorPageKind = "signIn" | "error";

/**
 * Every error latchkey raises. `type` is stable and safe to compare against in application code;
 * `kind`, `clientSafe` and `status` decide how the handler answers. Each subclass declares them as
 * static fields, so they can be read from the class without an instance (the error page does).
 *
 * @example
 * ```ts
 * import { AuthError, revokeUserSessions } from "latchkey";
 *
 * try {
 *   await revokeUserSessions(config, "user-1");
 * } catch (error) {
 *   if (error instanceof AuthError && error.type === "UnsupportedStrategy") console.warn(error.message);
 * }
 * ```
 */
export class AuthError extends Error {
  /** Stable identifier of the error class, e.g. `"CredentialsSignin"`. */
  static readonly type: string = "AuthError";
  /** The page a browser lands on when this error ends a sign-in. */
  static readonly kind: ErrorPageKind = "error";
  /** Whether a browser may learn the type; any other error reaches it as "Configuration". */
  static readonly clientSafe: boolean = false;
  /** The HTTP status of a direct answer with this error (JSON routes, the error page). */
  static readonly status: number = 500;

  constructor(message?: string, options?: { cause?: unknown }) {
    super(message ?? new.target.type, options);
    this.name = new.target.type;
  }

  private get traits(): typeof AuthError {
    return this.constructor as typeof AuthError;
  }
  /** See {@link AuthError.type}. */
  get type(): string {
    return this.traits.type;
  }
  /** See {@link AuthError.kind}. */
  get kind(): ErrorPageKind {
    return this.traits.kind;
  }
  /** See {@link AuthError.clientSafe}. */
  get clientSafe(): boolean {
    return this.traits.clientSafe;
  }
  /** See {@link AuthError.status}. */
  get status(): number {
    return this.traits.status;
  }
}
