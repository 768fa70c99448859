import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Battle.net issues. */
export interface BattleNetProfile extends Record<string, unknown> {
  sub: string;
  battle_tag?: string;
}

/** Battle.net's OpenID issuers: the global one, China's, and the regional ones. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`;

export interface BattleNetOptions extends OIDCUserConfig<BattleNetProfile> {
  /** The region's issuer. Default `https://oauth.battle.net`. */
  issuer?: BattleNetIssuer;
}

/**
 * Battle.net (Blizzard), by OpenID Connect discovery. Battle.net shares no e-mail address; the name
 * is the BattleTag.
 * Client id and secret default to AUTH_BATTLENET_ID and AUTH_BATTLENET_SECRET.
 *
 * @example
 * ```ts
 * import BattleNet from "latchkey/providers/battlenet";
 *
 * const provider = BattleNet({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://eu.battle.net/oauth" });
 * ```
 */
export default function BattleNet(options: BattleNetOptions = {}): OIDCConfig<BattleNetProfile> {
  return catalogueProvider<OIDCConfig<BattleNetProfile>, BattleNetProfile>(
    {
      id: "battlenet",
      name: "Battle.net",
      type: "oidc",
      issuer: "https://oauth.battle.net",
      authorization: { params: { scope: "openid" } },
      profile: (profile) => ({ id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null }),
      style: { brandColor: "#148eff" },
    },
    options,
  );
}
