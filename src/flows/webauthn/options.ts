/**
 * `GET /webauthn-options/:id?action=register|authenticate[&email=]`: what the browser passes to
 * `navigator.credentials.create()` or `.get()`, with a fresh single-use challenge.
 *
 * Without `action` the server decides, as Auth.js does: a signed-in user registers another
 * passkey; signed out, a known e-mail address authenticates with that user's passkeys, an unknown
 * one registers a new user, and no address at all authenticates with a discoverable credential.
 * `action=authenticate` with an address answers alike whether or not the address has passkeys
 * (see {@link decoyCredentials}).
 */
import type { AdapterAuthenticator, AdapterUser } from "../../adapters/types.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { AuthContext, ServerContext } from "../../core/context.js";
import { InvalidRequest } from "../../core/errors.js";
import type { ResponseInternal } from "../../core/response.js";
import { assertPasskeyEmailFree } from "../../login/index.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import { signedInUser } from "../../session/signed-in-user.js";
import {
  type ChallengeState,
  challengeLifetimeSeconds,
  issueChallenge,
  type WebAuthnAction,
} from "./challenge.js";
import { simpleWebAuthn } from "./library.js";
import { credentialIdOf, splitTransports } from "./records.js";
import { type RelyingParty, relyingParty } from "./relying-party.js";
import { parseRequestedAction } from "./responses.js";
import { type CeremonySettings, ceremonySettings } from "./settings.js";

/** At most 64 octets before the "@" and 255 after (RFC 5321 §4.5.3.1); no spaces or brackets. */
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,255}$/;

/** The `email` query parameter, trimmed and lowercased, or undefined when absent. */
function requestedEmail(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  if (email === undefined || email === "") return undefined;
  if (!EMAIL.test(email))
    throw new InvalidRequest("`email` must be an e-mail address such as you@example.com.");
  return email;
}

/** The ceremony to run: authenticate (with a known user's credentials, if any), or register for someone. */
type Plan =
  | { action: "authenticate"; knownUser: AdapterUser | null; email?: string }
  | { action: "register"; owner: AdapterUser }
  | { action: "register"; email: string };

async function userByEmail(ctx: AuthContext, email: string | undefined): Promise<AdapterUser | null> {
  if (email === undefined) return null;
  const getUserByEmail = adapterMethod(ctx.config.adapter, "getUserByEmail");
  return callAdapter("find the user by e-mail", () => getUserByEmail(email));
}

async function choosePlan(
  ctx: AuthContext,
  requested: WebAuthnAction | undefined,
  email: string | undefined,
): Promise<Plan> {
  if (requested === "authenticate") {
    const knownUser = await userByEmail(ctx, email);
    return { action: "authenticate", knownUser, ...(email === undefined ? {} : { email }) };
  }
  const current = await signedInUser(ctx);
  if (current) return { action: "register", owner: current };
  if (requested === "register") {
    if (email === undefined) {
      throw new InvalidRequest("Creating a passkey while signed out needs an e-mail address: pass `email`.");
    }
    await assertPasskeyEmailFree(ctx, email);
    return { action: "register", email };
  }
  const knownUser = await userByEmail(ctx, email);
  if (email === undefined || knownUser) return { action: "authenticate", knownUser };
  return { action: "register", email };
}

/** The user's stored passkeys as credential descriptors (id and transports), for allow/exclude lists. */
export async function credentialsOfUser(ctx: ServerContext, userId: string) {
  const list = adapterMethod(ctx.config.adapter, "listAuthenticatorsByUserId");
  const authenticators: AdapterAuthenticator[] = await callAdapter("list the user's authenticators", () =>
    list(userId),
  );
  return authenticators.map((authenticator) => {
    const transports = splitTransports(authenticator.transports);
    return { id: credentialIdOf(authenticator), ...(transports ? { transports } : {}) };
  });
}

