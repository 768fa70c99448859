/**
 * Which optional latchkey extensions an adapter lacks, and what each absence costs. Auth.js
 * adapters implement none of them: latchkey still runs on them, with the features below falling
 * back or turned off, and says so once at startup rather than failing at the first request.
 */

import type { Adapter } from "./types.js";

/** The optional methods latchkey adds to the Auth.js adapter contract. */
export type LatchkeyExtension =
  | "createUserAndLinkAccount"
  | "listSessionsByUserId"
  | "listAccountsByUserId"
  | "updateAccount";

export interface MissingExtension {
  method: LatchkeyExtension;
  /** One line naming the method and the feature that falls back or is off without it. */
  message: string;
}

const CONSEQUENCES: Record<LatchkeyExtension, string> = {
  createUserAndLinkAccount:
    "sign-up falls back to createUser + linkAccount with a compensating deleteUser, which is not atomic",
  listSessionsByUserId:
    "listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata",
  listAccountsByUserId:
    "an e-mail sign-in that first proves the address of a user with linked accounts is refused, because the pre-hijack defence cannot unlink them",
  updateAccount: "a re-login or a token refresh cannot store the provider's new tokens",
};

/**
 * The latchkey extensions `adapter` does not implement, each with a one-line message saying which
 * feature falls back or is off. Empty when the adapter has them all. Pure: it only looks at which
 * methods exist.
 *
 * @example
 * ```ts
 * import { PrismaAdapter } from "@auth/prisma-adapter";
 * import { missingExtensions } from "latchkey/adapters";
 *
 * for (const { message } of missingExtensions(PrismaAdapter(prisma))) console.warn(message);
 * // "The adapter lacks listSessionsByUserId: listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata." …
 * ```
 */
export function missingExtensions(adapter: Adapter): MissingExtension[] {
  return (Object.keys(CONSEQUENCES) as LatchkeyExtension[])
    .filter((method) => typeof adapter[method] !== "function")
    .map((method) => ({
      method,
      message: `The adapter lacks ${method}: ${CONSEQUENCES[method]}.`,
    }));
}
