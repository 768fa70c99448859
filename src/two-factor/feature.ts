/**
 * Two-factor sign-in as a feature (`twoFactor` in the config): its routes, the adapter methods it
 * needs (startup fails naming any that is missing), and its hold on every sign-in.
 */

import {
  missingTwoFactorMethods,
  missingTwoFactorMethodsMessage,
  TWO_FACTOR_METHODS,
} from "../adapters/two-factor-methods.js";
import type { TwoFactorOptions } from "../config.js";
import { MissingAdapterMethods } from "../core/errors.js";
import type { Feature } from "../core/feature.js";
import { twoFactorErrors } from "../locales/en/errors.js";
import type { ProviderConfig } from "../provider-types.js";
import { twoFactorGate } from "./gate.js";
import { assertMethodProviders } from "./method-providers.js";
import { twoFactorRoutes } from "./routes.js";
import { twoFactorSettingsOf } from "./settings.js";

export function twoFactorFeature(options: TwoFactorOptions, providers: readonly ProviderConfig[]): Feature {
  const settings = twoFactorSettingsOf(options);
  assertMethodProviders(settings, providers);
  return {
    name: "twoFactor",
    routes: twoFactorRoutes(settings),
    adapterMethods: TWO_FACTOR_METHODS,
    checkAdapter(adapter) {
      const missing = missingTwoFactorMethods(adapter);
      if (missing.length > 0) throw new MissingAdapterMethods(missingTwoFactorMethodsMessage(missing));
    },
    signInGate: twoFactorGate(settings),
    errorWords: twoFactorErrors,
  };
}
