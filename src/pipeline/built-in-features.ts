/**
 * The features `Auth` brings itself where bundle size does not matter (package.json's
 * `#auth-features` import under the `node` condition), by the option that configures each: a plain
 * `twoFactor: { methods: ["totp"] }` or `organizations: {}` works with no import. It sits in
 * pipeline/, above every feature it names, because resolving the configuration is what asks for them.
 */
import type { OrganizationsOptions, TwoFactorOptions } from "../config.js";
import type { FeatureFactory } from "../core/feature.js";
import { organizationsFeature } from "../organizations/feature.js";
import { twoFactorFeature } from "../two-factor/feature.js";

export const builtInFeatures: {
  twoFactor?: FeatureFactory<TwoFactorOptions>;
  organizations?: FeatureFactory<OrganizationsOptions>;
} = {
  twoFactor: twoFactorFeature,
  organizations: organizationsFeature,
};
