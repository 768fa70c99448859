/**
 * Turns the application's AuthConfig into the resolved form the pipeline reads: defaults filled,
 * environment applied, providers instantiated and checked by their flows. Done once per config
 * object and cached, because config normalisation on every request is pure waste. The object given
 * is never mutated.
 */

import { builtInFeatures } from "#auth-features";
import { builtInNextAuthV4 } from "#migrations";
import { missingExtensions } from "../adapters/capabilities.js";
import type { Adapter } from "../adapters/types.js";
import { carriedCode } from "../carried-code.js";
import {
  type AuthConfig,
  type CallbacksOptions,
  type LoggerInstance,
  type NextAuthV4Sessions,
  raw,
  skipCSRFCheck,
} from "../config.js";
import { defaultCookies } from "../cookie/names.js";
import type { RequestConfig } from "../core/context.js";
import {
  DEFAULT_BASE_PATH,
  type EnvRecord,
  envValue,
  type OnNextAuthV4Name,
  readProcessEnv,
  withoutTrailingSlash,
} from "../core/env.js";
import {
  InvalidConfig,
  MissingAdapter,
  MissingAdapterMethods,
  MissingSecret,
  UnsupportedStrategy,
} from "../core/errors.js";
import { CARRIED_FEATURE, type Feature, type FeatureFactory } from "../core/feature.js";
import type { RouteTable } from "../core/routes.js";
import { flowFor, flowsCarriedByProviders } from "../flows/index.js";
import type { FlowSetup } from "../flows/types.js";
import { DEFAULT_MAX_AGE_SECONDS } from "../jwt/claims.js";
import { LANGUAGE_CHOICE } from "../locales/carried.js";
import type { ErrorWordsByType, Language } from "../locales/messages.js";
import { carriedAdoption } from "../migrate/carried.js";
import type { ProviderConfig } from "../provider-types.js";
import { defaultCallbacks } from "../session/default-callbacks.js";
import {
  type NamedStrategy,
  SESSION_STRATEGY_NAMES,
  type SessionStrategyImpl,
  sessionStrategyNamed,
  strategyImpl,
} from "../session/index.js";
import { boundedStore } from "../store/bounded.js";
import { defaultStores } from "../store/copies-default.js";
import { MemoryStore } from "../store/memory.js";
import { createSingleFlight } from "../store/single-flight.js";
import { applyEnvDefaults } from "./env-defaults.js";
import { createLogger } from "./logger.js";
import { resolveRateLimiter } from "./rate-limit.js";
import { routeTable } from "./routes.js";

const DEFAULT_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** Long enough for any answering Redis, short enough that a dead one fails a sign-in fast. */
const DEFAULT_STORE_TIMEOUT_MS = 1000;
/** RFC 7518 §5.2.2 wants a 512-bit key for A256CBC-HS512; HKDF cannot add entropy a short secret lacks. */
const MIN_SECRET_BYTES = 32;

/**
 * Which language each request gets: negotiated among the app's languages when it offers a pack
 * (the pack carries the negotiation), else always the default, with the app's overrides. Under
 * every language lie the English words of the errors the configured flows and features raise
 * (each carries its own, `errorWords`), which a language lacking them falls back to.
 */
function resolveLanguages(
  config: AuthConfig,
  providers: readonly ProviderConfig[],
  features: readonly Feature[],
): (request: Request) => Language {
  const errors: ErrorWordsByType = Object.assign(
    {},
    ...providers.map((provider) => flowFor(provider)?.errorWords),
    ...features.map((feature) => feature.errorWords),
  );
  const choose = carriedCode(config.locales?.[0], LANGUAGE_CHOICE);
  if (choose) return choose(config, { errors });
  const locale = config.locale ?? "en";
  const own = config.messages?.[locale];
  const only = { locale, messages: { ...own, errors: { ...errors, ...own?.errors } } };
  return () => only;
}

function normalizeBasePath(basePath: string | undefined): string {
  const path = withoutTrailingSlash(basePath ?? DEFAULT_BASE_PATH);
  if (path !== "" && !path.startsWith("/")) {
    throw new InvalidConfig(`basePath must start with "/" (got "${basePath}"); the default is "/auth".`);
  }
  return path;
}

