/**
 * Redirect URIs, and the redirect proxy for preview deployments: a provider only knows the stable
 * deployment's callback URL, so a preview deployment sends that as `redirect_uri` and puts its own
 * callback URL in a sealed `state`. The stable deployment (same secret) opens the state and relays
 * the callback's parameters to the preview, which then checks state, PKCE and nonce as usual. Only a
 * state sealed with the shared secret can name where to relay, so this is no open redirect.
 *
 * The callback URL sealed is AUTH_URL's, or the one of the request URL itself: never one built from
 * `X-Forwarded-Host`. Whoever starts a sign-in writes that header when no proxy overwrites it, and a
 * target they chose would receive the code of the victim they send the authorization URL to: the
 * redirection-URI manipulation of RFC 6749 §10.6, one hop after the provider's check. The app may
 * also list the origins its stable deployment relays to (`redirectProxyAllowedOrigins`).
 */
import type { AuthContext, ServerContext } from "../../core/context.js";
import { InvalidCheck } from "../../core/errors.js";
import { unforwardedOrigin } from "../../core/origin.js";
import type { OAuthConfig } from "../../provider-types.js";
import { relayAllowed } from "./relay-origins.js";

const PROXY_STATE_SALT = "latchkey.redirect-proxy-state";
const PROXY_STATE_MAX_AGE_SECONDS = 15 * 60;

/** The `redirect_uri` of this provider's authorization and token requests. */
export function redirectUriFor(ctx: ServerContext, provider: OAuthConfig): string {
  if (provider.redirectProxyUrl) {
    return `${provider.redirectProxyUrl.replace(/\/$/, "")}/callback/${encodeURIComponent(provider.id)}`;
  }
  return ctx.actionUrl("callback", provider.id);
}

/** This deployment's callback URL as a proxy state names it: from AUTH_URL or the request URL, unforwarded. */
function proxiedCallbackUrl(ctx: AuthContext, provider: OAuthConfig): string {
  const origin = unforwardedOrigin(ctx.config, ctx.req.url);
  return `${origin}${ctx.config.basePath}/callback/${encodeURIComponent(provider.id)}`;
}

/** A `state` that also names this deployment's callback URL, for the stable deployment to relay to. */
export async function sealProxyState(ctx: AuthContext, provider: OAuthConfig): Promise<string> {
  return ctx.codec.encode({
    token: {
      random: ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(32)),
      origin: proxiedCallbackUrl(ctx, provider),
    },
    secret: ctx.config.secrets,
    salt: PROXY_STATE_SALT,
    maxAge: PROXY_STATE_MAX_AGE_SECONDS,
  });
}

/**
 * Where to relay this callback, when its `state` is a proxy state sealed by a deployment other than
 * this one; undefined when the callback is this deployment's own.
 */
export async function relayTarget(
  ctx: AuthContext,
  provider: OAuthConfig,
  params: Record<string, string>,
): Promise<string | undefined> {
  if (!provider.redirectProxyUrl || !params.state) return undefined;
  const claims = await ctx.codec.decode<{ origin?: unknown }>({
    token: params.state,
    secret: ctx.config.secrets,
    salt: PROXY_STATE_SALT,
  });
  const origin = claims?.origin;
  if (typeof origin !== "string" || origin === proxiedCallbackUrl(ctx, provider)) return undefined;
  let target: URL;
  try {
    target = new URL(origin);
  } catch {
    return undefined;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return undefined;
  if (!relayAllowed(ctx.config.redirectProxyAllowedOrigins, target)) {
    throw new InvalidCheck(
      `The redirect-proxy state of provider "${provider.id}" names ${target.origin}, which is not in redirectProxyAllowedOrigins; the callback was not relayed.`,
    );
  }
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}
