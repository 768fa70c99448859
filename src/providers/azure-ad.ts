import MicrosoftEntraID, {
  type MicrosoftEntraIDOptions,
  type MicrosoftEntraIDProfile,
} from "./microsoft-entra-id.js";
import type { OIDCConfig } from "./types.js";

export type AzureADProfile = MicrosoftEntraIDProfile;
export type AzureADOptions = MicrosoftEntraIDOptions;

/**
 * @deprecated Azure Active Directory is now Microsoft Entra ID: import
 * `latchkey/providers/microsoft-entra-id`. This module is that provider under its old id
 * `azure-ad` (so the redirect URI `<origin>/auth/callback/azure-ad` registered at Microsoft, and
 * AUTH_AZURE_AD_ID / _SECRET, keep working); each configuration using it logs `DeprecatedProvider` once.
 *
 * @example
 * ```ts
 * import AzureAD from "latchkey/providers/azure-ad";
 *
 * const provider = AzureAD({ clientId: "client-id", clientSecret: "client-secret", tenantId: "organizations" });
 * ```
 */
export default function AzureAD(options: AzureADOptions = {}): OIDCConfig<AzureADProfile> {
  return MicrosoftEntraID({
    id: "azure-ad",
    name: "Azure Active Directory",
    replacedBy: "microsoft-entra-id",
    ...options,
  });
}
