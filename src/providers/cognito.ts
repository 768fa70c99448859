import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Cognito returns. */
export interface CognitoProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Amazon Cognito. `issuer` is the user pool's URL (`https://cognito-idp.<region>.amazonaws.com/<pool-id>`), or AUTH_COGNITO_ISSUER.
 * Client id and secret default to AUTH_COGNITO_ID and AUTH_COGNITO_SECRET.
 *
 * @example
 * ```ts
 * import Cognito from "latchkey/providers/cognito";
 *
 * const provider = Cognito({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Cognito(options: OIDCUserConfig<CognitoProfile> = {}): OIDCConfig<CognitoProfile> {
  return catalogueProvider<OIDCConfig<CognitoProfile>, CognitoProfile>(
    {
      id: "cognito",
      name: "Cognito",
      type: "oidc",
      style: { brandColor: "#c17b9e" },
    },
    options,
  );
}
