/**
 * The route table: which actions exist, which methods each accepts, and whether it takes a provider
 * id. The request parser rejects anything outside it, so actions never see a shape they did not expect.
 */

export type Action =
  | "providers"
  | "csrf"
  | "session"
  | "signin"
  | "signout"
  | "callback"
  | "verify-request"
  | "error"
  | "webauthn-options";

export type Method = "GET" | "POST";

interface RouteShape {
  methods: readonly Method[];
  /** "required": the path must name a provider; "optional": it may; "none": it must not. */
  provider: "required" | "optional" | "none";
  /** Whether POST needs a provider even when GET does not (sign-in). */
  providerOnPost?: "required";
}

export const ROUTES: Record<Action, RouteShape> = {
  providers: { methods: ["GET"], provider: "none" },
  csrf: { methods: ["GET"], provider: "none" },
  session: { methods: ["GET", "POST"], provider: "none" },
  signin: { methods: ["GET", "POST"], provider: "optional", providerOnPost: "required" },
  signout: { methods: ["GET", "POST"], provider: "none" },
  callback: { methods: ["GET", "POST"], provider: "required" },
  "verify-request": { methods: ["GET"], provider: "none" },
  error: { methods: ["GET"], provider: "none" },
  "webauthn-options": { methods: ["GET"], provider: "required" },
};

export const isAction = (value: string): value is Action => Object.hasOwn(ROUTES, value);

/** Actions answered with JSON; the rest are pages or redirects, so their errors are pages or redirects too. */
export const JSON_ACTIONS: ReadonlySet<Action> = new Set([
  "providers",
  "csrf",
  "session",
  "webauthn-options",
]);
