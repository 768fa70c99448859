/**
 * What a protected route answers someone who is not signed in: a page request goes to the sign-in
 * page and comes back afterwards; an API call gets 401 with a JSON reason it can act on. One rule
 * for every framework's `requireAuth` / `verifyAuth`.
 */
import type { AuthConfig } from "../index.js";
import { basePathOf } from "./base-path.js";

/**
 * Where to send a browser that must sign in first: latchkey's `GET <basePath>/signin`, which shows
 * the sign-in page (or redirects to `pages.signIn`) and, after sign-in, returns to `callbackUrl`
 * (validated there: only same-origin targets are followed).
 */
export function signInLocation(config: AuthConfig, callbackUrl: string): string {
  return `${basePathOf(config)}/signin?${new URLSearchParams({ callbackUrl })}`;
}

/**
 * Whether the request is a page load rather than an API call. A browser loading a page asks for
 * `text/html` (the Fetch standard's default `Accept` for document requests starts with it);
 * `fetch()` sends `*\/*` unless told otherwise, and API clients ask for JSON.
 */
function wantsPage(accept: string | null | undefined): boolean {
  return accept?.includes("text/html") === true;
}

/** The JSON body of a 401 from a protected route, in the `{ error, message }` shape of latchkey's errors. */
const UNAUTHORIZED = {
  error: "Unauthorized",
  message: "Sign in to use this resource.",
} as const;

/** What a protected route answers someone who is not signed in, for the framework to send. */
export type NotSignedInAnswer =
  | { status: 303; location: string }
  | { status: 401; json: typeof UNAUTHORIZED };

/**
 * The answer to a request without a session: a page request (`accept`) is sent to sign in and
 * back to `callbackUrl`; an API call gets 401 with {@link UNAUTHORIZED}.
 */
export function notSignedInResponse(
  config: AuthConfig,
  accept: string | null | undefined,
  callbackUrl: string,
): NotSignedInAnswer {
  if (wantsPage(accept)) return { status: 303, location: signInLocation(config, callbackUrl) };
  return { status: 401, json: UNAUTHORIZED };
}
