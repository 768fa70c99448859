/** `signIn`: one function for every provider type, choosing the request by the provider's type. */

import { authUrl, signInPageUrl } from "./base-url.js";
import { finishingRoute } from "./finishing-route.js";
import { navigate, submitForm } from "./navigation.js";
import { runPasskeyCeremony } from "./passkey.js";
import { postForRedirect } from "./requests.js";
import { getCsrfToken, getProviders } from "./session.js";
import { followSignIn, signInResult } from "./sign-in-result.js";
import type {
  ClientSafeProvider,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
} from "./types.js";

/** The provider's sign-in route, with the authorization parameters as its query (Auth.js reads them there). */
function signInRoute(provider: ClientSafeProvider, authorizationParams?: SignInAuthorizationParams): string {
  const url = new URL(authUrl("signin", provider.id));
  for (const [name, value] of new URLSearchParams(authorizationParams)) url.searchParams.append(name, value);
  return url.href;
}

/**
 * Signs in with a provider, as `next-auth/react`'s `signIn` does:
 * - no provider (or an unknown one): opens the sign-in page;
 * - OAuth / OpenID Connect: posts a form to `/signin/:id`, so the browser goes to the provider;
 * - credentials: posts the options' fields (`username`, `password`, …) to `/callback/:id`;
 * - e-mail: posts `email` to `/signin/:id` (the link is mailed), or with `code` to `/callback/:id`
 *   to finish with the one-time code;
 * - passkeys (`webauthn`): runs the ceremony in the browser (`email` and `action: "register"` to
 *   create one while signed out).
 *
 * With `redirect: false` it stays on the page and resolves with `{ error, code, status, ok, url }`;
 * otherwise it navigates to where the handler sends the browser.
 *
 * @example
 * ```ts
 * import { signIn } from "latchkey/client";
 *
 * const result = await signIn("credentials", { username: "ada", password: "correct horse", redirect: false });
 * if (result.error === "CredentialsSignin") console.log("Wrong username or password");
 * else if (result.ok) window.location.assign(result.url ?? "/");
 * ```
 */
export function signIn(
  provider?: string,
  options?: SignInOptions<true>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<undefined>;
export function signIn(
  provider: string | undefined,
  options: SignInOptions<false>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse>;
export async function signIn(
  provider?: string,
  options: SignInOptions<boolean> = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  const {
    callbackUrl,
    redirectTo = callbackUrl ?? window.location.href,
    redirect = true,
    ...fields
  } = options;
  const chosen = provider === undefined ? undefined : (await getProviders())[provider];
  if (!chosen) {
    navigate(signInPageUrl({ callbackUrl: redirectTo }));
    return undefined;
  }
  if (chosen.type === "webauthn") {
    const { email, action } = fields;
    return runPasskeyCeremony({
      providerId: chosen.id,
      redirectTo,
      redirect,
      ...(typeof email === "string" ? { email } : {}),
      ...(action === "register" || action === "authenticate" ? { action } : {}),
    });
  }
  const posted = { ...fields, csrfToken: await getCsrfToken(), callbackUrl: redirectTo };
  const isOAuth = chosen.type === "oauth" || chosen.type === "oidc";
  if (isOAuth && redirect) {
    submitForm(signInRoute(chosen, authorizationParams), posted);
    return undefined;
  }
  const finishes = finishingRoute(chosen.type, fields) === "callback";
  const url = finishes ? authUrl("callback", chosen.id) : signInRoute(chosen, authorizationParams);
  const answer = await postForRedirect(url, posted);
  if (!redirect) return signInResult(answer, finishes);
  followSignIn(answer, finishes, (error) => signInPageUrl({ callbackUrl: redirectTo, error }));
  return undefined;
}
