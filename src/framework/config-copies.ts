/**
 * Copies of an app's config that framework glue makes (a base path taken from where the handler is
 * mounted, a config built per request), made once and shared, for two reasons: latchkey resolves a
 * config once per object, and a copy must keep counting rate-limit attempts in the same store as
 * the one before it, or every request would start with fresh counters (README, rate limiting).
 */
import type { AuthConfig } from "../index.js";
import { MemoryStore } from "../rate-limit/index.js";
import { copiesDefaultStore } from "../store/copies-default.js";

/** A config, or a function of the framework's request context returning one (as Auth.js glue accepts). */
export type ConfigSource<Context, Config extends ConfigWithStore = AuthConfig> =
  | Config
  | ((context: Context) => Config | PromiseLike<Config>);

/** What configPerRequest needs of a config: its optional store (latchkey/next's config type differs). */
export type ConfigWithStore = Pick<AuthConfig, "store">;

interface MountedCopies {
  byBasePath: Map<string, AuthConfig>;
  /** The store every copy uses when the config names none, so that no mount path counts apart. */
  store: MemoryStore;
}

const mountedCopies = new WeakMap<AuthConfig, MountedCopies>();

/**
 * Mount points are few (one or two per app); a mount path with parameters (`/:tenant/auth`) could
 * make many, so copies beyond this many are made per request instead of kept. They still count in
 * the copies' shared store: a client gains nothing by asking under a new mount path.
 */
const MAX_MOUNTS_PER_CONFIG = 16;

/**
 * `config` serving its routes under `basePath`: the config itself when it already names that base
 * path, else one copy per mount point, kept for the life of the config. A config that names no
 * store gets one default store for all its copies.
 */
export function mountedAt(config: AuthConfig, basePath: string): AuthConfig {
  if (config.basePath === basePath) return config;
  let copies = mountedCopies.get(config);
  if (copies === undefined) {
    copies = { byBasePath: new Map(), store: new MemoryStore() };
    mountedCopies.set(config, copies);
  }
  let copy = copies.byBasePath.get(basePath);
  if (copy === undefined) {
    copy = { ...config, basePath };
    if (config.store === undefined) copiesDefaultStore.set(copy, copies.store);
    if (copies.byBasePath.size < MAX_MOUNTS_PER_CONFIG) copies.byBasePath.set(basePath, copy);
  }
  return copy;
}

/**
 * Turns a config or config function into a function that returns the config for one request.
 * Configs that name no store get one shared by every config this returns (a config function may
 * build a new object per request), so that the rate limiter's counters outlive the request and
 * copies made from the result count in the same place.
 */
export function configPerRequest<Context, Config extends ConfigWithStore = AuthConfig>(
  source: ConfigSource<Context, Config>,
): (context: Context) => Promise<Config> {
  const store = new MemoryStore();
  const withStore = new WeakMap<Config, Config>();
  const storeFor = (config: Config): Config => {
    if (config.store !== undefined) return config;
    let copy = withStore.get(config);
    if (copy === undefined) {
      copy = { ...config, store };
      withStore.set(config, copy);
    }
    return copy;
  };
  if (typeof source !== "function") {
    const config = storeFor(source);
    return async () => config;
  }
  return async (context) => storeFor(await source(context));
}
