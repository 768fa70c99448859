import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims Hugging Face issues for `openid profile email`. */
export interface HuggingfaceProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Hugging Face (Sign in with Hugging Face), by OpenID Connect discovery from `https://huggingface.co`.
 * Client id and secret default to AUTH_HUGGINGFACE_ID and AUTH_HUGGINGFACE_SECRET.
 *
 * @example
 * ```ts
 * import Huggingface from "latchkey/providers/huggingface";
 *
 * const provider = Huggingface({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Huggingface(
  options: OIDCUserConfig<HuggingfaceProfile> = {},
): OIDCConfig<HuggingfaceProfile> {
  return catalogueProvider<OIDCConfig<HuggingfaceProfile>, HuggingfaceProfile>(
    {
      id: "huggingface",
      name: "Hugging Face",
      type: "oidc",
      issuer: "https://huggingface.co",
      authorization: { params: { scope: "openid profile email" } },
      profile: standardClaimsUser,
      style: { brandColor: "#ffd21e" },
    },
    options,
  );
}