async function credentialsOf(ctx: AuthContext, user: AdapterUser | null) {
  return user ? credentialsOfUser(ctx, user.id) : [];
}

/** Bytes in a decoy credential id: what platform authenticators commonly make (16 to 32). */
const DECOY_ID_BYTES = 16;

/**
 * Credential ids for an address that has none (no such user, or a user without passkeys). Listing
 * nothing would tell anyone who asks whether an address has an account with passkeys, and listing
 * real ids hands them out; so every address gets a list. The decoy is derived from the address with
 * a key from the secret: asked again, the answer is the same, as a real user's would be, and
 * without the secret nobody can tell it from a real id. No authenticator holds it, so a browser
 * finds no passkey, and no stored authenticator has it, so an assertion naming it fails like any
 * unknown credential's.
 */
async function decoyCredentials(ctx: AuthContext, providerId: string, email: string) {
  const key = ctx.config.secrets[0] ?? "";
  const digest = await ctx.runtime.sha256Hex(`latchkey.webauthn-decoy\0${key}\0${providerId}\0${email}`);
  const bytes = Uint8Array.from(digest.slice(0, DECOY_ID_BYTES * 2).match(/../g) ?? [], (pair) =>
    Number.parseInt(pair, 16),
  );
  // The transports a synced passkey reports, as most stored ones do.
  return [
    { id: ctx.runtime.base64urlEncode(bytes), transports: ["hybrid", "internal"] as ["hybrid", "internal"] },
  ];
}

async function allowedCredentials(
  ctx: AuthContext,
  plan: Extract<Plan, { action: "authenticate" }>,
  providerId: string,
) {
  const stored = await credentialsOf(ctx, plan.knownUser);
  if (stored.length > 0 || plan.email === undefined) return stored;
  return decoyCredentials(ctx, providerId, plan.email);
}

async function ceremonyOptions(
  ctx: AuthContext,
  plan: Plan,
  rp: RelyingParty,
  settings: CeremonySettings,
  providerId: string,
): Promise<{ challenge: string }> {
  const library = await simpleWebAuthn();
  const { timeout, userVerification } = settings;
  if (plan.action === "authenticate") {
    return library.generateAuthenticationOptions({
      rpID: rp.id,
      timeout,
      userVerification,
      allowCredentials: await allowedCredentials(ctx, plan, providerId),
    });
  }
  const owner = "owner" in plan ? plan.owner : null;
  // The name the authenticator shows for the credential (WebAuthn Level 3 §5.4.3): the address.
  const userName = "email" in plan ? plan.email : owner?.email || owner?.name || (owner?.id as string);
  return library.generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName,
    ...(owner?.name ? { userDisplayName: owner.name } : {}),
    timeout,
    attestationType: "none",
    // One authenticator never holds two credentials of the same user (WebAuthn Level 3 §5.4, excludeCredentials).
    excludeCredentials: await credentialsOf(ctx, owner),
    authenticatorSelection: { residentKey: settings.residentKey, userVerification },
    ...(settings.supportedAlgorithmIDs ? { supportedAlgorithmIDs: settings.supportedAlgorithmIDs } : {}),
  });
}

export async function webauthnOptions(ctx: AuthContext, provider: WebAuthnConfig): Promise<ResponseInternal> {
  const plan = await choosePlan(
    ctx,
    parseRequestedAction(ctx.req.query.action),
    requestedEmail(ctx.req.query.email),
  );
  const settings = ceremonySettings(provider);
  const options = await ceremonyOptions(ctx, plan, relyingParty(ctx, provider), settings, provider.id);
  const state: ChallengeState = { challenge: options.challenge, action: plan.action };
  if (plan.action === "register") {
    state.registrant = "owner" in plan ? { userId: plan.owner.id } : { email: plan.email };
  }
  const cookie = await issueChallenge(ctx, provider, state, challengeLifetimeSeconds(settings.timeout));
  return { body: { action: plan.action, options }, cookies: [cookie] };
}
