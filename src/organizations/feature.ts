/**
 * Organizations as a feature (`organizations` in the config): its routes, the adapter methods it
 * needs (startup fails naming any that is missing), and the active organization sessions carry.
 */

import {
  missingOrganizationMethods,
  missingOrganizationMethodsMessage,
  ORGANIZATION_METHODS,
} from "../adapters/organization-methods.js";
import type { OrganizationsOptions } from "../config.js";
import { MissingAdapterMethods } from "../core/errors.js";
import type { Feature } from "../core/feature.js";
import { organizationsErrors } from "../locales/en/errors.js";
import { activeOrganizationMarkHook, restoreActiveOrganization } from "./active.js";
import { organizationRoutes } from "./routes.js";
import { organizationSettingsOf } from "./settings.js";

export function organizationsFeature(options: OrganizationsOptions): Feature {
  const settings = organizationSettingsOf(options);
  return {
    name: "organizations",
    routes: organizationRoutes(settings),
    adapterMethods: ORGANIZATION_METHODS,
    checkAdapter(adapter) {
      const missing = missingOrganizationMethods(adapter);
      if (missing.length > 0) throw new MissingAdapterMethods(missingOrganizationMethodsMessage(missing));
    },
    signInGate: restoreActiveOrganization,
    sessionMark: activeOrganizationMarkHook,
    errorWords: organizationsErrors,
  };
}
