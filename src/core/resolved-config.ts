/**
 * The configuration as the rest of latchkey reads it: defaults filled, environment applied,
 * providers checked. `pipeline/resolve-config.ts` builds it once per config object.
 */
import type { Adapter } from "../adapters/types.js";
import type {
  CallbacksOptions,
  EventCallbacks,
  LoggerInstance,
  NextAuthV4Sessions,
  PagesOptions,
  SessionStrategy,
  Theme,
} from "../config.js";
import type { CookiesConfig } from "../cookie/names.js";
import type { JWTDecodeParams, JWTEncodeParams, JWT as JWTPayload } from "../jwt/types.js";
import type { Language } from "../locales/messages.js";
import type { ProviderConfig } from "../provider-types.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import type { SingleFlight } from "../store/single-flight.js";
import type { ShortLivedStore } from "../store/types.js";

export interface ResolvedConfig {
  basePath: string;
  secrets: string[];
  providers: ProviderConfig[];
  providersById: Map<string, ProviderConfig>;
  adapter: Adapter | undefined;
  session: {
    strategy: SessionStrategy;
    maxAge: number;
    updateAge: number;
    generateSessionToken: (() => string) | undefined;
    /** `session.cookieCache`: seconds a cached copy of a database session is trusted; undefined when off. */
    cookieCacheMaxAge: number | undefined;
  };
  jwt: {
    maxAge: number;
    encode: ((params: JWTEncodeParams<JWTPayload>) => Promise<string> | string) | undefined;
    decode: ((params: JWTDecodeParams) => Promise<JWTPayload | null> | JWTPayload | null) | undefined;
  };
  callbacks: CallbacksOptions;
  /** Whether `callbacks.jwt` is the app's own (the default returns the token untouched). */
  customJwtCallback: boolean;
  events: Partial<EventCallbacks>;
  pages: Partial<PagesOptions>;
  theme: Theme;
  /** The language a request's pages and e-mails are written in, from its `Accept-Language`. */
  language: (request: Request) => Language;
  logger: LoggerInstance;
  trustHost: boolean;
  /** AUTH_URL, when set: the app's public URL regardless of what Host the request carries. */
  authUrl: URL | undefined;
  useSecureCookies: boolean | undefined;
  /** `redirectProxyAllowedOrigins`, checked at startup by the OAuth flow; undefined when the app lists none. */
  redirectProxyAllowedOrigins: readonly string[] | undefined;
  cookies: { secure: CookiesConfig; plain: CookiesConfig };
  maxBodyBytes: number;
  skipCsrfCheck: boolean;
  raw: boolean;
  store: ShortLivedStore;
  /**
   * Where session revocation markers live: the app's own `store` (bounded), undefined when the app
   * configured none, since an in-process default would reach only the instance that revoked.
   */
  revocationStore: ShortLivedStore | undefined;
  /** Runs one piece of work per key at a time (in this process, and across processes sharing `store`). */
  singleFlight: SingleFlight;
  /** Counts guarded requests (see `rateLimit`); undefined when `rateLimit: false`. */
  rateLimiter: RateLimiter | undefined;
  /** `rateLimit.trustForwardedFor`: whether the limiter counts clients by `X-Forwarded-For`. */
  rateLimitTrustsForwardedFor: boolean;
  /**
   * Settles when every provider's flow has loaded what it needs (an optional peer package); the
   * handler awaits it before the first answer. Undefined when no flow needs anything.
   */
  providersReady: Promise<void> | undefined;
  /** `migrate`: the value carrying the code that reads each other library's sessions; undefined when off. */
  migrate: { nextAuthV4: NextAuthV4Sessions | undefined };
}
