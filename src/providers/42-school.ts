import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user 42's `GET /v2/me` returns (the fields latchkey reads). */
export interface FortyTwoProfile extends Record<string, unknown> {
  id: number;
  login: string;
  email: string;
  displayname?: string;
  usual_full_name?: string;
}

/** The `image` field of 42's user: an object, where latchkey's `Profile` expects a URL string. */
interface FortyTwoImage {
  link?: string | null;
  versions?: Record<string, string | null>;
}

/**
 * 42 School (the 42 intranet API).
 * Client id and secret default to AUTH_42_SCHOOL_ID and AUTH_42_SCHOOL_SECRET.
 *
 * @example
 * ```ts
 * import FortyTwo from "latchkey/providers/42-school";
 *
 * const provider = FortyTwo({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function FortyTwo(
  options: OAuthUserConfig<FortyTwoProfile> = {},
): OAuth2Config<FortyTwoProfile> {
  return catalogueProvider<OAuth2Config<FortyTwoProfile>, FortyTwoProfile>(
    {
      id: "42-school",
      name: "42 School",
      type: "oauth",
      authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
      token: "https://api.intra.42.fr/oauth/token",
      userinfo: "https://api.intra.42.fr/v2/me",
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname ?? profile.login,
        email: profile.email ?? null,
        image: (profile.image as unknown as FortyTwoImage | undefined)?.link ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
