import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Figma's `GET /v1/me` returns. */
export interface FigmaProfile extends Record<string, unknown> {
  id: string;
  handle: string;
  email?: string;
  img_url?: string;
}

/**
 * Figma, with the `current_user:read` scope for the user's name, e-mail and image.
 * Client id and secret default to AUTH_FIGMA_ID and AUTH_FIGMA_SECRET.
 *
 * @example
 * ```ts
 * import Figma from "latchkey/providers/figma";
 *
 * const provider = Figma({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuth2Config<FigmaProfile> {
  return catalogueProvider<OAuth2Config<FigmaProfile>, FigmaProfile>(
    {
      id: "figma",
      name: "Figma",
      type: "oauth",
      authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
      token: "https://api.figma.com/v1/oauth/token",
      userinfo: "https://api.figma.com/v1/me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.handle,
        email: profile.email ?? null,
        image: profile.img_url ?? null,
      }),
      style: { brandColor: "#0d99ff" },
    },
    options,
  );
}
