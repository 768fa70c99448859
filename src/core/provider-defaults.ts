/**
 * How a built-in provider's defaults and the app's options combine: the app's options win, field by
 * field, and an endpoint given as an object keeps the default URL and parameters it does not
 * override (`authorization: { params: { scope: "…" } }` changes the scope, not the URL).
 */
import type { OAuthConfig, Profile, User } from "../provider-types.js";

type Endpoint = OAuthConfig["authorization"] | OAuthConfig["token"] | OAuthConfig["userinfo"];

function mergeEndpoint(base: Endpoint, override: Endpoint): Endpoint {
  if (override === undefined) return base;
  if (typeof override === "string" || base === undefined) return override;
  // A default given as a bare URL keeps that URL under the app's parameters.
  if (typeof base === "string") return { url: base, ...override };
  return { ...base, ...override, params: { ...base.params, ...override.params } } as Endpoint;
}

/** The provider `defaults` describes, with the app's `options` applied over them. */
export function withDefaults<C extends OAuthConfig<P>, P extends Profile>(
  defaults: C,
  options: Partial<C>,
): C {
  return {
    ...defaults,
    ...options,
    authorization: mergeEndpoint(defaults.authorization, options.authorization),
    token: mergeEndpoint(defaults.token, options.token),
    userinfo: mergeEndpoint(defaults.userinfo, options.userinfo),
    client: { ...defaults.client, ...options.client },
    style: { ...defaults.style, ...options.style },
    type: defaults.type,
  };
}

/** The OpenID Connect standard claims (Core §5.1) a user is made of. */
export interface StandardClaims {
  sub: string;
  name?: string | null;
  preferred_username?: string | null;
  email?: string | null;
  picture?: string | null;
}

/**
 * The user an OpenID Provider's standard claims describe: `sub`, `name` (else the
 * `preferred_username` many self-hosted providers fill instead), `email`, `picture`. The `profile` of
 * every catalogue provider that needs nothing else.
 *
 * @example
 * ```ts
 * standardClaimsUser({ sub: "248289761001", preferred_username: "jane", email: "jane@example.com" });
 * // { id: "248289761001", name: "jane", email: "jane@example.com", image: null }
 * ```
 */
export function standardClaimsUser(profile: StandardClaims): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}