export function parseAuthUrl(env: EnvRecord, onV4Name?: OnNextAuthV4Name): URL | undefined {
  let name = "AUTH_URL";
  const authUrl = envValue(env, "AUTH_URL", (v4Name, latchkeyName) => {
    name = v4Name;
    onV4Name?.(v4Name, latchkeyName);
  });
  if (!authUrl) return undefined;
  try {
    return new URL(authUrl);
  } catch {
    throw new InvalidConfig(
      `${name} is not a valid URL ("${authUrl}"); set it to e.g. https://app.example.com/auth.`,
    );
  }
}

/**
 * The v4 names already reported through the default logger by any configuration in this process.
 * Kept on `globalThis`: a bundler (Next.js) may load latchkey once per route bundle, each resolving
 * the app's configuration again, and the same advice printed for each is noise.
 */
const REPORTED_IN_PROCESS = Symbol.for("latchkey.nextAuthV4NamesReported");
function reportedInProcess(): Set<string> {
  const store = globalThis as { [REPORTED_IN_PROCESS]?: Set<string> };
  store[REPORTED_IN_PROCESS] ??= new Set<string>();
  return store[REPORTED_IN_PROCESS];
}

/**
 * Says once, for each next-auth v4 variable name latchkey read, what to rename it: the v4 name
 * works, but only while latchkey's is unset. Once per configuration with an app's own logger; once
 * per process through the default one (`processWide`).
 */
export function warnAboutNextAuthV4Names(logger: LoggerInstance, processWide = false): OnNextAuthV4Name {
  const told = processWide ? reportedInProcess() : new Set<string>();
  return (v4Name, name) => {
    if (told.has(v4Name)) return;
    told.add(v4Name);
    logger.warn(
      "DeprecatedEnv",
      `${v4Name} is next-auth v4's name for ${name}; it is read while ${name} is unset. Rename it ${name}. See docs/errors.md#deprecatedenv.`,
    );
  };
}

/** A duration or size option: a finite positive number, or its default when absent. */
function positiveNumber(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new InvalidConfig(
      `${name} must be a finite positive number (got ${typeof value === "string" ? `the string "${value}"` : String(value)}); e.g. ${name}: ${fallback}.`,
    );
  }
  return value;
}

/** Why `provider` has no flow: a type latchkey does not know, or one whose flow its factory brings. */
function withoutFlow(provider: ProviderConfig): string {
  const type = String(provider.type);
  if (Object.hasOwn(flowsCarriedByProviders, type)) {
    const howToBuild = flowsCarriedByProviders[type as keyof typeof flowsCarriedByProviders];
    return `Provider "${provider.id}" of type "${type}" has no flow: ${howToBuild}.`;
  }
  return `Provider "${provider.id}" has type "${type}", which latchkey does not know.`;
}

/** Each provider checked by its type's flow, which may fill in defaults. */
export function resolveProviders(providers: ProviderConfig[], setup: FlowSetup): ProviderConfig[] {
  const seen = new Set<string>();
  return providers.map((provider) => {
    if (!provider || typeof provider.id !== "string" || provider.id === "") {
      throw new InvalidConfig("Every provider needs a non-empty string `id`.");
    }
    if (seen.has(provider.id)) {
      throw new InvalidConfig(
        `Two providers share the id "${provider.id}"; give one of them another \`id\`.`,
      );
    }
    seen.add(provider.id);
    const flow = flowFor(provider);
    if (!flow) throw new InvalidConfig(withoutFlow(provider));
    return flow.resolveProvider ? flow.resolveProvider(provider, setup) : provider;
  });
}

/**
 * What the providers' flows load before the first request (see `Flow.prepare`), or undefined when
 * none loads anything. Its rejection is handled here, because only `Auth()` awaits it: a server
 * helper such as `getSession` that resolves the same config must not meet an unhandled rejection.
 */
function prepareProviders(providers: ProviderConfig[]): Promise<void> | undefined {
  const loading = providers.flatMap((provider) => {
    const prepare = flowFor(provider)?.prepare;
    return prepare ? [prepare(provider)] : [];
  });
  if (loading.length === 0) return undefined;
  const ready = Promise.all(loading).then(() => undefined);
  ready.catch(() => undefined);
  return ready;
}

/**
 * The features the configuration turns on, each built once from its option. `Auth` brings their
 * code on Node; on edge runtimes the option must carry it (see `CARRIED_FEATURE`).
 */
