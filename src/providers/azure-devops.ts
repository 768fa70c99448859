import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, TokenRequestContext, TokenSet } from "./types.js";

/** The profile Azure DevOps' profile API returns with `coreAttributes=Avatar`. */
export interface AzureDevOpsProfile extends Record<string, unknown> {
  id: string;
  displayName?: string;
  emailAddress?: string;
  coreAttributes?: { Avatar?: { value?: { value?: string } } };
}

export interface AzureDevOpsOptions extends OAuthUserConfig<AzureDevOpsProfile> {
  /** The scopes to ask for, space-separated. Default `vso.profile`. */
  scope?: string;
}

const VSSPS = "https://app.vssps.visualstudio.com";
const PROFILE = `${VSSPS}/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0`;

/**
 * Azure DevOps OAuth does not take RFC 6749's code grant: the code goes as a JWT-bearer
 * `assertion` and the client secret as `client_assertion` (Azure DevOps docs, "Authorize access to
 * REST APIs with OAuth 2.0").
 */
async function exchangeCode({
  params,
  redirectUri,
  provider,
}: TokenRequestContext): Promise<{ tokens: TokenSet }> {
  const response = await fetch(`${VSSPS}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: String(provider.clientSecret),
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: String(params.code),
      redirect_uri: redirectUri,
    }),
  });
  if (!response.ok) throw new Error(`Azure DevOps refused the code (${response.status})`);
  return { tokens: (await response.json()) as TokenSet };
}

/**
 * @deprecated Microsoft no longer takes new Azure DevOps OAuth apps and recommends Microsoft Entra
 * ID: import `latchkey/providers/microsoft-entra-id`. This module keeps working for existing apps
 * and each configuration using it logs `DeprecatedProvider` once. Azure DevOps documents `response_type=Assertion`, while
 * latchkey always sends `code` (RFC 6749 §4.1.1).
 * Client id (the app id) and secret (the client secret) default to AUTH_AZURE_DEVOPS_ID and
 * AUTH_AZURE_DEVOPS_SECRET.
 *
 * @example
 * ```ts
 * import AzureDevOps from "latchkey/providers/azure-devops";
 *
 * const provider = AzureDevOps({ clientId: "app-id", clientSecret: "client-secret", scope: "vso.profile vso.code" });
 * ```
 */
export default function AzureDevOps(options: AzureDevOpsOptions = {}): OAuth2Config<AzureDevOpsProfile> {
  const { scope = "vso.profile", ...rest } = options;
  return catalogueProvider<OAuth2Config<AzureDevOpsProfile>, AzureDevOpsProfile>(
    {
      id: "azure-devops",
      name: "Azure DevOps",
      type: "oauth",
      replacedBy: "microsoft-entra-id",
      authorization: { url: `${VSSPS}/oauth2/authorize`, params: { scope } },
      token: { url: `${VSSPS}/oauth2/token`, request: exchangeCode },
      userinfo: {
        url: PROFILE,
        request: async ({ tokens }) =>
          (await fetchProviderJson(PROFILE, {
            authorization: `Bearer ${tokens.access_token}`,
          })) as AzureDevOpsProfile,
      },
      profile: (profile) => {
        const avatar = profile.coreAttributes?.Avatar?.value?.value;
        return {
          id: profile.id,
          name: profile.displayName ?? null,
          email: profile.emailAddress ?? null,
          image: avatar ? `data:image/jpeg;base64,${avatar}` : null,
        };
      },
      style: { brandColor: "#0078d4" },
    },
    rest,
  );
}
