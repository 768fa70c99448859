/**
 * Turns the application's AuthConfig into the resolved form the pipeline reads: defaults filled,
 * environment applied, providers instantiated and checked. Done once per config object and cached,
 * because config normalisation on every request is pure waste. The object given is never mutated.
 */
import type { Adapter } from "../adapters/types.js";
import {
  type AuthConfig,
  type CallbacksOptions,
  type EnvRecord,
  type EventCallbacks,
  type LoggerInstance,
  type PagesOptions,
  raw,
  readProcessEnv,
  type Session,
  type SessionStrategy,
  setEnvDefaults,
  skipCSRFCheck,
  type Theme,
} from "../config.js";
import { type CookiesConfig, defaultCookies } from "../cookie/names.js";
import { DEFAULT_MAX_AGE_SECONDS } from "../jwt/claims.js";
import type { JWTDecodeParams, JWTEncodeParams, JWT as JWTPayload } from "../jwt/types.js";
import type { ProviderConfig } from "../providers/types.js";
import {
  InvalidConfig,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  UnsupportedStrategy,
} from "./errors.js";

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
  };
  jwt: {
    maxAge: number;
    encode: ((params: JWTEncodeParams<JWTPayload>) => Promise<string> | string) | undefined;
    decode: ((params: JWTDecodeParams) => Promise<JWTPayload | null> | JWTPayload | null) | undefined;
  };
  callbacks: CallbacksOptions;
  events: Partial<EventCallbacks>;
  pages: Partial<PagesOptions>;
  theme: Theme;
  logger: LoggerInstance;
  trustHost: boolean;
  /** AUTH_URL, when set: the app's public URL regardless of what Host the request carries. */
  authUrl: URL | undefined;
  useSecureCookies: boolean | undefined;
  cookies: { secure: CookiesConfig; plain: CookiesConfig };
  maxBodyBytes: number;
  skipCsrfCheck: boolean;
  raw: boolean;
}

const DEFAULT_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Only what the default session callback copies reaches the client: name, e-mail and image. */
export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => (url.startsWith("/") ? `${baseUrl}${url}` : url),
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: session.expires,
  }),
  jwt: ({ token }) => token,
};

function createLogger(config: AuthConfig): LoggerInstance {
  const custom = config.logger ?? {};
  return {
    error:
      custom.error ??
      ((error) => console.error(`[latchkey][error] ${error.name}: ${error.message}`, error.cause ?? "")),
    warn:
      custom.warn ??
      ((code, message) => console.warn(`[latchkey][warn] ${code}${message ? `: ${message}` : ""}`)),
    debug: config.debug
      ? (custom.debug ??
        ((message, metadata) => console.debug(`[latchkey][debug] ${message}`, metadata ?? "")))
      : () => undefined,
  };
}

function normalizeBasePath(basePath: string | undefined): string {
  const path = (basePath ?? "/auth").replace(/\/+$/, "");
  if (path !== "" && !path.startsWith("/")) {
    throw new InvalidConfig(`basePath must start with "/" (got "${basePath}"); the default is "/auth".`);
  }
  return path;
}

function parseAuthUrl(env: EnvRecord): URL | undefined {
  if (!env.AUTH_URL) return undefined;
  try {
    return new URL(env.AUTH_URL);
  } catch {
    throw new InvalidConfig(
      `AUTH_URL is not a valid URL ("${env.AUTH_URL}"); set it to e.g. https://app.example.com/auth.`,
    );
  }
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

function assertProviders(providers: ProviderConfig[]): void {
  const seen = new Set<string>();
  for (const provider of providers) {
    if (!provider || typeof provider.id !== "string" || provider.id === "") {
      throw new InvalidConfig("Every provider needs a non-empty string `id`.");
    }
    if (seen.has(provider.id)) {
      throw new InvalidConfig(
        `Two providers share the id "${provider.id}"; give one of them another \`id\`.`,
      );
    }
    seen.add(provider.id);
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      throw new MissingAuthorize(
        `The credentials provider "${provider.id}" needs an \`authorize\` function.`,
      );
    }
    if ((provider.type === "oauth" || provider.type === "oidc") && typeof provider.issuer === "string") {
      let issuer: URL;
      try {
        issuer = new URL(provider.issuer);
      } catch {
        throw new InvalidConfig(
          `The issuer of provider "${provider.id}" is not a URL: "${provider.issuer}".`,
        );
      }
      // Plain http only for loopback, so local OpenID Providers work in development and tests.
      if (
        issuer.protocol !== "https:" &&
        !(issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname))
      ) {
        throw new InvalidConfig(
          `The issuer of provider "${provider.id}" must use https (got ${provider.issuer}).`,
        );
      }
    }
  }
}

