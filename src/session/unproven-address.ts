/**
 * The session half of the pre-hijack defence (README, "Security rules"): a session
 * issued to a user whose e-mail address nobody had proven yet belongs to whoever set that user up,
 * possibly an attacker who registered the victim's address first. Once the address is proven, such
 * a session must not act for the user any more. Database sessions are simply deleted at the proof;
 * a JWT cannot be deleted, so it carries a mark instead (the `unprovenAddress` of its marks,
 * core/session-marks.ts, as the private claim `emailUnverified`) and is judged against the stored
 * user. Only marked sessions cost a user lookup when read; the others are decided from the token.
 */
import type { AdapterUser } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { UNPROVEN_ADDRESS_CLAIM } from "../core/session-marks.js";
import type { JWT } from "../jwt/types.js";

/** Seconds of clock difference between app instances and the database that `iat` may be off by. */
const CLOCK_TOLERANCE_SECONDS = 15;

/** Whether the token can only be judged against its stored user (it was issued before a proof). */
export function needsProofCheck(token: JWT): boolean {
  return token[UNPROVEN_ADDRESS_CLAIM] === true;
}

/**
 * Whether a JWT session was issued before its user's address was first proven: it carries the
 * mark and the address is proven now, or (a token issued before the mark existed, or stripped of
 * it) its `iat` is clearly older than the proof.
 */
export function issuedBeforeProof(token: JWT, user: AdapterUser): boolean {
  if (!user.emailVerified) return false;
  if (needsProofCheck(token)) return true;
  const provenAt = Math.floor(new Date(user.emailVerified).valueOf() / 1000);
  return typeof token.iat === "number" && token.iat + CLOCK_TOLERANCE_SECONDS < provenAt;
}

/**
 * For a marked token: whether its user's address has been proven since, so the session must end.
 * A token without the mark, or an app without a user store, is never looked up.
 */
export async function outlivedByProof(ctx: ServerContext, token: JWT): Promise<boolean> {
  const adapter = ctx.config.adapter;
  if (!needsProofCheck(token) || typeof adapter?.getUser !== "function") return false;
  const userId = token.sub;
  if (typeof userId !== "string" || userId === "") return false;
  const getUser = adapterMethod(adapter, "getUser");
  const user = await callAdapter("find the signed-in user", () => getUser(userId));
  return user !== null && issuedBeforeProof(token, user);
}
