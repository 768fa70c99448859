/**
 * The session of a Pages Router request (an API route's `req`, or `getServerSideProps`'
 * `context.req`): Node's `IncomingMessage`, not a Web `Request`. Read as the browser's
 * `GET /session` would read it, with a re-issued session cookie (`updateAge`) set on `res`.
 */
import type { AuthConfig, Session } from "../../index.js";
import { toWebHeaders } from "../../node/request-headers.js";
import { readSession } from "../session.js";

/**
 * The parts of Node's request (Next.js's `NextApiRequest`, `context.req`) read here, typed without
 * Node's types so that `latchkey/next` needs none.
 */
export interface NodeRequestLike {
  headers: Record<string, string | string[] | undefined>;
  rawHeaders?: string[];
}

/** The parts of Node's response (`NextApiResponse`, `context.res`) written here. */
export interface NodeResponseLike {
  readonly headersSent: boolean;
  getHeader(name: string): unknown;
  setHeader(name: string, value: string | readonly string[]): unknown;
}

/** `getServerSideProps`' context, the part read here. */
export interface PagesContextLike {
  req: NodeRequestLike;
  res: NodeResponseLike;
}

/** Whether `value` is `getServerSideProps`' context (`{ req, res, … }`) rather than a request. */
export function isPagesContext(value: unknown): value is PagesContextLike {
  return (
    typeof value === "object" &&
    value !== null &&
    isNodeRequest((value as { req?: unknown }).req) &&
    typeof (value as { res?: { setHeader?: unknown } }).res?.setHeader === "function"
  );
}

/** Whether `value` is Node's request (headers as a plain object), not a Web `Request`. */
export function isNodeRequest(value: unknown): value is NodeRequestLike {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof Request) &&
    typeof (value as { headers?: unknown }).headers === "object" &&
    !((value as { headers?: unknown }).headers instanceof Headers)
  );
}

/** The request's header fields as Web `Headers`, from its raw list when Node kept one. */
function headersOf(req: NodeRequestLike): Headers {
  if (Array.isArray(req.rawHeaders) && req.rawHeaders.length > 0) return toWebHeaders(req.rawHeaders);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    headers.set(name, Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value);
  }
  return headers;
}

/** Adds Set-Cookie fields to `res`, after any the app set, unless the head is already sent. */
function appendCookies(res: NodeResponseLike | undefined, cookies: string[]): void {
  if (!res || cookies.length === 0 || res.headersSent) return;
  const existing = res.getHeader("set-cookie");
  const earlier = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("set-cookie", [...earlier, ...cookies]);
}

/** The session of `req` under `config`, or null; a re-issued cookie goes on `res`. */
export async function nodeRequestSession(
  req: NodeRequestLike,
  res: NodeResponseLike | undefined,
  config: AuthConfig,
): Promise<Session | null> {
  const { session, cookies } = await readSession(headersOf(req), config);
  appendCookies(res, cookies);
  return session;
}
