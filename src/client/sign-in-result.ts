/** Turns the handler's answer to a sign-in post into a {@link SignInResponse}, or follows it. */
import { navigate } from "./navigation.js";
import { announceSessionChange } from "./session-events.js";
import type { SignInResponse } from "./types.js";

/** The handler's answer to a post with `X-Auth-Return-Redirect: 1`. */
export interface RedirectAnswer {
  status: number;
  body: {
    url?: string;
    error?: string;
    message?: string;
    twoFactorRequired?: boolean;
    enrolmentRequired?: boolean;
    methods?: string[];
  };
}

/**
 * The result of a sign-in post. The handler reports a refused sign-in as a redirect to the sign-in
 * or error page with `?error=` (and `&code=` for credentials), and a malformed request as a 4xx
 * with `{ error }`; `signedIn` says whether success means a session now exists (a callback) or only
 * that a mail went out. A sign-in held for its second factor resolves with `twoFactorRequired`.
 */
export function signInResult(answer: RedirectAnswer, signedIn: boolean): SignInResponse {
  const { status, body } = answer;
  if (body.twoFactorRequired === true && typeof body.url === "string") {
    // The first factor is proven and held: no session yet, the second factor is next (two-factor.ts).
    return {
      error: undefined,
      code: undefined,
      status,
      ok: false,
      url: new URL(body.url, window.location.href).href,
      twoFactorRequired: true,
      methods: Array.isArray(body.methods) ? body.methods.map(String) : [],
      ...(body.enrolmentRequired === true ? { enrolmentRequired: true } : {}),
    };
  }
  const url = typeof body.url === "string" ? new URL(body.url, window.location.href) : undefined;
  const error =
    url?.searchParams.get("error") ?? body.error ?? (status >= 400 || !url ? "Configuration" : undefined);
  const ok = error === undefined;
  if (ok && signedIn) announceSessionChange("signin");
  return {
    error,
    code: url?.searchParams.get("code") ?? undefined,
    status,
    ok,
    url: ok && url ? url.href : null,
  };
}

/** Follows the handler's answer: to where it redirects, or to the sign-in page showing the error. */
export function followSignIn(
  answer: RedirectAnswer,
  signedIn: boolean,
  errorPage: (error: string) => string,
): void {
  const result = signInResult(answer, signedIn);
  navigate(result.url ?? answer.body.url ?? errorPage(result.error ?? "Configuration"));
}
