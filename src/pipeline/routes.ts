/**
 * The route table: every route under `basePath`, the methods it takes, what each method requires
 * before its action runs (the CSRF check, a rate-limit rule), whether it answers JSON or pages, and
 * the action that answers. The request parser rejects anything outside it and the handler enforces
 * it, so actions never check CSRF or see a shape they did not expect.
 */
import { callbackAction } from "../actions/callback.js";
import { csrfAction } from "../actions/csrf.js";
import { errorPageAction, verifyRequestAction } from "../actions/pages.js";
import { providersAction } from "../actions/providers.js";
import { sessionReadAction, sessionUpdateAction } from "../actions/session.js";
import { signInPageAction, startSignInAction } from "../actions/signin.js";
import { signOutAction, signOutPageAction } from "../actions/signout.js";
import { webauthnOptionsAction } from "../actions/webauthn-options.js";
import { webauthnScriptAction } from "../actions/webauthn-script.js";
import type { Action, AuthContext, Method } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import type { RateLimitRuleName } from "../rate-limit/rules.js";

/**
 * Whether a request must carry the CSRF token: always, never, or as the provider's flow says (a
 * callback is a form post from our own page for credentials, but a provider's `form_post` for OAuth).
 */
export type CsrfRule = "required" | "none" | "flow";

/**
 * The rate-limit rule a request counts against: attempts to prove an identity (credentials,
 * one-time codes, passkey assertions), requests that make us send something (e-mail links), or
 * requests that make us store a passkey challenge.
 */
export type RateLimitRule = RateLimitRuleName;

export interface MethodRoute {
  csrf: CsrfRule;
  /** Overrides the route's provider rule for this method (a sign-in POST must name a provider). */
  provider?: "required";
  rateLimit?: RateLimitRule;
  run(ctx: AuthContext): Promise<ResponseInternal>;
}

export interface Route {
  methods: Partial<Record<Method, MethodRoute>>;
  /** Whether the path names a provider: "required", "optional", or "none" (it must not). */
  provider: "required" | "optional" | "none";
  /** JSON routes answer errors as JSON; page routes redirect to the sign-in or error page. */
  answers: "json" | "page";
}

export const ROUTES: Record<Action, Route> = {
  providers: { methods: { GET: { csrf: "none", run: providersAction } }, provider: "none", answers: "json" },
  csrf: { methods: { GET: { csrf: "none", run: csrfAction } }, provider: "none", answers: "json" },
  session: {
    methods: {
      GET: { csrf: "none", run: sessionReadAction },
      POST: { csrf: "required", run: sessionUpdateAction },
    },
    provider: "none",
    answers: "json",
  },
  signin: {
    methods: {
      GET: { csrf: "none", run: signInPageAction },
      POST: { csrf: "required", provider: "required", rateLimit: "signInRequest", run: startSignInAction },
    },
    provider: "optional",
    answers: "page",
  },
  callback: {
    methods: {
      GET: { csrf: "none", run: callbackAction },
      POST: { csrf: "flow", rateLimit: "signInAttempt", run: callbackAction },
    },
    provider: "required",
    answers: "page",
  },
  signout: {
    methods: {
      GET: { csrf: "none", run: signOutPageAction },
      POST: { csrf: "required", run: signOutAction },
    },
    provider: "none",
    answers: "page",
  },
  "verify-request": {
    methods: { GET: { csrf: "none", run: verifyRequestAction } },
    provider: "none",
    answers: "page",
  },
  error: { methods: { GET: { csrf: "none", run: errorPageAction } }, provider: "none", answers: "page" },
  "webauthn-options": {
    // Each answer stores a challenge: counted, so that nobody can fill the store with them.
    methods: { GET: { csrf: "none", rateLimit: "webauthnOptions", run: webauthnOptionsAction } },
    provider: "required",
    answers: "json",
  },
  // The sign-in page's passkey script (pages/passkey-script.ts), served from the package.
  "webauthn-script": {
    methods: { GET: { csrf: "none", run: webauthnScriptAction } },
    provider: "none",
    answers: "json",
  },
};

export const isAction = (value: string): value is Action => Object.hasOwn(ROUTES, value);

/** The methods a route takes, for `Allow` and 405s. */
export const allowedMethods = (route: Route): Method[] => Object.keys(route.methods) as Method[];

/**
 * Whether `action` names one of the routes under `basePath` (`"signin"`, `"session"`, …), as
 * Auth.js's helper of the same name, for framework glue that routes by the path's first segment.
 * latchkey also has `"webauthn-script"`, the sign-in page's passkey script.
 *
 * @example
 * ```ts
 * import { isAuthAction } from "latchkey";
 *
 * isAuthAction("signin"); // true
 * isAuthAction("dashboard"); // false
 * ```
 */
export function isAuthAction(action: string): action is Action {
  return Object.hasOwn(ROUTES, action);
}
