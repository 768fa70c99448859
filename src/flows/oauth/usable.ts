/**
 * What a provider needs before it can sign anyone in, checked at startup (after the `AUTH_<ID>_*`
 * environment variables filled in what they name): a provider that could only fail when a user
 * clicks it is a configuration error the deployment should see at once, not its users.
 */
import { providerEnvPrefix } from "../../core/env.js";
import { InvalidConfig, InvalidEndpoints } from "../../core/errors.js";
import type { OAuthConfig } from "../../provider-types.js";
import { tokenEndpointAuthMethod } from "./client.js";
import { endpointOption } from "./server-metadata.js";

const envName = (provider: OAuthConfig, suffix: string) => `${providerEnvPrefix(provider.id)}_${suffix}`;

export function assertUsable(provider: OAuthConfig): void {
  // Endpoints first: a provider with nowhere to send a user is wrong whatever its client id.
  const discoverable = provider.wellKnown || typeof provider.issuer === "string";
  if (!discoverable) {
    // Without discovery each step needs its own endpoint; a `userinfo.request` fetches the profile itself.
    const ownProfileRequest =
      typeof provider.userinfo === "object" && provider.userinfo.request !== undefined;
    const missing = [
      endpointOption(provider.authorization) ? undefined : "authorization",
      endpointOption(provider.token) ? undefined : "token",
      endpointOption(provider.userinfo) || ownProfileRequest ? undefined : "userinfo",
    ].filter((name) => name !== undefined);
    if (missing.length > 0) {
      throw new InvalidEndpoints(
        `Provider "${provider.id}" needs \`issuer\` (or \`wellKnown\`) for discovery, or the ${missing.map((name) => `\`${name}\``).join(", ")} endpoint URL${missing.length > 1 ? "s" : ""} it lacks.`,
      );
    }
  }
  if (typeof provider.clientId !== "string" || provider.clientId === "") {
    throw new InvalidConfig(
      `Provider "${provider.id}" has no clientId; set \`clientId\` or ${envName(provider, "ID")}.`,
    );
  }
  const method = tokenEndpointAuthMethod(provider);
  if ((method === "client_secret_basic" || method === "client_secret_post") && !provider.clientSecret) {
    throw new InvalidConfig(
      `Provider "${provider.id}" authenticates with ${method} but has no clientSecret; set \`clientSecret\` or ${envName(provider, "SECRET")}, or client.token_endpoint_auth_method "none" for a public client.`,
    );
  }
}
