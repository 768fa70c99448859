/**
 * Two-factor sign-in as a feature (`twoFactor` in the config): its routes, the adapter methods it
 * needs (startup fails naming any that is missing), and its hold on every sign-in.
 */
import type { TwoFactorOptions } from "../config.js";
import type { Feature } from "../core/feature.js";
import type { ProviderConfig } from "../provider-types.js";
import { twoFactorGate } from "./gate.js";
import { assertMethodProviders } from "./method-providers.js";
import { twoFactorRoutes } from "./routes.js";
import { TWO_FACTOR_ADAPTER_METHODS } from "./second-factor.js";
import { resolveTwoFactorSettings } from "./settings.js";

export function twoFactorFeature(options: TwoFactorOptions, providers: readonly ProviderConfig[]): Feature {
  const settings = resolveTwoFactorSettings(options);
  assertMethodProviders(settings, providers);
  return {
    name: "twoFactor",
    routes: twoFactorRoutes(settings),
    adapterMethods: TWO_FACTOR_ADAPTER_METHODS,
    signInGate: twoFactorGate(settings),
  };
}
