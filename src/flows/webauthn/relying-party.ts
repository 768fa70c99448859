/**
 * The WebAuthn Relying Party (WebAuthn Level 3 §4): the RP ID passkeys are bound to, the name the
 * browser shows, and the origins a ceremony may come from. Configured on the provider, else taken
 * from the app's origin, which AUTH_URL fixes and forwarded headers reach only when the host is
 * trusted (core/origin.ts): an attacker's `X-Forwarded-Host` can never choose the RP ID.
 */
import type { ServerContext } from "../../core/context.js";
import { InvalidConfig } from "../../core/errors.js";
import { isLoopbackHttp } from "../../core/loopback.js";
import type { RelyingPartyOptions, WebAuthnConfig } from "../../provider-types.js";

export interface RelyingParty {
  id: string;
  name: string;
  /** Every origin a response may carry in its client data; the first is the app's own. */
  origins: string[];
}

/** A DNS name in lowercase: what an RP ID must be (WebAuthn Level 3 §4, "RP ID"). */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The configured options: latchkey's spelling first, then Auth.js's `relayingParty`. */
function configured(provider: WebAuthnConfig): RelyingPartyOptions {
  return provider.relyingParty ?? provider.relayingParty ?? {};
}

function configuredOrigins(provider: WebAuthnConfig): string[] | undefined {
  const { origin } = configured(provider);
  if (origin === undefined) return undefined;
  return Array.isArray(origin) ? origin : [origin];
}

/** Whether `id` may be claimed by a page on `hostname` (WebAuthn Level 3 §5.1.3 step 8, §5.1.4.1 step 8). */
function covers(id: string, hostname: string): boolean {
  return hostname === id || hostname.endsWith(`.${id}`);
}

function assertOrigin(providerId: string, origin: unknown): URL {
  // A value that is not a string never equals the origin its text parses to, so it is refused below.
  const url = URL.canParse(String(origin)) ? new URL(String(origin)) : undefined;
  // Loopback hosts are secure contexts over plain http too (W3C Secure Contexts §3.1).
  const secure = url !== undefined && (url.protocol === "https:" || isLoopbackHttp(url));
  if (!url || url.origin !== origin || !secure) {
    throw new InvalidConfig(
      `relyingParty.origin of provider "${providerId}" must be origins like "https://login.example.com" (scheme and host, no path; http only for localhost), not ${JSON.stringify(origin)}.`,
    );
  }
  return url;
}

/**
 * Checks the configured relying party at startup: origins are secure origins, the id is a domain,
 * and each origin may claim the id, so a ceremony can succeed at all.
 */
export function assertRelyingPartyOptions(provider: WebAuthnConfig): void {
  const { id, name } = configured(provider);
  if (id !== undefined && (typeof id !== "string" || !DOMAIN.test(id))) {
    throw new InvalidConfig(
      `relyingParty.id of provider "${provider.id}" must be a lowercase domain name such as "example.com", not ${JSON.stringify(id)}.`,
    );
  }
  if (name !== undefined && (typeof name !== "string" || name.trim() === "")) {
    throw new InvalidConfig(`relyingParty.name of provider "${provider.id}" must be a non-empty string.`);
  }
  const origins = configuredOrigins(provider);
  if (origins?.length === 0) {
    throw new InvalidConfig(`relyingParty.origin of provider "${provider.id}" lists no origin.`);
  }
  for (const origin of origins ?? []) {
    const url = assertOrigin(provider.id, origin);
    if (id !== undefined && !covers(id, url.hostname)) {
      throw new InvalidConfig(
        `relyingParty.id "${id}" of provider "${provider.id}" is neither ${url.hostname} nor a parent domain of it, so no browser on ${origin} would use it.`,
      );
    }
  }
}

/** The relying party for a request: the configured values, else the app's origin. */
export function relyingParty(ctx: ServerContext, provider: WebAuthnConfig): RelyingParty {
  const options = configured(provider);
  const origins = configuredOrigins(provider) ?? [ctx.origin];
  const own = new URL(origins[0] as string);
  const id = options.id ?? own.hostname;
  if (!covers(id, own.hostname)) {
    throw new InvalidConfig(
      `relyingParty.id "${id}" of provider "${provider.id}" does not cover the app's origin ${own.origin}; set relyingParty.origin or AUTH_URL.`,
    );
  }
  return { id, name: options.name ?? own.host, origins };
}
