/**
 * The contract between the core and a feature that is not a provider type (two-factor sign-in):
 * like a flow, it declares its routes, the adapter methods it calls (checked at startup), and may
 * hold back any sign-in before its session is issued. A configured feature is resolved once per
 * configuration; nothing in pipeline/ or actions/ names one.
 */
import type { Adapter } from "../adapters/types.js";
import type { CodeKey } from "../carried-code.js";
import type { OrganizationsOptions, TwoFactorOptions } from "../config.js";
import type { ErrorWordsByType } from "../locales/messages.js";
import type { ProviderConfig } from "../provider-types.js";
import type { SignInGate } from "./context.js";
import type { RouteTable } from "./routes.js";
import type { SessionMarkHook } from "./session-marks.js";

export interface Feature {
  /** The option that configured it (`"twoFactor"`), for startup errors. */
  name: string;
  /** Routes under `basePath` the feature serves, by path segment. */
  routes?: RouteTable;
  /** Adapter methods the feature calls; a missing one fails at startup, named. */
  adapterMethods: ReadonlyArray<keyof Adapter>;
  /**
   * Checks the configured adapter at startup before the generic check of `adapterMethods`, to say
   * in the feature's own words what is missing and why; throws `MissingAdapterMethods`.
   */
  checkAdapter?(adapter: Adapter): void;
  /** Checked after every first factor, before its session is issued. */
  signInGate?: SignInGate;
  /** English words for the errors only this feature raises (see `Flow.errorWords`). */
  errorWords?: ErrorWordsByType;
  /** A mark it keeps on every session (organizations: the active organization). */
  sessionMark?: SessionMarkHook;
}

/**
 * Where a feature's options object carries the feature's code (see `carryingFlow` for flows): on
 * edge runtimes `Auth` brings no feature itself, so the option's factory attaches it. Registered
 * (`Symbol.for`) so that an object built by one copy of the package works with another.
 */
export const CARRIED_FEATURE = Symbol.for("latchkey.feature") as CodeKey<
  FeatureFactory<TwoFactorOptions> | FeatureFactory<OrganizationsOptions>
>;

/**
 * Builds a feature from its option's value and the resolved providers (a feature may lean on one:
 * passkeys as a second factor need a passkey provider); throws `InvalidConfig` naming what to fix.
 */
export type FeatureFactory<Options> = (options: Options, providers: readonly ProviderConfig[]) => Feature;
