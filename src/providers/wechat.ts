import { fetchProviderJson, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, TokenRequestContext, TokenSet } from "./types.js";

/** The user WeChat's `sns/userinfo` returns. */
export interface WeChatProfile extends Record<string, unknown> {
  openid: string;
  nickname: string;
  headimgurl?: string;
  /** The same for one person across every app of the developer account; present once apps are bound. */
  unionid?: string;
}

export interface WeChatOptions extends OAuthUserConfig<WeChatProfile> {
  /**
   * `"WebsiteApp"` (default): QR-code sign-in for websites on the WeChat Open Platform.
   * `"OfficialAccount"`: sign-in inside WeChat's own browser through an Official Account.
   */
  platformType?: "OfficialAccount" | "WebsiteApp";
}

const API = "https://api.weixin.qq.com/sns";

/**
 * WeChat names the client `appid` and wants the secret in the query of a GET (WeChat Open Platform
 * docs, "Website Application WeChat Login"), not RFC 6749 §4.1.3's form POST; its errors come back
 * as 200 with `errcode`.
 */
async function exchangeCode({ params, provider }: TokenRequestContext): Promise<{ tokens: TokenSet }> {
  const url = withQuery(`${API}/oauth2/access_token`, {
    appid: String(provider.clientId),
    secret: String(provider.clientSecret),
    code: String(params.code),
    grant_type: "authorization_code",
  });
  const body = (await fetchProviderJson(url)) as TokenSet & { errcode?: number; errmsg?: string };
  if (body.errcode) throw new Error(`WeChat refused the code: ${body.errcode} ${body.errmsg ?? ""}`);
  return { tokens: { ...body, token_type: "bearer" } };
}

/**
 * WeChat. Client id (the AppID) and secret (the AppSecret) default to AUTH_WECHAT_ID and
 * AUTH_WECHAT_SECRET; the `appid` the authorization page needs is taken from `clientId` when it is
 * given here.
 *
 * @example
 * ```ts
 * import WeChat from "latchkey/providers/wechat";
 *
 * const provider = WeChat({ clientId: "wx-app-id", clientSecret: "app-secret", platformType: "WebsiteApp" });
 * ```
 */
export default function WeChat(options: WeChatOptions = {}): OAuth2Config<WeChatProfile> {
  const { platformType = "WebsiteApp", ...rest } = options;
  const website = platformType === "WebsiteApp";
  return catalogueProvider<OAuth2Config<WeChatProfile>, WeChatProfile>(
    {
      id: "wechat",
      name: "WeChat",
      type: "oauth",
      authorization: {
        url: website
          ? "https://open.weixin.qq.com/connect/qrconnect"
          : "https://open.weixin.qq.com/connect/oauth2/authorize",
        params: {
          scope: website ? "snsapi_login" : "snsapi_userinfo",
          ...(typeof rest.clientId === "string" ? { appid: rest.clientId } : {}),
        },
      },
      token: { url: `${API}/oauth2/access_token`, request: exchangeCode },
      userinfo: {
        url: `${API}/userinfo`,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            withQuery(`${API}/userinfo`, {
              access_token: String(tokens.access_token),
              openid: String(tokens.openid),
            }),
          )) as WeChatProfile,
      },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.unionid ?? profile.openid,
        name: profile.nickname ?? null,
        email: null,
        image: profile.headimgurl ?? null,
      }),
      style: { brandColor: "#07c160" },
    },
    rest,
  );
}
