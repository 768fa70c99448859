import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims BankID (Norway) issues for the `openid profile` scopes (the fields latchkey reads). */
export interface BankIDNorwayProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  email?: string;
  /** An alternative subject derived from the national identity number, stable across BankIDs. */
  nnin_altsub?: string;
}

/**
 * BankID Norway, by OpenID Connect discovery. `issuer` defaults to the production realm
 * `https://auth.bankid.no/auth/realms/prod`; use `https://auth.current.bankid.no/auth/realms/current`
 * for BankID's test environment (or AUTH_BANKID_NO_ISSUER).
 * Client id and secret default to AUTH_BANKID_NO_ID and AUTH_BANKID_NO_SECRET.
 *
 * @example
 * ```ts
 * import BankIDNorway from "latchkey/providers/bankid-no";
 *
 * const provider = BankIDNorway({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function BankIDNorway(
  options: OIDCUserConfig<BankIDNorwayProfile> = {},
): OIDCConfig<BankIDNorwayProfile> {
  return catalogueProvider<OIDCConfig<BankIDNorwayProfile>, BankIDNorwayProfile>(
    {
      id: "bankid-no",
      name: "BankID Norge",
      type: "oidc",
      issuer: "https://auth.bankid.no/auth/realms/prod",
      authorization: { params: { scope: "openid profile" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? ([profile.given_name, profile.family_name].filter(Boolean).join(" ") || null),
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#39134c" },
    },
    options,
  );
}
