/**
 * The second step of a sign-in, from the browser. When `signIn(…, { redirect: false })` resolves
 * with `twoFactorRequired: true`, the first factor is proven and a pending cookie holds it; these
 * functions pass the second factor to `POST <basePath>/two-factor` (or, for a signed-in user, step
 * up), which issues the session. With `redirect: true` (the default) they navigate to where the
 * handler sends the browser; with `redirect: false` they resolve with the result, to show a wrong
 * code inline (`error: "InvalidTwoFactorCode"`).
 */
import { authUrl } from "./base-url.js";
import { postForRedirect, requestJson } from "./requests.js";
import { getCsrfToken } from "./session.js";
import { followSignIn, signInResult } from "./sign-in-result.js";
import type { SignInResponse } from "./types.js";
import { credentialJson, requestOptions } from "./webauthn-json.js";

/** Options of the two-factor functions. */
export interface TwoFactorOptions<Redirect extends boolean = true> {
  /** `false` stays on the page and resolves with a {@link TwoFactorResponse}. */
  redirect?: Redirect;
  /** Where a step-up lands (a pending sign-in lands where its sign-in was headed). */
  redirectTo?: string;
  /** Trust this browser, so its next sign-ins skip the second factor (when the app offers it). */
  trustDevice?: boolean;
}

/** What the two-factor functions resolve with when `redirect: false`. */
export interface TwoFactorResponse extends SignInResponse {
  /** After a recovery code: how many unused ones the user has left. */
  recoveryCodesRemaining?: number;
}

type Answer = Awaited<ReturnType<typeof postForRedirect>> & {
  body: { recoveryCodesRemaining?: number };
};

function finish(answer: Answer, redirect: boolean): TwoFactorResponse | undefined {
  if (redirect) {
    followSignIn(answer, true, () => authUrl("two-factor"));
    return undefined;
  }
  const result: TwoFactorResponse = signInResult(answer, true);
  const remaining = answer.body.recoveryCodesRemaining;
  if (typeof remaining === "number") result.recoveryCodesRemaining = remaining;
  return result;
}

async function postSecondFactor(
  fields: Record<string, unknown>,
  options: TwoFactorOptions<boolean>,
): Promise<TwoFactorResponse | undefined> {
  const answer = (await postForRedirect(authUrl("two-factor"), {
    ...fields,
    csrfToken: await getCsrfToken(),
    ...(options.redirectTo ? { callbackUrl: options.redirectTo } : {}),
    ...(options.trustDevice ? { trustDevice: "on" } : {}),
  })) as Answer;
  return finish(answer, options.redirect !== false);
}

/**
 * Submits the code from the user's authenticator app (`method: "totp"`, the default) or from the
 * e-mail {@link sendTwoFactorEmailCode} sent (`method: "email"`).
 *
 * @example
 * ```ts
 * import { signIn, submitTwoFactorCode } from "latchkey/client";
 *
 * const first = await signIn("credentials", { username: "ada", password: "correct horse", redirect: false });
 * if (first.twoFactorRequired) {
 *   const result = await submitTwoFactorCode("123456", { redirect: false });
 *   if (result.error === "InvalidTwoFactorCode") console.log("Wrong code, try again");
 * }
 * ```
 */
export function submitTwoFactorCode(
  code: string,
  options?: TwoFactorOptions<true> & { method?: "totp" | "email" },
): Promise<undefined>;
export function submitTwoFactorCode(
  code: string,
  options: TwoFactorOptions<false> & { method?: "totp" | "email" },
): Promise<TwoFactorResponse>;
export function submitTwoFactorCode(
  code: string,
  options: TwoFactorOptions<boolean> & { method?: "totp" | "email" } = {},
): Promise<TwoFactorResponse | undefined> {
  return postSecondFactor({ method: options.method ?? "totp", code }, options);
}

/**
 * Submits one of the user's recovery codes; the result says how many are left.
 *
 * @example
 * ```ts
 * import { submitRecoveryCode } from "latchkey/client";
 *
 * const result = await submitRecoveryCode("7kq2m-x9d4e", { redirect: false });
 * if (result.ok) console.log(`${result.recoveryCodesRemaining} recovery codes left`);
 * ```
 */
export function submitRecoveryCode(code: string, options?: TwoFactorOptions<true>): Promise<undefined>;
export function submitRecoveryCode(
  code: string,
  options: TwoFactorOptions<false>,
): Promise<TwoFactorResponse>;
export function submitRecoveryCode(
  code: string,
  options: TwoFactorOptions<boolean> = {},
): Promise<TwoFactorResponse | undefined> {
  return postSecondFactor({ method: "recovery", code }, options);
}

/**
 * Mails a code to the pending user's address (when the app offers `"email"`); pass it to
 * {@link submitTwoFactorCode} with `method: "email"`. Resolves with whether the mail went out.
 *
 * @example
 * ```ts
 * import { sendTwoFactorEmailCode } from "latchkey/client";
 *
 * if (await sendTwoFactorEmailCode()) console.log("Check your inbox");
 * ```
 */
export async function sendTwoFactorEmailCode(): Promise<boolean> {
  const answer = await postForRedirect(authUrl("two-factor-email"), { csrfToken: await getCsrfToken() });
  return answer.status === 200 && (answer.body as { sent?: unknown }).sent === true;
}

/**
 * Uses one of the user's passkeys as the second factor: the browser asks for a passkey of theirs
 * (no PIN or biometrics needed; the first factor already stood for something they know). Rejects
 * with the browser's `DOMException` when the user cancels or has no such passkey here.
 *
 * @example
 * ```ts
 * import { verifyTwoFactorWithPasskey } from "latchkey/client";
 *
 * const result = await verifyTwoFactorWithPasskey({ redirect: false });
 * if (!result.ok) console.log("That passkey was not accepted");
 * ```
 */
export function verifyTwoFactorWithPasskey(options?: TwoFactorOptions<true>): Promise<undefined>;
export function verifyTwoFactorWithPasskey(options: TwoFactorOptions<false>): Promise<TwoFactorResponse>;
export async function verifyTwoFactorWithPasskey(
  options: TwoFactorOptions<boolean> = {},
): Promise<TwoFactorResponse | undefined> {
  const started = await requestJson<{ options?: Record<string, unknown>; error?: string }>(
    authUrl("two-factor-passkey"),
  );
  if (started.status >= 400 || !started.body.options) {
    const refused = { status: started.status, body: { error: started.body.error ?? "Configuration" } };
    return finish(refused, options.redirect !== false);
  }
  const credential = await navigator.credentials.get({ publicKey: requestOptions(started.body.options) });
  if (!(credential instanceof PublicKeyCredential)) {
    throw new DOMException("The browser returned no passkey.", "NotAllowedError");
  }
  return postSecondFactor({ method: "passkey", data: JSON.stringify(credentialJson(credential)) }, options);
}
