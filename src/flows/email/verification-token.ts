/**
 * E-mail verification tokens: random, stored only as `sha256hex(token + secret)` (the Auth.js form,
 * so tokens survive a migration in both directions), and used once through the adapter's atomic
 * `useVerificationToken`. With several secrets, new tokens are hashed with the newest and a token
 * hashed with any of them still verifies.
 */
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";
import { Verification } from "../../core/errors.js";
import type { EmailConfig } from "../../provider-types.js";

/** Default lifetime of a link or code: 24 hours, in seconds. */
export const DEFAULT_EMAIL_MAX_AGE = 24 * 60 * 60;

/** What the adapter stores for `token`, with one secret. */
export async function storedTokenHash(ctx: ServerContext, token: string, secret: string): Promise<string> {
  return ctx.runtime.sha256Hex(`${token}${secret}`);
}

export interface IssuedToken {
  /** The raw token, for the link; never stored. */
  token: string;
  /** Its stored hash (with the newest secret). */
  hash: string;
  expires: Date;
}

/** Creates and stores a token for `identifier`. */
export async function issueVerificationToken(
  ctx: ServerContext,
  provider: EmailConfig,
  identifier: string,
): Promise<IssuedToken> {
  const token =
    (await provider.generateVerificationToken?.()) ??
    ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(32));
  const hash = await storedTokenHash(ctx, token, ctx.config.secrets[0] as string);
  const expires = new Date(Date.now() + (provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE) * 1000);
  const create = adapterMethod(ctx.config.adapter, "createVerificationToken");
  await callAdapter("store the verification token", () => create({ identifier, token: hash, expires }));
  return { token, hash, expires };
}

/**
 * Uses the stored token `hash` for `identifier`: it is deleted whatever happens next, and it must
 * not have expired. Throws `Verification` when there is none (used, never issued, or issued for
 * another address).
 */
export async function useStoredToken(ctx: ServerContext, identifier: string, hash: string): Promise<void> {
  const use = adapterMethod(ctx.config.adapter, "useVerificationToken");
  const stored = await callAdapter("use the verification token", () => use({ identifier, token: hash }));
  if (!stored) throw new Verification("The sign-in token is unknown, already used, or for another address.");
  if (stored.expires.valueOf() <= Date.now()) throw new Verification("The sign-in token has expired.");
}

/**
 * Uses the raw `token` from a link for `identifier`, trying each configured secret (newest first),
 * so links sent before a secret rotation keep working until they expire.
 */
export async function useLinkToken(ctx: ServerContext, identifier: string, token: string): Promise<void> {
  if (token === "" || identifier === "")
    throw new Verification("The sign-in link lacks its token or address.");
  const use = adapterMethod(ctx.config.adapter, "useVerificationToken");
  for (const secret of ctx.config.secrets) {
    const hash = await storedTokenHash(ctx, token, secret);
    const stored = await callAdapter("use the verification token", () => use({ identifier, token: hash }));
    if (!stored) continue;
    if (stored.expires.valueOf() <= Date.now()) throw new Verification("The sign-in link has expired.");
    return;
  }
  throw new Verification("The sign-in link is unknown, already used, or for another address.");
}
