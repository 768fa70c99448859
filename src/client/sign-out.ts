/** `signOut`: ends the session with a CSRF-checked `POST /signout` and tells every tab. */
import { authUrl } from "./base-url.js";
import { navigate } from "./navigation.js";
import { ClientFetchError, postForRedirect } from "./requests.js";
import { getCsrfToken } from "./session.js";
import { announceSessionChange } from "./session-events.js";
import type { SignOutParams, SignOutResponse } from "./types.js";

/**
 * Signs out, as `next-auth/react`'s `signOut` does: navigates to `redirectTo` (default: the
 * current page), or with `redirect: false` stays and resolves with `{ url }`. Either way this tab's
 * `useSession` and the app's other tabs learn of it.
 *
 * @example
 * ```ts
 * import { signOut } from "latchkey/client";
 *
 * const { url } = await signOut({ redirect: false });
 * ```
 */
export function signOut(options?: SignOutParams<true>): Promise<undefined>;
export function signOut(options: SignOutParams<false>): Promise<SignOutResponse>;
export async function signOut(options: SignOutParams<boolean> = {}): Promise<SignOutResponse | undefined> {
  const { callbackUrl, redirectTo = callbackUrl ?? window.location.href, redirect = true } = options;
  const url = authUrl("signout");
  const { status, body } = await postForRedirect(url, {
    csrfToken: await getCsrfToken(),
    callbackUrl: redirectTo,
  });
  if (status >= 400 || typeof body.url !== "string") {
    throw new ClientFetchError(
      `POST ${url} answered ${status}: ${body.message ?? "no URL to go to"}`,
      status,
    );
  }
  announceSessionChange("signout", null);
  if (redirect) {
    navigate(body.url);
    return undefined;
  }
  return { url: body.url };
}
