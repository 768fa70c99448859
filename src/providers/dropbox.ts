import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, Profile, TokenSet } from "./types.js";

/**
 * The account Dropbox's `users/get_current_account` returns (the fields latchkey reads), with its
 * `name.display_name` lifted to `name`.
 */
export interface DropboxProfile extends Record<string, unknown> {
  account_id: string;
  name?: string | null;
  email?: string;
  email_verified?: boolean;
  profile_photo_url?: string;
}

const CURRENT_ACCOUNT = "https://api.dropboxapi.com/2/users/get_current_account";

/**
 * Dropbox. Its user endpoint takes a POST, so the profile is fetched with one; `token_access_type:
 * offline` asks for a refresh token.
 * Client id and secret default to AUTH_DROPBOX_ID and AUTH_DROPBOX_SECRET.
 *
 * @example
 * ```ts
 * import Dropbox from "latchkey/providers/dropbox";
 *
 * const provider = Dropbox({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Dropbox(options: OAuthUserConfig<DropboxProfile> = {}): OAuth2Config<DropboxProfile> {
  return catalogueProvider<OAuth2Config<DropboxProfile>, DropboxProfile>(
    {
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { token_access_type: "offline", scope: "account_info.read" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: {
        url: CURRENT_ACCOUNT,
        async request({ tokens }: { tokens: TokenSet }): Promise<Profile> {
          const response = await fetch(CURRENT_ACCOUNT, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens.access_token}` },
          });
          if (!response.ok) throw new Error(`Dropbox answered ${response.status}`);
          const account = (await response.json()) as Profile & { name?: { display_name?: string } };
          return { ...account, name: account.name?.display_name ?? null };
        },
      },
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.profile_photo_url ?? null,
      }),
      style: { brandColor: "#0061fe" },
    },
    options,
  );
}
