/**
 * Sessions issued by another library, read through code carried by a value (`migrate: {
 * nextAuthV4: … }`) rather than built into `Auth` everywhere: on Node `Auth` brings it itself
 * (package.json's `#migrations` import), and an edge bundle holds it only when the app imports
 * `nextAuthV4Sessions` from `latchkey/migrate`. The actions call the two functions below, which
 * fall through to latchkey's own sessions when the app migrates nothing. This module is in every
 * bundle: it must stay small.
 */
import { type CodeKey, carriedCode, carrying } from "../carried-code.js";
import type { NextAuthV4Sessions } from "../config.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import type { SessionResult } from "../session/types.js";

/** How the sessions of another library are read, re-issued and ended (next-auth-v4/session.ts). */
export interface SessionAdoption {
  withSession<C extends ServerContext>(
    ctx: C,
    use: (ctx: C) => Promise<SessionResult>,
    setsCookies: boolean | undefined,
  ): Promise<SessionResult>;
  signOut<C extends ServerContext>(
    ctx: C,
    signOut: (ctx: C) => Promise<CookieToSet[]>,
  ): Promise<CookieToSet[]>;
}

/**
 * Where a migration value keeps its code. A symbol, so the code never shows in a logged config;
 * registered (`Symbol.for`) so a value built by one copy of the package works with another.
 */
const ADOPTION_CODE = Symbol.for("latchkey.migrate.adoption") as CodeKey<SessionAdoption>;

/** A migration value carrying `adoption`. */
export const carryingAdoption = (adoption: SessionAdoption): NextAuthV4Sessions =>
  carrying<NextAuthV4Sessions, SessionAdoption>({ migrates: "next-auth-v4" }, ADOPTION_CODE, adoption);

/** The code a `migrate` value carries, or undefined (`true`, or an object without it). */
export const carriedAdoption = (value: unknown): SessionAdoption | undefined =>
  carriedCode(value, ADOPTION_CODE);

/**
 * Reads (or updates) the session through `use`, adopting another library's first when the app
 * migrates one. `setsCookies`: the answer sets the cookies `use` returns (the routes do,
 * `getSession` does not); another library's session is used up only by an answer that hands the
 * browser its successor, so leaving it out is the safe side.
 */
export function withAdoptedSession<C extends ServerContext>(
  ctx: C,
  use: (ctx: C) => Promise<SessionResult>,
  setsCookies?: true,
): Promise<SessionResult> {
  const adoption = carriedAdoption(ctx.config.migrate.nextAuthV4);
  return adoption ? adoption.withSession(ctx, use, setsCookies) : use(ctx);
}

/** Signs out through `signOut`, ending another library's session the request still carries as well. */
export function signOutWithAdopted<C extends ServerContext>(
  ctx: C,
  signOut: (ctx: C) => Promise<CookieToSet[]>,
): Promise<CookieToSet[]> {
  const adoption = carriedAdoption(ctx.config.migrate.nextAuthV4);
  return adoption ? adoption.signOut(ctx, signOut) : signOut(ctx);
}
