/**
 * The errors `latchkey/jwt` raises. They belong to the same family as the rest of latchkey's errors
 * (`AuthError`), without this module depending on anything but that base, so middleware that
 * imports only `latchkey/jwt` stays small.
 */
import { AuthError } from "../auth-error.js";

/** No usable secret (or salt) was configured: a deployment mistake, never the client's doing. */
export class MissingSecret extends AuthError {
  static override readonly type = "MissingSecret";
}
