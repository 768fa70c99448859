/**
 * WebAuthn and passkeys. The browser first asks `GET /webauthn-options/:id` (a route this flow
 * declares, routes.ts) for the ceremony's options and a single-use challenge (options.ts), runs `navigator.credentials.create()` or
 * `.get()`, and posts the result as `{ action, data }` to `POST /callback/:id`, which registers
 * (register.ts) or authenticates (authenticate.ts). `@simplewebauthn/server` verifies every
 * response; users, accounts and authenticators are written by `login/passkey.ts`. The registry
 * in `../index.ts` has no row for this flow: `WebAuthn()` and `Passkey()` bring it.
 */

import type { Adapter } from "../../adapters/types.js";
import { clearCheckCookie } from "../../cookie/check-cookies.js";
import { InvalidConfig, InvalidRequest } from "../../core/errors.js";
import { passkeyErrors } from "../../locales/en/errors.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import type { Flow } from "../types.js";
import { authenticateWithPasskey } from "./authenticate.js";
import { consumeChallenge } from "./challenge.js";
import { simpleWebAuthn } from "./library.js";
import { registerWithPasskey } from "./register.js";
import { assertRelyingPartyOptions } from "./relying-party.js";
import { parseAction } from "./responses.js";
import { passkeyScriptUrl, WEBAUTHN_ROUTES } from "./routes.js";
import { ceremonySettings } from "./settings.js";

const ADAPTER_METHODS: ReadonlyArray<keyof Adapter> = [
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "createUser",
  "linkAccount",
  "createAuthenticator",
  "getAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
];

/**
 * Auth.js options that latchkey spells differently. Ignoring them would silently drop what they
 * asked for (a required user verification, say), so each is refused with its replacement.
 */
const AUTHJS_OPTIONS: Record<string, string> = {
  registrationOptions:
    "set userVerification, residentKey, timeout or supportedAlgorithmIDs on the provider instead",
  authenticationOptions: "set userVerification or timeout on the provider instead",
  verifyRegistrationOptions: 'set userVerification: "required" instead',
  verifyAuthenticationOptions: 'set userVerification: "required" instead',
  getRelayingParty: "set relyingParty instead",
  getUserInfo: "remove it: the options request takes the address as `email`",
  simpleWebAuthn: "remove it: latchkey always verifies with @simplewebauthn/server",
  simpleWebAuthnBrowserVersion: "remove it: the sign-in page's script is served by the handler",
  formFields: "remove it: the sign-in page asks for an e-mail address",
};

/** The values of WebAuthn's UserVerificationRequirement and ResidentKeyRequirement (Level 3 §5.8.6, §5.4.6). */
const REQUIREMENTS = new Set(["required", "preferred", "discouraged"]);

function assertSettings(provider: WebAuthnConfig): void {
  for (const [option, replacement] of Object.entries(AUTHJS_OPTIONS)) {
    if (Object.hasOwn(provider, option)) {
      throw new InvalidConfig(
        `Provider "${provider.id}": latchkey does not read the Auth.js option \`${option}\`; ${replacement}.`,
      );
    }
  }
  for (const option of ["userVerification", "residentKey"] as const) {
    const value = provider[option];
    if (value !== undefined && !REQUIREMENTS.has(value)) {
      throw new InvalidConfig(
        `${option} of provider "${provider.id}" must be "required", "preferred" or "discouraged", not ${JSON.stringify(value)}.`,
      );
    }
  }
  const { timeout } = provider;
  if (timeout !== undefined && !(Number.isSafeInteger(timeout) && timeout > 0)) {
    throw new InvalidConfig(
      `timeout of provider "${provider.id}" must be a positive number of milliseconds.`,
    );
  }
  const algorithms = provider.supportedAlgorithmIDs;
  if (
    algorithms !== undefined &&
    !(Array.isArray(algorithms) && algorithms.length > 0 && algorithms.every(Number.isInteger))
  ) {
    throw new InvalidConfig(
      `supportedAlgorithmIDs of provider "${provider.id}" must list COSE algorithm ids, e.g. [-7, -257].`,
    );
  }
}

export const webauthnFlow: Flow<WebAuthnConfig> = {
  errorWords: passkeyErrors,
  resolveProvider(provider) {
    assertSettings(provider);
    assertRelyingPartyOptions(provider);
    return provider;
  },

  // Passkeys are stored records whatever the session strategy.
  adapterMethods: () => ADAPTER_METHODS,

  pageEntry: (provider, ctx) => ({
    form: "passkey",
    conditionalUI: ceremonySettings(provider).conditionalUI,
    optionsUrl: ctx.actionUrl("webauthn-options", provider.id),
    scriptUrl: passkeyScriptUrl(ctx),
    ...(provider.style ? { style: provider.style } : {}),
  }),

  callbackNeedsCsrf: () => true,

  // RFC 8176 §2: "hwk", proof of possession of a key held by an authenticator.
  amr: ["hwk"],

  routes: WEBAUTHN_ROUTES,

  // Counted per client address only, never per credential. An assertion is a signature by a key
  // that never leaves the authenticator (WebAuthn Level 3 §13.4.1): there is nothing to guess, so a
  // per-credential budget protects nothing, while credential ids are no secret (the options route
  // and the browser show them), and such a budget would let anyone lock a passkey's owner out from
  // addresses of their own. The per-address count still slows floods of junk assertions.
  rateLimitKeys: () => [],

  checkCookies: ["webauthnChallenge"],

  async prepare() {
    await simpleWebAuthn();
  },

  async callback(ctx, provider) {
    if (ctx.req.method !== "POST") {
      throw new InvalidRequest("A WebAuthn response is posted as { action, data }, never sent in a URL.");
    }
    // The challenge is spent first: a request that fails any later check has used it up all the same.
    const challenge = await consumeChallenge(ctx, provider);
    const action = parseAction(ctx.req.body.action);
    if (action !== challenge.action) {
      throw new InvalidRequest(
        `The challenge was issued to ${challenge.action}, but the response says ${action}.`,
      );
    }
    const data = ctx.req.body.data;
    const identity =
      action === "register"
        ? await registerWithPasskey(ctx, provider, data, challenge)
        : await authenticateWithPasskey(ctx, provider, data, challenge);
    return { kind: "signedIn", identity, cookies: [clearCheckCookie(ctx.cookies.webauthnChallenge)] };
  },
};
