/**
 * The features `Auth` brings itself on edge runtimes (package.json's `#auth-features` import for
 * every condition but `node`): none. A feature's option carries its code there
 * (`twoFactor: TwoFactor({ methods: ["totp"] })`, `organizations: Organizations({})`), so a bundle
 * holds only the features it uses.
 */
import type { OrganizationsOptions, TwoFactorOptions } from "../config.js";
import type { FeatureFactory } from "../core/feature.js";

export const builtInFeatures: {
  twoFactor?: FeatureFactory<TwoFactorOptions>;
  organizations?: FeatureFactory<OrganizationsOptions>;
} = {};
