/**
 * WebAuthn challenges are single-use (WebAuthn Level 3 §13.4.3): each is kept twice, in the sealed
 * challenge cookie of the browser that asked for it and as an entry in the short-lived store, and
 * a response is checked only after that entry was taken. A replayed response (a captured request
 * sent again, cookie included) then fails even for authenticators whose signature counter stays
 * at 0, which the counter check alone could never catch.
 */
import { openCheckCookie, sealCheckCookie } from "../../cookie/check-cookies.js";
import type { CookieToSet } from "../../cookie/header.js";
import type { ServerContext } from "../../core/context.js";
import { InvalidCheck, WebAuthnVerificationError } from "../../core/errors.js";
import type { WebAuthnConfig } from "../../provider-types.js";

export type WebAuthnAction = "register" | "authenticate";

/**
 * What a challenge was issued for: a ceremony of the passkey flow, or a passkey proving the second
 * factor of a pending sign-in (two-factor sign-in). A second-factor challenge names its user and is
 * never accepted by the passkey flow's callback, whose response must name the same action.
 */
export type ChallengeAction = WebAuthnAction | "second-factor";

/** Who a registration is for: the signed-in user, or a new user with this e-mail address. */
export type Registrant = { userId: string } | { email: string };

/** What the challenge cookie carries from the options step to the callback. */
export interface ChallengeState {
  challenge: string;
  action: ChallengeAction;
  registrant?: Registrant;
  /** For a second-factor challenge: the user whose passkeys it was issued for. */
  userId?: string;
}

/** A ceremony's own timeout plus a minute of slack, and never beyond the 15 minutes of any check cookie. */
export function challengeLifetimeSeconds(timeoutMs: number): number {
  return Math.min(15 * 60, Math.ceil(timeoutMs / 1000) + 60);
}

function storeKey(providerId: string, challenge: string): string {
  return `challenge:webauthn:${providerId}:${challenge}`;
}

/** Records `state.challenge` as issued and returns the sealed cookie that carries it to the callback. */
export async function issueChallenge(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  state: ChallengeState,
  lifetimeSeconds: number,
): Promise<CookieToSet> {
  const key = storeKey(provider.id, state.challenge);
  if (!(await ctx.config.store.setIfAbsent(key, state.action, lifetimeSeconds * 1000))) {
    // 32 random bytes never repeat; a collision means the random source (or the store) is broken:
    // the site's fault, logged in full, never a check the user failed.
    throw new Error("A newly generated WebAuthn challenge was already issued.");
  }
  return sealCheckCookie({
    codec: ctx.codec,
    check: "challenge",
    value: JSON.stringify(state),
    providerId: provider.id,
    cookie: ctx.cookies.webauthnChallenge,
    secret: ctx.config.secrets,
    maxAge: lifetimeSeconds,
  });
}

/** Fields of a parsed JSON value: none for null, and reading a field of any other primitive gives undefined. */
function fieldsOf(value: unknown): Record<string, unknown> {
  return (value ?? {}) as Record<string, unknown>;
}

function isRegistrant(value: unknown): value is Registrant {
  const fields = fieldsOf(value);
  return typeof fields.userId === "string" || typeof fields.email === "string";
}

function parseState(sealed: string): ChallengeState | null {
  let state: unknown;
  try {
    state = JSON.parse(sealed);
  } catch {
    return null;
  }
  const { challenge, action, registrant, userId } = fieldsOf(state);
  if (typeof challenge !== "string") return null;
  if (action === "second-factor") return typeof userId === "string" ? { challenge, action, userId } : null;
  if (action !== "register" && action !== "authenticate") return null;
  if (action === "register" && !isRegistrant(registrant)) return null;
  return action === "register"
    ? { challenge, action, registrant: registrant as Registrant }
    : { challenge, action };
}

/**
 * The challenge this browser was issued, consumed: it is taken from the store before anything is
 * verified, so whatever the outcome it can never be used again.
 */
export async function consumeChallenge(
  ctx: ServerContext,
  provider: WebAuthnConfig,
): Promise<ChallengeState> {
  const sealed = await openCheckCookie({
    codec: ctx.codec,
    check: "challenge",
    providerId: provider.id,
    cookie: ctx.cookies.webauthnChallenge,
    secret: ctx.config.secrets,
    cookies: ctx.requestCookies,
  });
  const state = sealed === null ? null : parseState(sealed);
  if (state === null) {
    throw new InvalidCheck(
      `The WebAuthn challenge cookie is missing, expired, or was not issued for provider "${provider.id}"; fetch new options and start again.`,
    );
  }
  if ((await ctx.config.store.take(storeKey(provider.id, state.challenge))) === undefined) {
    throw new WebAuthnVerificationError(
      "This WebAuthn challenge was already used or has expired. (When several app instances serve sign-ins, they need a shared `store`, such as RedisStore.)",
    );
  }
  return state;
}
