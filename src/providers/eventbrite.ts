import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Eventbrite's `GET /v3/users/me/` returns (the fields latchkey reads). */
export interface EventbriteProfile extends Record<string, unknown> {
  id: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  emails: Array<{ email: string; verified: boolean; primary: boolean }>;
  image_id?: string | null;
}

/**
 * Eventbrite. The address is the account's primary one.
 * Client id (the API key) and secret default to AUTH_EVENTBRITE_ID and AUTH_EVENTBRITE_SECRET.
 *
 * @example
 * ```ts
 * import Eventbrite from "latchkey/providers/eventbrite";
 *
 * const provider = Eventbrite({ clientId: "api-key", clientSecret: "client-secret" });
 * ```
 */
export default function Eventbrite(
  options: OAuthUserConfig<EventbriteProfile> = {},
): OAuth2Config<EventbriteProfile> {
  return catalogueProvider<OAuth2Config<EventbriteProfile>, EventbriteProfile>(
    {
      id: "eventbrite",
      name: "Eventbrite",
      type: "oauth",
      authorization: "https://www.eventbrite.com/oauth/authorize",
      token: "https://www.eventbrite.com/oauth/token",
      userinfo: "https://www.eventbriteapi.com/v3/users/me/",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? ([profile.first_name, profile.last_name].filter(Boolean).join(" ") || null),
        email: (profile.emails?.find((entry) => entry.primary) ?? profile.emails?.[0])?.email ?? null,
        image: null,
      }),
      style: { brandColor: "#f05537" },
    },
    options,
  );
}
