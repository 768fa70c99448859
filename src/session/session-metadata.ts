/**
 * What a database session records about where it was signed in and when it was last used, for a
 * "your devices" page. Written only to adapters that take it (those with `listSessionsByUserId`, a
 * latchkey extension whose contract says createSession and updateSession accept these optional
 * fields and store those the schema has columns for); an Auth.js adapter gets the fields it knows.
 */
import type { Adapter, AdapterSession } from "../adapters/types.js";
import type { ServerContext } from "../core/context.js";
import { clientAddresses } from "../core/origin.js";

/** The metadata fields of a session record. */
export type SessionMetadata = Pick<AdapterSession, "createdAt" | "lastSeenAt" | "userAgent" | "ipAddress">;

/** Long enough for any real browser's User-Agent, short enough that a client cannot fill a column. */
const MAX_USER_AGENT_LENGTH = 512;
/** An IPv4 or IPv6 address as the Node bridge or a proxy writes it (`::ffff:203.0.113.7` included). */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/** Whether the adapter takes session metadata (see above). */
export function takesSessionMetadata(adapter: Adapter | undefined): boolean {
  return typeof adapter?.listSessionsByUserId === "function";
}

/**
 * The metadata of a session signed in on this request. The address follows the one client-address
 * rule (README, "Client address"): the socket's, or a trusted proxy's `X-Forwarded-For`.
 */
export function signInMetadata(ctx: ServerContext, now: Date): SessionMetadata {
  const userAgent = ctx.request.headers.get("user-agent");
  const [address] = clientAddresses(
    { trustForwardedFor: ctx.config.rateLimitTrustsForwardedFor },
    ctx.request,
  );
  return {
    createdAt: now,
    lastSeenAt: now,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    ipAddress: address !== undefined && ADDRESS.test(address) ? address : null,
  };
}