export function configuredFeatures(config: AuthConfig, providers: readonly ProviderConfig[] = []): Feature[] {
  return FEATURE_OPTIONS.flatMap(([name, factory, example, entry]) => {
    const options = config[name];
    // `null` (plain JavaScript) reads as "off", as undefined does.
    if (options === undefined || options === null) return [];
    const build = (builtInFeatures[name] ?? carriedCode(options, CARRIED_FEATURE)) as
      | FeatureFactory<typeof options>
      | undefined;
    if (!build) {
      throw new InvalidConfig(
        `${name} has no code on this runtime: on edge runtimes write ${name}: ${factory}(${example}) with ${factory} from "${entry}", which brings it.`,
      );
    }
    return [build(options, providers)];
  });
}

/**
 * The features' options, each with the factory that carries its code, an example, and the entry
 * that exports it. In the order their sign-in gates run: organizations records its mark on a
 * sign-in before two-factor sign-in may hold it, so the mark waits with the sign-in.
 */
const FEATURE_OPTIONS = [
  ["organizations", "Organizations", "{}", "latchkey/organizations"],
  ["twoFactor", "TwoFactor", '{ methods: ["totp"] }', "latchkey"],
] as const;

/** The routes the providers' flows declare, each with the provider that brought it (for a clash's message). */
function routesOfFlows(providers: ProviderConfig[]): Array<{ owner: string; routes: RouteTable }> {
  return providers.flatMap((provider) => {
    const routes = flowFor(provider)?.routes;
    return routes ? [{ owner: `Provider "${provider.id}"`, routes }] : [];
  });
}

/** The route table of the providers' flows and the features; a name two of them declare is refused. */
export function configuredRoutes(providers: ProviderConfig[], features: readonly Feature[]): RouteTable {
  return routeTable([
    ...routesOfFlows(providers),
    ...features.flatMap((feature) =>
      feature.routes ? [{ owner: `\`${feature.name}\``, routes: feature.routes }] : [],
    ),
  ]);
}

/** The adapter methods this configuration calls, each with the feature that needs it. */
export function requiredAdapterMethods(
  providers: ProviderConfig[],
  setup: FlowSetup,
  strategy: ChosenStrategy,
  features: readonly Feature[] = [],
): Map<keyof Adapter, string> {
  const required = new Map<keyof Adapter, string>();
  for (const method of strategy.sessions.adapterMethods) {
    required.set(method, `session strategy "${strategy.name}"`);
  }
  for (const feature of features) {
    for (const method of feature.adapterMethods) {
      if (!required.has(method)) required.set(method, `\`${feature.name}\``);
    }
  }
  for (const provider of providers) {
    for (const method of flowFor(provider)?.adapterMethods(provider, setup) ?? []) {
      if (!required.has(method)) required.set(method, `provider "${provider.id}"`);
    }
  }
  return required;
}

/** A missing adapter, or a missing method, is named at startup rather than mid-sign-in. */
export function assertAdapter(adapter: Adapter | undefined, required: Map<keyof Adapter, string>): void {
  if (required.size === 0) return;
  if (!adapter) {
    const needs = [...new Set(required.values())].join(" and ");
    throw new MissingAdapter(`${needs} needs an \`adapter\`; pass one, e.g. PrismaAdapter(prisma).`);
  }
  const missing = [...required.keys()].filter((method) => typeof adapter[method] !== "function");
  if (missing.length > 0) {
    throw new MissingAdapterMethods(
      `The adapter lacks methods this configuration calls: ${missing.join(", ")}.`,
    );
  }
}

/** Said once per config, at startup: which optional features an adapter (e.g. one of Auth.js's) turns off. */
export function warnAboutMissingExtensions(adapter: Adapter, logger: LoggerInstance): void {
  for (const { message } of missingExtensions(adapter)) {
    logger.warn("AdapterExtensionMissing", `${message} See docs/errors.md#adapterextensionmissing.`);
  }
}

/** Deprecated catalogue modules keep working; the log says, once per configuration, what replaces them. */
export function warnAboutReplacedProviders(providers: ProviderConfig[], logger: LoggerInstance): void {
  for (const { id, replacedBy } of providers) {
    if (replacedBy === undefined) continue;
    logger.warn(
      "DeprecatedProvider",
      `latchkey/providers/${id} is deprecated; import latchkey/providers/${replacedBy} instead. See docs/errors.md#deprecatedprovider.`,
    );
  }
}

