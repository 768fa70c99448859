/**
 * The contract between the core and a provider type. The router knows provider types only through
 * this interface: each type's flow says how its providers are checked at startup, which adapter
 * methods they call, how the sign-in page offers them, and what happens at sign-in and callback.
 * Adding a provider type means writing one flow and adding it to the registry in `index.ts`.
 */
import type { Adapter } from "../adapters/types.js";
import { type CodeKey, carrying } from "../carried-code.js";
import type { CookieToSet } from "../cookie/header.js";
import type { CookieRole } from "../cookie/names.js";
import type { AuthContext } from "../core/context.js";
import type { EnvRecord } from "../core/env.js";
import type { AuthError } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import type { RouteTable } from "../core/routes.js";
import type { ErrorWordsByType } from "../locales/messages.js";
import type { ProvenSignIn } from "../login/index.js";
import type { SignInPageEntry } from "../pages/index.js";
import type { ProviderConfig } from "../provider-types.js";

/** What a flow may consult when it checks a provider at startup. */
export interface FlowSetup {
  /** Whether the session strategy needs a stored user for every session (database sessions do). */
  sessionsNeedStoredUsers: boolean;
  /** Whether the app configured an adapter at all. */
  hasAdapter: boolean;
  /** OAuth/OIDC: the app-wide `redirectProxyUrl` (or AUTH_REDIRECT_PROXY_URL), for providers without their own. */
  redirectProxyUrl?: string;
  /** OAuth/OIDC: `redirectProxyAllowedOrigins`, as the app wrote it. */
  redirectProxyAllowedOrigins?: readonly string[] | undefined;
}

/**
 * How a callback ended: someone signed in (the shared tail then runs the `signIn` callback, finds or
 * creates the user, and issues the session), or the flow answers itself (a confirm page, a redirect).
 * Either way `cookies` are set on the response: check cookies to clear, mostly.
 */
export type CallbackResult =
  | { kind: "signedIn"; identity: ProvenSignIn; cookies: CookieToSet[] }
  | { kind: "response"; response: ResponseInternal };

/** Check cookies a flow may use between its sign-in and its callback. */
export type CheckCookieRole = Extract<
  CookieRole,
  "pkceCodeVerifier" | "state" | "nonce" | "webauthnChallenge"
>;

/** A provider type's flow; `P` is the narrowed provider config it receives. */
export interface Flow<P extends ProviderConfig = ProviderConfig> {
  /**
   * Checks a provider of this type at config resolution and returns it with the flow's defaults
   * filled in. Throws `InvalidConfig` (or a more specific error) whose message names the fix.
   */
  resolveProvider?(provider: P, setup: FlowSetup): P;
  /**
   * The error every use of this provider would end with although startup accepts it (a mail
   * service without a sender: a factory passed uncalled has none yet). The flow meets it when
   * used; `checkConfig` reports it before then.
   */
  usageProblem?(provider: P): AuthError | undefined;
  /** Fills what the environment provides (`AUTH_<ID>_*`) for `setEnvDefaults`; explicit options win. */
  envDefaults?(provider: P, env: EnvRecord, prefix: string): P;
  /**
   * The options a provider factory passed uncalled (`providers: [Vipps]`) is called with, read
   * from the environment (`AUTH_<ID>_*`): a default the factory derives from them (a tenant, a
   * regional or self-hosted issuer, endpoints under a base URL) then follows them, as it would
   * had the app passed them itself.
   */
  factoryOptionsFromEnv?(env: EnvRecord, prefix: string): Record<string, string>;
  /** Adapter methods a provider of this type calls with this setup; checked at startup. */
  adapterMethods(provider: P, setup: FlowSetup): ReadonlyArray<keyof Adapter>;
  /**
   * How the default sign-in page offers this provider; `ctx.actionUrl` builds the URLs of the
   * routes the flow declares (`routes`), should the page need one, and `ctx.language` is the page's.
   */
  pageEntry(provider: P, ctx: AuthContext): SignInPageEntry;
  /** `POST /signin/:id`: starts a sign-in. Absent: the sign-in page is shown instead. */
  signIn?(ctx: AuthContext, provider: P): Promise<ResponseInternal>;
  /** `GET|POST /callback/:id`: finishes a sign-in. */
  callback?(ctx: AuthContext, provider: P): Promise<CallbackResult>;
  /**
   * Whether this `POST /callback/:id` must carry the CSRF token: true for form posts from our own
   * pages; false for posts a third party makes by design (an OAuth `form_post` response).
   */
  callbackNeedsCsrf(ctx: AuthContext, provider: P): boolean;
  /**
   * Routes of this provider type's own, beside `/signin/:id` and `/callback/:id` (the passkey flow's
   * `GET /webauthn-options/:id`), by their path segment. The pipeline serves them, with their CSRF
   * and rate-limit rules, only for a configuration that has a provider of this type. A route whose
   * path names a provider must check that the provider is of this type: the path is the client's.
   */
  routes?: RouteTable;
  /**
   * The account identifiers a sign-in attempt names (an e-mail address, a username), for rate
   * limiting per account alongside per client IP. A flow that has it is rate-limited on the routes
   * the route table guards (return `[]` for per-IP limits alone); one without it is not counted.
   */
  rateLimitKeys?(ctx: AuthContext, provider: P): string[];
  /**
   * How a sign-in with this flow proves who the user is, as RFC 8176 Authentication Method
   * Reference values (`["pwd"]` for a password); the session records them as `amr`. Absent: none
   * of the registered values describes it (a sign-in another site vouches for).
   */
  amr?: readonly string[];
  /**
   * English words for the errors only this flow raises (locales/en/errors.ts): the configuration
   * lays them under each of its languages, for the error page, the sign-in page's banner and JSON
   * refusals, so an app bundles them only with the flow.
   */
  errorWords?: ErrorWordsByType;
  /** Check cookies this flow sets at sign-in; the callback clears them on every outcome. */
  checkCookies?: readonly CheckCookieRole[];
  /**
   * Loads what the flow needs beyond latchkey itself (an optional peer package), awaited before the
   * first request is answered, so that a missing one fails at startup. Rejects with `InvalidConfig`
   * naming the package to install.
   */
  prepare?(provider: P): Promise<void>;
}

/**
 * Where a provider object carries its own flow: the provider types whose flow the registry leaves
 * out (see `index.ts`). A symbol, so the flow never shows in `GET /providers` or a logged config;
 * registered (`Symbol.for`) so a provider built by one copy of the package works with another.
 */
export const CARRIED_FLOW = Symbol.for("latchkey.flow") as CodeKey<TypeFlow>;

/**
 * `provider` with its flow attached, for a provider factory whose flow should arrive with the
 * provider rather than with `Auth`: an app that never imports the factory never bundles the flow.
 * `P` may narrow its type's config (a mail service's own options); the flow handles the type.
 */
export const carryingFlow = <P extends { type: ProviderConfig["type"] }>(provider: P, flow: TypeFlow): P =>
  carrying(provider, CARRIED_FLOW, flow);

/** One flow per provider type. */
export type FlowRegistry = {
  [Type in ProviderConfig["type"]]?: Flow<Extract<ProviderConfig, { type: Type }>>;
};

/** The flow of one provider type, typed by that type's config. */
export type TypeFlow = NonNullable<FlowRegistry[keyof FlowRegistry]>;
