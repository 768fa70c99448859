/**
 * Two-factor sign-in as a feature (`twoFactor` in the config): its routes, the adapter methods it
 * needs (startup fails naming any that is missing), and its hold on every sign-in.
 */
import type { TwoFactorOptions } from "../config.js";
import type { Feature } from "../core/feature.js";
import { twoFactorGate } from "./gate.js";
import { twoFactorRoutes } from "./routes.js";
import { TWO_FACTOR_ADAPTER_METHODS } from "./second-factor.js";
import { resolveTwoFactorSettings } from "./settings.js";

export function twoFactorFeature(options: TwoFactorOptions): Feature {
  const settings = resolveTwoFactorSettings(options);
  return {
    name: "twoFactor",
    routes: twoFactorRoutes(settings),
    adapterMethods: TWO_FACTOR_ADAPTER_METHODS,
    signInGate: twoFactorGate(settings),
  };
}