/** `session.cookieCache.maxAge`, for database sessions only: a JWT already is the session in a cookie. */
function cookieCacheMaxAge(config: AuthConfig, strategy: string): number | undefined {
  const option = config.session?.cookieCache;
  if (option === undefined) return undefined;
  if (strategy !== "database") {
    throw new InvalidConfig(
      `session.cookieCache is for database sessions; with session.strategy "${strategy}" the session already lives in its cookie. Remove cookieCache, or use strategy "database".`,
    );
  }
  if (typeof option !== "object" || option === null || option.maxAge === undefined) {
    throw new InvalidConfig(
      "session.cookieCache needs a maxAge in seconds, e.g. cookieCache: { maxAge: 300 }.",
    );
  }
  return positiveNumber("session.cookieCache.maxAge", option.maxAge, 0);
}

export function resolveSecrets(secret: string | string[] | undefined, logger: LoggerInstance): string[] {
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (
    !secrets ||
    secrets.length === 0 ||
    secrets.some((value) => typeof value !== "string" || value === "")
  ) {
    throw new MissingSecret(
      "No secret configured. Set AUTH_SECRET (or `secret`) to 32+ random bytes; generate one with `openssl rand -base64 33`.",
    );
  }
  const encoder = new TextEncoder();
  if (secrets.some((value) => encoder.encode(value).length < MIN_SECRET_BYTES)) {
    logger.warn(
      "WeakSecret",
      `A configured secret is shorter than ${MIN_SECRET_BYTES} bytes, so session tokens and CSRF cookies are only as strong as it is. Generate one with \`openssl rand -base64 33\`. See docs/errors.md#weaksecret.`,
    );
  }
  return secrets;
}

/**
 * `migrate.nextAuthV4`, as the value carrying its code: `true` takes the one `Auth` brings on Node
 * (package.json's `#migrations`); on an edge runtime only the imported value brings it.
 */
function nextAuthV4Migration(
  option: boolean | NextAuthV4Sessions | undefined,
): NextAuthV4Sessions | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) {
    if (builtInNextAuthV4 !== undefined) return builtInNextAuthV4;
    throw new InvalidConfig(
      'migrate.nextAuthV4: true is not built into Auth on edge runtimes: import { nextAuthV4Sessions } from "latchkey/migrate" and set migrate: { nextAuthV4: nextAuthV4Sessions } (docs/migrating.md, "Edge runtimes").',
    );
  }
  if (carriedAdoption(option) === undefined) {
    throw new InvalidConfig('migrate.nextAuthV4 takes true or nextAuthV4Sessions from "latchkey/migrate".');
  }
  return option;
}

/** The session strategy the configuration chooses (an adapter without a strategy means database sessions). */
export interface ChosenStrategy extends NamedStrategy {
  /** What it needs at startup (adapter methods, stored users); the cookie cache needs the same. */
  sessions: SessionStrategyImpl;
}

/**
 * What database sessions need on an edge runtime, where `Auth` does not bring their code: the
 * import that carries it, or JWT sessions (what edge middleware almost always reads).
 */
const DATABASE_STRATEGY_IMPORT =
  'Database sessions are not built into Auth on edge runtimes: import { databaseStrategy } from "latchkey" and set session: { strategy: databaseStrategy }, or use session: { strategy: "jwt" } (docs/migrating.md, "Edge runtimes").';

/** The configured session strategy, checked: an unknown name is refused here, as is code this bundle lacks. */
export function chosenStrategy(config: AuthConfig): ChosenStrategy {
  const option = config.session?.strategy ?? (config.adapter ? "database" : "jwt");
  const named = sessionStrategyNamed(option);
  if (!named) {
    const names = SESSION_STRATEGY_NAMES.map((known) => `"${known}"`).join(" or ");
    throw new UnsupportedStrategy(
      `session.strategy must be ${names} (or databaseStrategy), not ${JSON.stringify(option) ?? String(option)}.`,
    );
  }
  if (named.name === "database" && named.databaseCode === undefined) {
    throw new UnsupportedStrategy(DATABASE_STRATEGY_IMPORT);
  }
  return { ...named, sessions: strategyImpl(named, false) };
}

/** What the flows consult when they check providers: what the session strategy needs, and the adapter's presence. */
export function flowSetup(config: AuthConfig, env: EnvRecord, strategy: ChosenStrategy): FlowSetup {
  const redirectProxyUrl = config.redirectProxyUrl ?? env.AUTH_REDIRECT_PROXY_URL;
  return {
    sessionsNeedStoredUsers: strategy.sessions.needsStoredUser,
    hasAdapter: config.adapter !== undefined,
    ...(redirectProxyUrl ? { redirectProxyUrl } : {}),
    redirectProxyAllowedOrigins: config.redirectProxyAllowedOrigins,
  };
}

