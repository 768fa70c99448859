/**
 * The route table: the built-in routes under `basePath`, and the table a configuration routes by,
 * which adds the routes its providers' flows and its features declare (`Flow.routes`,
 * `Feature.routes`), resolved once per configuration. The request parser rejects anything outside
 * that table and the handler enforces it (see `core/routes.ts` for what a route says).
 */
import { callbackAction } from "../actions/callback.js";
import { csrfAction } from "../actions/csrf.js";
import { errorPageAction } from "../actions/pages.js";
import { providersAction } from "../actions/providers.js";
import { sessionReadAction, sessionUpdateAction } from "../actions/session.js";
import { signInPageAction, startSignInAction } from "../actions/signin.js";
import { signOutAction, signOutPageAction } from "../actions/signout.js";
import type { Action } from "../core/context.js";
import { InvalidConfig } from "../core/errors.js";
import { type BuiltInRouteName, DECLARED_ROUTE_NAMES, type Route, type RouteTable } from "../core/routes.js";

export type { MethodRoute, Route, RouteTable } from "../core/routes.js";
export { allowedMethods, DECLARED_ROUTE_NAMES } from "../core/routes.js";

/** The routes every configuration has. */
export const ROUTES: RouteTable = {
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
  error: { methods: { GET: { csrf: "none", run: errorPageAction } }, provider: "none", answers: "page" },
} satisfies Record<BuiltInRouteName, Route>;

/**
 * The table a configuration routes by: the built-in routes and those its flows and features
 * declare. A declared name that is already taken by another route is a configuration error: two
 * owners of one URL would each expect to answer it. One route object declared twice (two providers
 * of one type) is one route.
 */
export function routeTable(declared: ReadonlyArray<{ owner: string; routes: RouteTable }>): RouteTable {
  const table: Record<string, Route> = { ...ROUTES };
  const owners = new Map<string, string>(Object.keys(ROUTES).map((name) => [name, "latchkey"]));
  for (const { owner, routes } of declared) {
    for (const [name, route] of Object.entries(routes)) {
      if (table[name] === route) continue;
      const taken = owners.get(name);
      if (taken !== undefined) {
        throw new InvalidConfig(
          `${owner} declares the route "${name}", which ${taken === "latchkey" ? "is built in" : `${taken} declares too`}; give one of them another path.`,
        );
      }
      table[name] = route;
      owners.set(name, owner);
    }
  }
  return table;
}

/** The route `action` names in `table`, if any (never an inherited property). */
export function routeNamed(table: RouteTable, action: string): Route | undefined {
  return Object.hasOwn(table, action) ? table[action] : undefined;
}

/**
 * Whether `action` names one of the routes under `basePath` (`"signin"`, `"session"`, …), as
 * Auth.js's helper of the same name, for framework glue that routes by the path's first segment.
 * latchkey also has `"webauthn-script"`, the sign-in page's passkey script, and the two-factor
 * routes `"two-factor"`, `"two-factor-setup"`, `"two-factor-passkey"` and `"two-factor-email"`.
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
  return Object.hasOwn(ROUTES, action) || (DECLARED_ROUTE_NAMES as readonly string[]).includes(action);
}
