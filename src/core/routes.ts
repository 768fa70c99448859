/**
 * What a route under `basePath` is: the methods it takes, what each method requires before its
 * action runs (the CSRF check, a rate-limit rule), whether its path names a provider, whether it
 * answers JSON or pages, and the action that answers. The built-in routes are one table
 * (`pipeline/routes.ts`); a provider type's flow or a feature (two-factor sign-in) declares its own
 * routes in the same shape, and the pipeline enforces every rule the same way for all of them, so
 * actions never check CSRF or see a shape they did not expect.
 */
import type { RateLimitRuleName } from "../rate-limit/rules.js";
import type { AuthContext, Method } from "./context.js";
import type { ResponseInternal } from "./response.js";

/**
 * Whether a request must carry the CSRF token: always, never, or as the provider's flow says (a
 * callback is a form post from our own page for credentials, but a provider's `form_post` for OAuth).
 */
export type CsrfRule = "required" | "none" | "flow";

export interface MethodRoute {
  csrf: CsrfRule;
  /** Overrides the route's provider rule for this method (a sign-in POST must name a provider). */
  provider?: "required";
  /**
   * The rate-limit rule a request counts against: attempts to prove an identity (credentials,
   * one-time codes, passkey assertions, second factors), requests that make us send something
   * (e-mail links), or requests that make us store a passkey challenge.
   */
  rateLimit?: RateLimitRuleName;
  /**
   * The accounts a rate-limited request counts against, when the route knows them itself (a second
   * factor counts against the user its first factor proved). Without it the routed provider's flow
   * names them (`Flow.rateLimitKeys`), and a route without either is not counted.
   */
  rateLimitKeys?(ctx: AuthContext): Promise<string[]>;
  run(ctx: AuthContext): Promise<ResponseInternal>;
}

export interface Route {
  methods: Partial<Record<Method, MethodRoute>>;
  /** Whether the path names a provider: "required", "optional", or "none" (it must not). */
  provider: "required" | "optional" | "none";
  /** JSON routes answer errors as JSON; page routes redirect to the sign-in or error page. */
  answers: "json" | "page";
}

/** Routes by their path segment under `basePath` (`"webauthn-options"`, `"two-factor"`). */
export type RouteTable = Readonly<Record<string, Route>>;

/** The methods a route takes, for `Allow` and 405s. */
export const allowedMethods = (route: Route): Method[] => Object.keys(route.methods) as Method[];

export {
  type BuiltInRouteName,
  DECLARED_ROUTE_NAMES,
  type DeclaredRouteName,
} from "./route-names.js";
