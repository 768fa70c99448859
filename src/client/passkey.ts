/**
 * Passkeys through the handler's WebAuthn routes: `GET /webauthn-options/:id` gives the ceremony's
 * options and a single-use challenge, the browser runs `navigator.credentials.create()` or `.get()`
 * (WebAuthn Level 3 §5.1.3, §5.1.4), and the credential is posted as `{ action, data }` to
 * `POST /callback/:id`, which registers or authenticates and signs in.
 */
import { authUrl, signInPageUrl } from "./base-url.js";
import { postForRedirect, requestJson } from "./requests.js";
import { getCsrfToken } from "./session.js";
import { followSignIn, signInResult } from "./sign-in-result.js";
import type { SignInResponse } from "./types.js";
import { creationOptions, credentialJson, requestOptions } from "./webauthn-json.js";

type PasskeyAction = "register" | "authenticate";

/** Options of the passkey functions, beside `signIn`'s `redirect` and `redirectTo`. */
export interface PasskeyOptions<Redirect extends boolean = true> {
  /** The passkey provider's id; default `"passkey"`. */
  provider?: string;
  /** Where to land afterwards; default: the current page. */
  redirectTo?: string;
  /** `false` stays on the page and resolves with a `SignInResponse`. */
  redirect?: Redirect;
}

interface Ceremony {
  providerId: string;
  /** Unset: the server decides (a signed-in user registers another passkey, as in Auth.js). */
  action?: PasskeyAction;
  email?: string;
  redirectTo?: string;
  redirect?: boolean;
  /** Conditional mediation (WebAuthn Level 3 §5.1.4.1): the browser offers passkeys in autofill. */
  conditional?: boolean;
  signal?: AbortSignal;
}

async function ceremonyOptions(ceremony: Ceremony) {
  const url = new URL(authUrl("webauthn-options", ceremony.providerId));
  if (ceremony.action) url.searchParams.set("action", ceremony.action);
  if (ceremony.email) url.searchParams.set("email", ceremony.email);
  return requestJson<{
    action?: PasskeyAction;
    options?: Record<string, unknown>;
    error?: string;
    message?: string;
  }>(url.href, ceremony.signal ? { signal: ceremony.signal } : {});
}

async function createOrGet(
  action: PasskeyAction,
  options: Record<string, unknown>,
  ceremony: Ceremony,
): Promise<Credential | null> {
  if (action === "register") {
    return navigator.credentials.create({ publicKey: creationOptions(options) });
  }
  return navigator.credentials.get({
    publicKey: requestOptions(options),
    ...(ceremony.conditional ? { mediation: "conditional" as CredentialMediationRequirement } : {}),
    ...(ceremony.signal ? { signal: ceremony.signal } : {}),
  });
}

/**
 * Runs one ceremony and posts its credential. Resolves with the result (`redirect: false`) or
 * navigates; rejects with the browser's `DOMException` when the user cancels or no passkey fits
 * (`NotAllowedError`), so the page can say so.
 */
export async function runPasskeyCeremony(ceremony: Ceremony): Promise<SignInResponse | undefined> {
  const redirectTo = ceremony.redirectTo ?? window.location.href;
  const errorPage = (error: string) => signInPageUrl({ callbackUrl: redirectTo, error });
  const started = await ceremonyOptions(ceremony);
  const { action, options } = started.body;
  if (started.status >= 400 || !action || !options) {
    const refused = { status: started.status, body: { error: started.body.error ?? "Configuration" } };
    if (ceremony.redirect === false) return signInResult(refused, false);
    followSignIn(refused, false, errorPage);
    return undefined;
  }
  const credential = await createOrGet(action, options, ceremony);
  if (!(credential instanceof PublicKeyCredential)) {
    throw new DOMException("The browser returned no passkey.", "NotAllowedError");
  }
  const answer = await postForRedirect(authUrl("callback", ceremony.providerId), {
    action,
    data: JSON.stringify(credentialJson(credential)),
    csrfToken: await getCsrfToken(),
    callbackUrl: redirectTo,
  });
  if (ceremony.redirect === false) return signInResult(answer, true);
  followSignIn(answer, true, errorPage);
  return undefined;
}

/**
 * Creates a passkey for the signed-in user (from an account page, say) and stores it with the
 * passkey provider; the session is re-issued for it.
 *
 * @example
 * ```ts
 * import { registerPasskey } from "latchkey/client";
 *
 * const result = await registerPasskey({ redirect: false });
 * if (!result.ok) console.log("The passkey was not saved:", result.error);
 * ```
 */
export function registerPasskey(options?: PasskeyOptions<true>): Promise<undefined>;
export function registerPasskey(options: PasskeyOptions<false>): Promise<SignInResponse>;
export async function registerPasskey(
  options: PasskeyOptions<boolean> = {},
): Promise<SignInResponse | undefined> {
  return runPasskeyCeremony({ ...options, providerId: options.provider ?? "passkey", action: "register" });
}

/**
 * Offers the user's passkeys in the browser's autofill (conditional UI): call it when a sign-in
 * form with `<input autocomplete="username webauthn">` is shown. It settles once the user picks a
 * passkey (signing in) or when `signal` aborts (resolving undefined); browsers without conditional
 * mediation resolve undefined at once. Abort it before starting another passkey request.
 *
 * @example
 * ```ts
 * import { signInWithPasskeyAutofill } from "latchkey/client";
 *
 * const stop = new AbortController();
 * void signInWithPasskeyAutofill({ redirectTo: "/account", signal: stop.signal });
 * // later, e.g. when the user presses a "Sign in with a passkey" button:
 * stop.abort();
 * ```
 */
export async function signInWithPasskeyAutofill(
  options: PasskeyOptions<boolean> & { signal?: AbortSignal } = {},
): Promise<SignInResponse | undefined> {
  const api = window.PublicKeyCredential;
  if (!api || typeof api.isConditionalMediationAvailable !== "function") return undefined;
  if (!(await api.isConditionalMediationAvailable())) return undefined;
  try {
    return await runPasskeyCeremony({
      ...options,
      providerId: options.provider ?? "passkey",
      action: "authenticate",
      conditional: true,
    });
  } catch (error) {
    if (options.signal?.aborted) return undefined;
    throw error;
  }
}