/**
 * The resolved configuration as the pipeline holds it: with the table of routes it serves (the
 * built-in ones and those its flows and features declare), which only the pipeline reads.
 */
export interface RoutedConfig extends RequestConfig {
  routes: RouteTable;
}

export function resolveConfig(config: AuthConfig, env: EnvRecord = readProcessEnv()): RoutedConfig {
  const logger = createLogger(config);
  const chosen = chosenStrategy(config);
  const strategy = chosen.name;
  const setup = flowSetup(config, env, chosen);
  const onV4Name = warnAboutNextAuthV4Names(logger, config.logger === undefined);
  // setEnvDefaults writes into its argument, so give it a shallow copy: Auth() never mutates the app's config.
  const withEnv = applyEnvDefaults(env, { ...config, providers: [...(config.providers ?? [])] }, onV4Name);
  const providers = resolveProviders(withEnv.providers as ProviderConfig[], setup);
  const features = configuredFeatures(config, providers);
  if (config.adapter) for (const feature of features) feature.checkAdapter?.(config.adapter);
  assertAdapter(config.adapter, requiredAdapterMethods(providers, setup, chosen, features));
  if (config.adapter) warnAboutMissingExtensions(config.adapter, logger);
  warnAboutReplacedProviders(providers, logger);

  const maxAge = positiveNumber("session.maxAge", config.session?.maxAge, DEFAULT_MAX_AGE_SECONDS);
  const cacheMaxAge = cookieCacheMaxAge(config, strategy);
  const callbacks = { ...defaultCallbacks, ...config.callbacks } as CallbacksOptions;
  const storeTimeoutMs = positiveNumber("storeTimeoutMs", config.storeTimeoutMs, DEFAULT_STORE_TIMEOUT_MS);
  const store = boundedStore(config.store ?? defaultStores.get(config) ?? new MemoryStore(), storeTimeoutMs);
  return {
    basePath: normalizeBasePath(withEnv.basePath),
    secrets: resolveSecrets(withEnv.secret, logger),
    providers,
    providersById: new Map(providers.map((provider) => [provider.id, provider])),
    routes: configuredRoutes(providers, features),
    adapter: config.adapter,
    session: {
      strategy,
      maxAge,
      updateAge: positiveNumber("session.updateAge", config.session?.updateAge, DEFAULT_UPDATE_AGE_SECONDS),
      generateSessionToken: config.session?.generateSessionToken,
      cookieCacheMaxAge: cacheMaxAge,
    },
    sessions: strategyImpl(chosen, cacheMaxAge !== undefined),
    signInGates: features.flatMap((feature) => feature.signInGate ?? []),
    sessionMarks: features.flatMap((feature) => feature.sessionMark ?? []),
    jwt: {
      maxAge: positiveNumber("jwt.maxAge", config.jwt?.maxAge, maxAge),
      encode: config.jwt?.encode,
      decode: config.jwt?.decode,
    },
    callbacks,
    customJwtCallback: callbacks.jwt !== defaultCallbacks.jwt,
    events: config.events ?? {},
    pages: config.pages ?? {},
    theme: config.theme ?? {},
    language: resolveLanguages(config, providers, features),
    logger,
    trustHost: withEnv.trustHost ?? false,
    authUrl: parseAuthUrl(env, onV4Name),
    useSecureCookies: config.useSecureCookies,
    redirectProxyAllowedOrigins: config.redirectProxyAllowedOrigins,
    cookies: { secure: defaultCookies(true, config.cookies), plain: defaultCookies(false, config.cookies) },
    maxBodyBytes: positiveNumber("maxBodyBytes", config.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    skipCsrfCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    store,
    revocationStore: config.store === undefined ? undefined : store,
    singleFlight: createSingleFlight(store),
    rateLimiter: resolveRateLimiter(config.rateLimit, store, storeTimeoutMs),
    rateLimitTrustsForwardedFor: config.rateLimit ? config.rateLimit.trustForwardedFor === true : false,
    providersReady: prepareProviders(providers),
    migrate: { nextAuthV4: nextAuthV4Migration(config.migrate?.nextAuthV4) },
  };
}

const resolvedConfigs = new WeakMap<AuthConfig, RoutedConfig>();

/** The resolved form of `config`, computed on first use. A config that fails its checks is not cached. */
export function resolvedConfigFor(config: AuthConfig): RoutedConfig {
  let resolved = resolvedConfigs.get(config);
  if (resolved === undefined) {
    resolved = resolveConfig(config);
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}
