/**
 * Copies of an app's config that framework glue makes (a base path taken from where the handler is
 * mounted, the in-process form for actions) and configs it is handed per request, all made or
 * taken once and kept, as latchkey resolves a config once per object. One rule holds for all of
 * them when the config names no `store`: they count rate-limit attempts and keep pending sign-ins
 * in one default store (src/store/copies-default.ts), so that a client gains nothing by asking
 * under a new mount path or on a new request (README, rate limiting); and that store never goes
 * into `config.store`, so that a copy behaves as its config does: JWT sessions unrecorded and
 * revocation off (README, "Which session strategy").
 */
import type { AuthConfig } from "../index.js";
import { MemoryStore } from "../rate-limit/index.js";
import { defaultStoreOf } from "../store/copies-default.js";

/** A config, or a function of the framework's request context returning one (as Auth.js glue accepts). */
export type ConfigSource<Context, Config extends ConfigWithStore = AuthConfig> =
  | Config
  | ((context: Context) => Config | PromiseLike<Config>);

/** What the copies need of a config: its optional store (latchkey/next's config type differs). */
export type ConfigWithStore = Pick<AuthConfig, "store">;

/**
 * `config` with `changes`, counting in `config`'s default store when it names no store. Every copy
 * glue makes goes through here: a spread alone would give the copy a MemoryStore of its own.
 */
export function copyOfConfig<Config extends ConfigWithStore, const Changes extends Partial<Config>>(
  config: Config,
  changes: Changes,
): Config & Changes {
  const copy = { ...config, ...changes };
  if (config.store === undefined) defaultStoreOf(copy, defaultStoreOf(config));
  return copy;
}

/**
 * `config`, given its default store now when it names none: before latchkey first resolves it, so
 * that the requests glue answers with the config itself and those it answers with copies of it
 * (actions, other mount paths) count in one store.
 */
export function withItsDefaultStore<Config extends ConfigWithStore>(config: Config): Config {
  if (config.store === undefined) defaultStoreOf(config);
  return config;
}

const mountedCopies = new WeakMap<AuthConfig, Map<string, AuthConfig>>();

/**
 * Mount points are few (one or two per app); a mount path with parameters (`/:tenant/auth`) could
 * make many, so copies beyond this many are made per request instead of kept. They still count in
 * the config's default store: a client gains nothing by asking under a new mount path.
 */
const MAX_MOUNTS_PER_CONFIG = 16;

/**
 * `config` serving its routes under `basePath`: the config itself when it already names that base
 * path, else one copy per mount point, kept for the life of the config.
 */
export function mountedAt(config: AuthConfig, basePath: string): AuthConfig {
  if (config.basePath === basePath) return config;
  let copies = mountedCopies.get(config);
  if (copies === undefined) {
    copies = new Map();
    mountedCopies.set(config, copies);
  }
  let copy = copies.get(basePath);
  if (copy === undefined) {
    copy = copyOfConfig(config, { basePath });
    if (copies.size < MAX_MOUNTS_PER_CONFIG) copies.set(basePath, copy);
  }
  return copy;
}

/**
 * Turns a config or config function into a function that returns the config for one request, as
 * the app gave it. Configs a function returns that name no store share one default store (a config
 * function may build a new object per request), so that the rate limiter's counters outlive the
 * request, and copies made from them count in the same place.
 */
export function configPerRequest<Context, Config extends ConfigWithStore = AuthConfig>(
  source: ConfigSource<Context, Config>,
): (context: Context) => Promise<Config> {
  if (typeof source !== "function") {
    const config = withItsDefaultStore(source);
    return async () => config;
  }
  const store = new MemoryStore();
  return async (context) => {
    const config = await source(context);
    if (config.store === undefined) defaultStoreOf(config, store);
    return config;
  };
}
