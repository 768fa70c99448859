/**
 * Everything one request's handling needs, built once at the top of the pipeline: the resolved
 * config, the parsed request, the app's origin, the cookie names for its scheme, and the cookies to
 * send back. Expensive parts (the CSRF token) are computed only when an action asks for them.
 */
import { runtime } from "#crypto";
import type { CookieToSet } from "../cookie/header.js";
import type { CookiesConfig } from "../cookie/names.js";
import { createJwtCodec, type JwtCodec } from "../jwt/codec.js";
import type { ProviderConfig } from "../providers/types.js";
import type { CryptoRuntime } from "../runtime/types.js";
import type { Action } from "./actions.js";
import { type CsrfState, readOrCreateCsrf } from "./csrf.js";
import { UntrustedHost } from "./errors.js";
import type { AuthRequest } from "./request.js";
import type { ResolvedConfig } from "./resolve-config.js";

/** One codec for the process, so its key cache is shared across requests. */
export const codec: JwtCodec = createJwtCodec(runtime);

export interface AuthContext {
  config: ResolvedConfig;
  req: AuthRequest;
  runtime: CryptoRuntime;
  codec: JwtCodec;
  /** The app's public origin, e.g. `https://app.example.com`: the only place redirects may go. */
  origin: string;
  secure: boolean;
  cookies: CookiesConfig;
  /** The provider the path names, when it names one that exists. */
  provider: ProviderConfig | undefined;
  /** `${origin}${basePath}/${action}[/${providerId}]` */
  actionUrl(action: Action, providerId?: string): string;
  /** Reads (and on first use creates) the request's CSRF token; a new one adds its cookie to the response. */
  csrf(): Promise<CsrfState>;
  /** Cookies every response of this request should carry (e.g. a freshly minted CSRF cookie). */
  outgoingCookies: CookieToSet[];
}

/**
 * The app's origin: AUTH_URL when set, else the request's own (honouring X-Forwarded-Host/Proto)
 * when the host is trusted. Otherwise anyone could make us mint links to their host.
 */
function appOrigin(config: ResolvedConfig, request: Request, url: URL): string {
  if (config.authUrl) return config.authUrl.origin;
  if (!config.trustHost) {
    throw new UntrustedHost(
      `Host ${url.host} is not trusted. Set AUTH_URL to the app's URL, or AUTH_TRUST_HOST=true (trustHost: true) behind a proxy you control.`,
    );
  }
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (!forwardedHost && !forwardedProto) return url.origin;
  const protocol =
    forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
  try {
    return new URL(`${protocol}//${forwardedHost || url.host}`).origin;
  } catch {
    return url.origin;
  }
}

export function createContext(config: ResolvedConfig, req: AuthRequest): AuthContext {
  const origin = appOrigin(config, req.request, req.url);
  const secure = config.useSecureCookies ?? origin.startsWith("https://");
  const cookies = secure ? config.cookies.secure : config.cookies.plain;
  let csrfState: Promise<CsrfState> | undefined;
  const context: AuthContext = {
    config,
    req,
    runtime,
    codec,
    origin,
    secure,
    cookies,
    provider: req.providerId === undefined ? undefined : config.providersById.get(req.providerId),
    actionUrl: (action, providerId) =>
      `${origin}${config.basePath}/${action}${providerId === undefined ? "" : `/${encodeURIComponent(providerId)}`}`,
    csrf() {
      csrfState ??= readOrCreateCsrf(runtime, req.cookies, cookies.csrfToken, config.secrets).then(
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
