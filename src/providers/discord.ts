import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Discord returns. */
export interface DiscordProfile extends Record<string, unknown> {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
  avatar?: string | null;
}

/**
 * Discord.
 * Client id and secret default to AUTH_DISCORD_ID and AUTH_DISCORD_SECRET.
 *
 * @example
 * ```ts
 * import Discord from "latchkey/providers/discord";
 *
 * const provider = Discord({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuth2Config<DiscordProfile> {
  return catalogueProvider<OAuth2Config<DiscordProfile>, DiscordProfile>(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
      token: "https://discord.com/api/oauth2/token",
      userinfo: "https://discord.com/api/users/@me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: profile.avatar
          ? `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.png`
          : null,
      }),
      style: { brandColor: "#5865f2" },
    },
    options,
  );
}
