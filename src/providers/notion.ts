import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, Profile, TokenSet } from "./types.js";

/** The user Notion's token response names as the integration's owner. */
export interface NotionProfile extends Record<string, unknown> {
  id: string;
  name?: string | null;
  avatar_url?: string | null;
  person?: { email?: string };
}

/**
 * Notion (public integrations). Notion has no user endpoint for this: the token response names the
 * user who installed the integration (`owner.user`), and that is the profile.
 * Client id and secret default to AUTH_NOTION_ID and AUTH_NOTION_SECRET.
 *
 * @example
 * ```ts
 * import Notion from "latchkey/providers/notion";
 *
 * const provider = Notion({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Notion(options: OAuthUserConfig<NotionProfile> = {}): OAuth2Config<NotionProfile> {
  return catalogueProvider<OAuth2Config<NotionProfile>, NotionProfile>(
    {
      id: "notion",
      name: "Notion",
      type: "oauth",
      authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user" } },
      token: "https://api.notion.com/v1/oauth/token",
      userinfo: {
        request({ tokens }: { tokens: TokenSet }): Profile {
          const owner = tokens.owner as { user?: Profile } | undefined;
          if (!owner?.user) throw new Error("Notion's token response names no user");
          return owner.user;
        },
      },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? null,
        email: profile.person?.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
