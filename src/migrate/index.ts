/**
 * `latchkey/migrate`: the sessions of the library an app switches from, read and re-issued as
 * latchkey's so that signed-in users stay signed in (docs/migrating.md). Passing the value here
 * brings the code with it: on Node `migrate: { nextAuthV4: true }` does the same, and on an edge
 * runtime (a single-file bundle) the value is the only way, so that apps that migrate nothing
 * bundle none of it.
 */
import type { NextAuthV4Sessions } from "../config.js";
import { carryingAdoption } from "./carried.js";
import { signOutWithNextAuthV4, withNextAuthV4Session } from "./next-auth-v4/session.js";

/**
 * next-auth v4's sessions, read and re-issued as latchkey's: pass it as `migrate.nextAuthV4`
 * (see `MigrateOptions`). Required where `Auth` runs from a single-file bundle (Next.js middleware,
 * a Cloudflare Worker); on Node, `nextAuthV4: true` is the same.
 *
 * @example
 * ```ts
 * import type { AuthConfig } from "latchkey";
 * import { nextAuthV4Sessions } from "latchkey/migrate";
 *
 * const config: AuthConfig = { providers: [], migrate: { nextAuthV4: nextAuthV4Sessions } };
 * ```
 */
export const nextAuthV4Sessions: NextAuthV4Sessions = carryingAdoption({
  withSession: withNextAuthV4Session,
  signOut: signOutWithNextAuthV4,
});

export type { MigrateOptions, NextAuthV4Sessions } from "../config.js";
