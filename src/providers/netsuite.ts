import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What a NetSuite RESTlet returning the current user answers (the fields latchkey reads). */
export interface NetSuiteProfile extends Record<string, unknown> {
  id: number;
  name?: string;
  email?: string;
  location?: number;
  role?: number;
  subsidiary?: number;
}

export interface NetSuiteOptions extends OAuthUserConfig<NetSuiteProfile> {
  /** Your NetSuite account id, e.g. `1234567` or `1234567_SB1` for a sandbox. */
  accountID?: string;
  /** `prompt` of the authorization request: `none`, `login`, `consent`. Default `none`. */
  prompt?: string;
  /** Scopes, space-separated. Default `restlets rest_webservices`. */
  scope?: string;
  /**
   * The RESTlet (or REST record URL) that returns the signed-in user: NetSuite has no userinfo
   * endpoint of its own, so you deploy one (e.g. a RESTlet calling `runtime.getCurrentUser()`).
   */
  userinfo?: string;
}

/**
 * Oracle NetSuite. The account id names the account's own hosts: lower-cased, `_` as `-`
 * (`1234567_SB1` → `1234567-sb1.app.netsuite.com`), as NetSuite's account-specific domains are.
 * Client id and secret default to AUTH_NETSUITE_ID and AUTH_NETSUITE_SECRET.
 *
 * @example
 * ```ts
 * import NetSuite from "latchkey/providers/netsuite";
 *
 * const provider = NetSuite({
 *   clientId: "client-id",
 *   clientSecret: "client-secret",
 *   accountID: "1234567",
 *   userinfo: "https://1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=42&deploy=1",
 * });
 * ```
 */
export default function NetSuite(options: NetSuiteOptions = {}): OAuth2Config<NetSuiteProfile> {
  const { accountID, prompt = "none", scope = "restlets rest_webservices", ...rest } = options;
  const host = accountID?.toLowerCase().replace(/_/g, "-");
  return catalogueProvider<OAuth2Config<NetSuiteProfile>, NetSuiteProfile>(
    {
      id: "netsuite",
      name: "NetSuite",
      type: "oauth",
      ...(host
        ? {
            authorization: {
              url: `https://${host}.app.netsuite.com/app/login/oauth2/authorize.nl`,
              params: { scope, prompt },
            },
            token: `https://${host}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
          }
        : {}),
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#125580" },
    },
    rest,
  );
}
