/**
 * What handling a request needs, built once: the resolved config, the app's origin, the cookie names
 * for its scheme. {@link ServerContext} is the part every server-side entry shares (`Auth()`,
 * `getSession`, …); {@link AuthContext} adds what the routed handler knows (the parsed route, the
 * provider it names, the CSRF token, cookies to send back).
 */
import { runtime } from "#crypto";
import type { CookieToSet, RequestCookies } from "../cookie/header.js";
import { parseCookieHeader } from "../cookie/header.js";
import type { CookiesConfig } from "../cookie/names.js";
import type { JwtCodec } from "../jwt/codec.js";
import { sessionCodec } from "../jwt/session-codec.js";
import type { Language } from "../locales/messages.js";
import type { ProviderConfig } from "../provider-types.js";
import type { CryptoRuntime } from "../runtime/types.js";
import { type CsrfState, readOrCreateCsrf } from "./csrf.js";
import { InvalidProvider } from "./errors.js";
import { appOrigin } from "./origin.js";
import type { ResolvedConfig } from "./resolved-config.js";
import type { ResponseInternal } from "./response.js";
import type { BuiltInRouteName, DeclaredRouteName } from "./route-names.js";
import type { SessionMarkHook } from "./session-marks.js";
import type { SessionStrategyImpl, SignInSession } from "./session-strategy.js";

/**
 * The routes under `basePath` that latchkey itself may serve: the built-in ones, and those its own
 * flows and features declare (passkeys, two-factor sign-in) when the configuration has them.
 */
export type Action = BuiltInRouteName | DeclaredRouteName;

export type Method = "GET" | "POST";

/** A request the router accepted: its route, and every client-controlled part already validated. */
export interface AuthRequest {
  request: Request;
  url: URL;
  method: Method;
  /** The route's path segment: a built-in route or one a configured flow or feature declares. */
  action: string;
  providerId: string | undefined;
  query: Record<string, string>;
  body: Record<string, unknown>;
  cookies: RequestCookies;
}

/**
 * The resolved configuration with what handling a request asks of it, picked once by
 * `resolveConfig`: the session strategy and the configured sign-in gates. Declared here, beside the
 * context that carries it, so that resolved-config.ts needs no context type.
 */
export interface RequestConfig extends ResolvedConfig {
  /** The configuration's session strategy, picked once: every session question goes to it. */
  sessions: SessionStrategyImpl<ServerContext>;
  /** What the configured features (two-factor sign-in) check before a sign-in's session is issued. */
  signInGates: readonly SignInGate[];
  /** The marks the configured features keep on every session (organizations: the active organization). */
  sessionMarks: readonly SessionMarkHook[];
}

export interface ServerContext {
  config: RequestConfig;
  /** The configuration's session strategy (`config.sessions`): every session question goes to it. */
  sessions: SessionStrategyImpl<ServerContext>;
  /** The request being handled (its User-Agent and client address go into session metadata). */
  request: Request;
  runtime: CryptoRuntime;
  codec: JwtCodec;
  /** The app's public origin, e.g. `https://app.example.com`: the only place redirects may go. */
  origin: string;
  /** Whether cookies take the `__Secure-`/`__Host-` prefixes and the Secure attribute. */
  secure: boolean;
  cookies: CookiesConfig;
  /** The cookies the request carried. */
  requestCookies: RequestCookies;
  /** The language of the pages and e-mails this request gets (its `Accept-Language`, the app's languages). */
  language: Language;
  /** `${origin}${basePath}/${action}[/${providerId}]` */
  actionUrl(action: Action | (string & {}), providerId?: string): string;
}

/**
 * A sign-in whose first factor is proven, approved by the `signIn` callback and tied to its user,
 * just before its session would be issued.
 */
export interface ProvenFirstFactor extends SignInSession {
  /** The provider that proved the first factor. */
  providerId: string;
}

/**
 * A configured feature's say over every sign-in before its session is issued: a response that
 * takes the session's place (two-factor sign-in asks for a second factor first), or undefined to
 * let the session be issued. A feature that keeps a session mark (core/session-marks.ts) sets it
 * here first, in `signIn.marks.features` (organizations: the one last active), and the marks carry
 * it on whole from there, through a second factor too.
 */
export type SignInGate = (
  ctx: AuthContext,
  signIn: ProvenFirstFactor,
) => Promise<ResponseInternal | undefined>;

export interface AuthContext extends ServerContext {
  req: AuthRequest;
  /** The provider the path names, when it names one that exists. */
  provider: ProviderConfig | undefined;
  /** Reads (and on first use creates) the request's CSRF token; a new one adds its cookie to the response. */
  csrf(): Promise<CsrfState>;
  /** Cookies every response of this request should carry (e.g. a freshly minted CSRF cookie). */
  outgoingCookies: CookieToSet[];
}

/**
 * The context of a request outside the router: what `getSession` and the other server-side helpers
 * need. Throws `UntrustedHost` when the request's host is not vouched for (see `core/origin.ts`).
 */
export function createServerContext(
  config: RequestConfig,
  request: Request,
  url: URL = new URL(request.url),
  requestCookies: RequestCookies = parseCookieHeader(request.headers.get("cookie")),
): ServerContext {
  const origin = appOrigin(config, request, url);
  const secure = config.useSecureCookies ?? origin.startsWith("https://");
  return {
    config,
    sessions: config.sessions,
    request,
    runtime,
    codec: sessionCodec,
    origin,
    secure,
    cookies: secure ? config.cookies.secure : config.cookies.plain,
    requestCookies,
    language: config.language(request),
    actionUrl: (action, providerId) =>
      `${origin}${config.basePath}/${action}${providerId === undefined ? "" : `/${encodeURIComponent(providerId)}`}`,
  };
}

/** The routed context: the server context plus the parsed route, its provider and the CSRF state. */
export function createContext(config: RequestConfig, req: AuthRequest): AuthContext {
  const server = createServerContext(config, req.request, req.url, req.cookies);
  let csrfState: Promise<CsrfState> | undefined;
  // Written out rather than spread: a spread copies the server context property by property on
  // every request, and this object is built for every request.
  const context: AuthContext = {
    config: server.config,
    sessions: server.sessions,
    request: server.request,
    runtime: server.runtime,
    codec: server.codec,
    origin: server.origin,
    secure: server.secure,
    cookies: server.cookies,
    requestCookies: server.requestCookies,
    language: server.language,
    actionUrl: server.actionUrl,
    req,
    provider: req.providerId === undefined ? undefined : config.providersById.get(req.providerId),
    csrf() {
      csrfState ??= readOrCreateCsrf(runtime, req.cookies, server.cookies.csrfToken, config.secrets).then(
        (state) => {
          if (state.cookie) context.outgoingCookies.push(state.cookie);
          return state;
        },
      );
      return csrfState;
    },
    outgoingCookies: [],
  };
  return context;
}

/**
 * The provider the request's path names. The router calls this before any action runs, so an
 * unknown id is answered with one message (400) wherever it appears.
 */
export function routedProvider(ctx: AuthContext): ProviderConfig {
  if (!ctx.provider) throw new InvalidProvider(`No provider has the id "${ctx.req.providerId}".`);
  return ctx.provider;
}
