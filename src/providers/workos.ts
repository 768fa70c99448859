import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, Profile, TokenSet } from "./types.js";

/** The profile WorkOS SSO returns beside its token. */
export interface WorkOSProfile extends Record<string, unknown> {
  id: string;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  organization_id?: string | null;
}

export interface WorkOSOptions extends OAuthUserConfig<WorkOSProfile> {
  /** The enterprise connection to sign in with (`conn_…`), sent as the `connection` authorization parameter. */
  connection?: string;
}

/**
 * WorkOS SSO. The token response carries the profile (`profile`), so no user endpoint is called;
 * pick the enterprise IdP with `connection`, or with `organization` in the authorization params.
 * Client id and secret (your WorkOS API key) default to AUTH_WORKOS_ID and AUTH_WORKOS_SECRET.
 *
 * @example
 * ```ts
 * import WorkOS from "latchkey/providers/workos";
 *
 * const provider = WorkOS({ clientId: "client_123", clientSecret: "sk_test_123", authorization: { params: { organization: "org_123" } } });
 * ```
 */
export default function WorkOS(options: WorkOSOptions = {}): OAuth2Config<WorkOSProfile> {
  const { connection, ...rest } = options;
  return catalogueProvider<OAuth2Config<WorkOSProfile>, WorkOSProfile>(
    {
      id: "workos",
      name: "WorkOS",
      type: "oauth",
      authorization: {
        url: "https://api.workos.com/sso/authorize",
        params: connection === undefined ? {} : { connection },
      },
      token: "https://api.workos.com/sso/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        request({ tokens }: { tokens: TokenSet }): Profile {
          const profile = tokens.profile as Profile | undefined;
          if (!profile) throw new Error("WorkOS's token response carries no profile");
          return profile;
        },
      },
      profile: (profile) => ({
        id: profile.id,
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#6363f1" },
    },
    rest,
  );
}
