import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Bungie.net's `User/GetMembershipsForCurrentUser` returns (the fields latchkey reads). */
export interface BungieProfile extends Record<string, unknown> {
  Response: {
    bungieNetUser: {
      membershipId: string;
      displayName?: string;
      uniqueName?: string;
      profilePicturePath?: string;
    };
  };
}

export interface BungieOptions extends OAuthUserConfig<BungieProfile> {
  /** Headers for Bungie's API: `X-API-Key` (your application's API key) is required there. */
  headers?: Record<string, string>;
}

const ORIGIN = "https://www.bungie.net";
const MEMBERSHIPS = `${ORIGIN}/Platform/User/GetMembershipsForCurrentUser/`;

/**
 * Bungie.net. Every Bungie API call needs the application's `X-API-Key` header besides the token;
 * a confidential client authenticates at the token endpoint with HTTP Basic, as Bungie requires.
 * Client id and secret default to AUTH_BUNGIE_ID and AUTH_BUNGIE_SECRET.
 *
 * @example
 * ```ts
 * import Bungie from "latchkey/providers/bungie";
 *
 * const provider = Bungie({ clientId: "client-id", clientSecret: "client-secret", headers: { "X-API-Key": "api-key" } });
 * ```
 */
export default function Bungie(options: BungieOptions = {}): OAuth2Config<BungieProfile> {
  const { headers = {}, ...rest } = options;
  return catalogueProvider<OAuth2Config<BungieProfile>, BungieProfile>(
    {
      id: "bungie",
      name: "Bungie",
      type: "oauth",
      authorization: `${ORIGIN}/en/OAuth/Authorize`,
      token: `${ORIGIN}/platform/app/oauth/token/`,
      userinfo: {
        url: MEMBERSHIPS,
        request: async ({ tokens }) =>
          (await fetchProviderJson(MEMBERSHIPS, {
            ...headers,
            authorization: `Bearer ${tokens.access_token}`,
          })) as BungieProfile,
      },
      profile: ({ Response: { bungieNetUser: user } }) => ({
        id: user.membershipId,
        name: user.uniqueName ?? user.displayName ?? null,
        email: null,
        image: user.profilePicturePath ? `${ORIGIN}${user.profilePicturePath}` : null,
      }),
      style: { brandColor: "#0da2e7" },
    },
    rest,
  );
}
