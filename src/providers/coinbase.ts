import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Coinbase's `GET /v2/user` returns: the user under `data`. */
export interface CoinbaseProfile extends Record<string, unknown> {
  data: { id: string; name?: string; email?: string; avatar_url?: string };
}

/**
 * Coinbase (Sign in with Coinbase). The e-mail address needs the `wallet:user:email` scope.
 * Client id and secret default to AUTH_COINBASE_ID and AUTH_COINBASE_SECRET.
 *
 * @example
 * ```ts
 * import Coinbase from "latchkey/providers/coinbase";
 *
 * const provider = Coinbase({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Coinbase(
  options: OAuthUserConfig<CoinbaseProfile> = {},
): OAuth2Config<CoinbaseProfile> {
  return catalogueProvider<OAuth2Config<CoinbaseProfile>, CoinbaseProfile>(
    {
      id: "coinbase",
      name: "Coinbase",
      type: "oauth",
      authorization: {
        url: "https://login.coinbase.com/oauth2/auth",
        params: { scope: "wallet:user:email wallet:user:read" },
      },
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: data.id,
        name: data.name ?? null,
        email: data.email ?? null,
        image: data.avatar_url ?? null,
      }),
      style: { brandColor: "#0052ff" },
    },
    options,
  );
}
