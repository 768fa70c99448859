/**
 * The database session's token: what it may look like, how a new one is made, and the non-secret
 * id that names it in session management. The token is a bearer credential; the id is not (it is
 * a one-way hash of it), so it can go into HTML, logs and URLs.
 */
import { runtime } from "#crypto";
import type { ServerContext } from "../core/context.js";
import { InvalidConfig } from "../core/errors.js";

/**
 * What a session token can look like: our generator's base64url, Auth.js's UUIDs, hex or base64
 * from a custom `generateSessionToken`. A cookie outside this shape (a NUL byte, a kilobyte of
 * junk planted by a sibling subdomain) cannot name a session, so it never reaches the adapter.
 */
const SESSION_TOKEN = /^[A-Za-z0-9\-._~+/=]{16,1024}$/;

/** Keeps a session id apart from any other SHA-256 of the same token an app might compute. */
const SESSION_ID_PREFIX = "latchkey.session-id:";

export function generateSessionToken(ctx: ServerContext): string {
  const custom = ctx.config.session.generateSessionToken;
  if (!custom) return ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(32));
  const token = custom();
  if (typeof token !== "string" || !SESSION_TOKEN.test(token)) {
    throw new InvalidConfig(
      "session.generateSessionToken must return 16 to 1024 characters of A-Z a-z 0-9 - . _ ~ + / = (e.g. crypto.randomUUID()).",
    );
  }
  return token;
}

/** The request's session token, when it has the shape of one. */
export function requestSessionToken(ctx: ServerContext): string | undefined {
  const value = ctx.requestCookies[ctx.cookies.sessionToken.name];
  return value !== undefined && SESSION_TOKEN.test(value) ? value : undefined;
}

/** The session's public id: SHA-256 of the token, hex. Stable for the session's life; reveals nothing of the token. */
export async function sessionIdOfToken(sessionToken: string): Promise<string> {
  return runtime.sha256Hex(`${SESSION_ID_PREFIX}${sessionToken}`);
}