/** The adapter methods each configured feature calls; a missing one is named at startup, not mid-sign-in. */
function requiredAdapterMethods(
  strategy: SessionStrategy,
  providers: ProviderConfig[],
  hasAdapter: boolean,
): Array<keyof Adapter> {
  const required = new Set<keyof Adapter>();
  if (strategy === "database") {
    for (const method of ["createSession", "getSessionAndUser", "updateSession", "deleteSession"] as const) {
      required.add(method);
    }
  }
  for (const provider of providers) {
    // OAuth with JWT sessions and no adapter is stateless; with an adapter, users and accounts are stored.
    if ((provider.type === "oauth" || provider.type === "oidc") && hasAdapter) {
      for (const method of [
        "createUser",
        "getUser",
        "getUserByAccount",
        "getUserByEmail",
        "linkAccount",
        "updateUser",
      ] as const) {
        required.add(method);
      }
    }
    if (provider.type === "email") {
      for (const method of [
        "createUser",
        "getUserByEmail",
        "updateUser",
        "createVerificationToken",
        "useVerificationToken",
      ] as const) {
        required.add(method);
      }
    }
    if (provider.type === "credentials" && strategy === "database") {
      for (const method of ["getUser", "getUserByAccount", "createUser", "linkAccount"] as const)
        required.add(method);
    }
  }
  return [...required];
}

function assertAdapter(
  adapter: Adapter | undefined,
  strategy: SessionStrategy,
  providers: ProviderConfig[],
): void {
  const required = requiredAdapterMethods(strategy, providers, adapter !== undefined);
  if (required.length === 0) return;
  if (!adapter) {
    const why = strategy === "database" ? 'session strategy "database"' : "an e-mail provider";
    throw new MissingAdapter(`${why} needs an \`adapter\`; pass one, e.g. PrismaAdapter(prisma).`);
  }
  const missing = required.filter((method) => typeof adapter[method] !== "function");
  if (missing.length > 0) {
    throw new MissingAdapterMethods(
      `The adapter lacks methods this configuration calls: ${missing.join(", ")}.`,
    );
  }
}

export function resolveConfig(config: AuthConfig, env: EnvRecord = readProcessEnv()): ResolvedConfig {
  // setEnvDefaults writes into its argument, so give it a shallow copy: Auth() never mutates the app's config.
  const withEnv = setEnvDefaults(env, { ...config, providers: [...(config.providers ?? [])] });
  const providers = withEnv.providers as ProviderConfig[];
  assertProviders(providers);

  const secrets = typeof withEnv.secret === "string" ? [withEnv.secret] : withEnv.secret;
  if (
    !secrets ||
    secrets.length === 0 ||
    secrets.some((secret) => typeof secret !== "string" || secret === "")
  ) {
    throw new MissingSecret(
      "No secret configured. Set AUTH_SECRET (or `secret`) to 32+ random bytes; generate one with `openssl rand -base64 33`.",
    );
  }

  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt");
  if (strategy !== "jwt" && strategy !== "database") {
    throw new UnsupportedStrategy(`session.strategy must be "jwt" or "database", not "${String(strategy)}".`);
  }
  assertAdapter(config.adapter, strategy, providers);

  const maxAge = config.session?.maxAge ?? DEFAULT_MAX_AGE_SECONDS;
  return {
    basePath: normalizeBasePath(withEnv.basePath),
    secrets,
    providers,
    providersById: new Map(providers.map((provider) => [provider.id, provider])),
    adapter: config.adapter,
    session: {
      strategy,
      maxAge,
      updateAge: config.session?.updateAge ?? DEFAULT_UPDATE_AGE_SECONDS,
      generateSessionToken: config.session?.generateSessionToken,
    },
    jwt: { maxAge: config.jwt?.maxAge ?? maxAge, encode: config.jwt?.encode, decode: config.jwt?.decode },
    callbacks: { ...defaultCallbacks, ...config.callbacks } as CallbacksOptions,
    events: config.events ?? {},
    pages: config.pages ?? {},
    theme: config.theme ?? {},
    logger: createLogger(config),
    trustHost: withEnv.trustHost ?? false,
    authUrl: parseAuthUrl(env),
    useSecureCookies: config.useSecureCookies,
    cookies: { secure: defaultCookies(true, config.cookies), plain: defaultCookies(false, config.cookies) },
    maxBodyBytes: config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    skipCsrfCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
  };
}

const resolvedConfigs = new WeakMap<AuthConfig, ResolvedConfig>();

/** The resolved form of `config`, computed on first use. A config that fails its checks is not cached. */
export function resolvedConfigFor(config: AuthConfig): ResolvedConfig {
  let resolved = resolvedConfigs.get(config);
  if (resolved === undefined) {
    resolved = resolveConfig(config);
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}

export type { Session };
