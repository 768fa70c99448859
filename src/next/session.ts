/**
 * Reading the session in server code: latchkey's own `GET /session`, answered in process, so the
 * result (and any refreshed session cookie) is exactly what the browser's `/session` call gets.
 */
import { Auth, type AuthConfig, type Session } from "../index.js";
import { internalRequest } from "./internal-request.js";

export interface SessionRead {
  session: Session | null;
  /** Set-Cookie fields of a re-issued session cookie (`updateAge`), for a response that can carry them. */
  cookies: string[];
}

/**
 * The session of a request with these headers: its cookies, and the host they were sent to.
 * `url`, the request's own URL where there is one (a proxy, a route handler), supplies the host
 * and scheme its headers may lack.
 */
export async function readSession(headers: Headers, config: AuthConfig, url?: string): Promise<SessionRead> {
  const response = await Auth(internalRequest(headers, config, "session", undefined, undefined, url), config);
  const session = response.ok ? ((await response.json()) as Session | null) : null;
  return { session, cookies: response.headers.getSetCookie() };
}
