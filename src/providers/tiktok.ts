import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, TokenRequestContext, TokenSet } from "./types.js";

/** What TikTok's `GET /v2/user/info/` returns: the user under `data.user`. */
export interface TiktokProfile extends Record<string, unknown> {
  data: {
    user: {
      open_id: string;
      union_id?: string;
      display_name?: string;
      avatar_url?: string;
      username?: string;
    };
  };
}

const USER_INFO = "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name";

/**
 * TikTok names the client `client_key`, in the authorization request and in the token request's
 * body (TikTok for Developers, "Login Kit for Web"), where RFC 6749 says `client_id`.
 */
async function exchangeCode({
  params,
  checks,
  redirectUri,
  provider,
}: TokenRequestContext): Promise<{ tokens: TokenSet }> {
  const response = await fetch("https://open.tiktokapis.com/v2/oauth/token/", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      client_key: String(provider.clientId),
      client_secret: String(provider.clientSecret),
      code: String(params.code),
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
      ...(checks.code_verifier ? { code_verifier: checks.code_verifier } : {}),
    }),
  });
  const tokens = (await response.json()) as TokenSet & { error?: string };
  if (!response.ok || tokens.error)
    throw new Error(`TikTok refused the code: ${tokens.error ?? response.status}`);
  return { tokens };
}

/**
 * TikTok (Login Kit). TikTok shares no e-mail address; the `client_key` its authorization page
 * needs is taken from `clientId` when it is given here.
 * Client id (the client key) and secret default to AUTH_TIKTOK_ID and AUTH_TIKTOK_SECRET.
 *
 * @example
 * ```ts
 * import TikTok from "latchkey/providers/tiktok";
 *
 * const provider = TikTok({ clientId: "client-key", clientSecret: "client-secret" });
 * ```
 */
export default function TikTok(options: OAuthUserConfig<TiktokProfile> = {}): OAuth2Config<TiktokProfile> {
  return catalogueProvider<OAuth2Config<TiktokProfile>, TiktokProfile>(
    {
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      authorization: {
        url: "https://www.tiktok.com/v2/auth/authorize/",
        params: {
          scope: "user.info.basic",
          ...(typeof options.clientId === "string" ? { client_key: options.clientId } : {}),
        },
      },
      token: { url: "https://open.tiktokapis.com/v2/oauth/token/", request: exchangeCode },
      userinfo: {
        url: USER_INFO,
        request: async ({ tokens }) =>
          (await fetchProviderJson(USER_INFO, {
            authorization: `Bearer ${tokens.access_token}`,
          })) as TiktokProfile,
      },
      profile: ({ data: { user } }) => ({
        id: user.open_id,
        name: user.display_name ?? user.username ?? null,
        email: null,
        image: user.avatar_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
