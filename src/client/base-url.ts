/**
 * Where the client finds the handler's routes. The default is `/api/auth` on the page's own origin,
 * where Next.js apps mount it (next-auth's default); an absolute URL points the client at another
 * origin, whose handler must then allow the page's origin (CORS with credentials).
 */

const DEFAULT_BASE_PATH = "/api/auth";

/** The one setting of the client; `configureClient` and `SessionProvider`'s `basePath` set it. */
const settings = { basePath: DEFAULT_BASE_PATH };

export interface ClientOptions {
  /**
   * The path the handler is mounted at (default `/api/auth`), or an absolute URL such as
   * `https://auth.example.com/api/auth` for a handler on another origin.
   */
  basePath?: string;
}

/**
 * Sets where every client function sends its requests. Call it once, before the first sign-in or
 * session request (React apps pass `basePath` to `SessionProvider` instead).
 *
 * @example
 * ```ts
 * import { configureClient, getSession } from "latchkey/client";
 *
 * configureClient({ basePath: "/auth" }); // the handler's basePath on the server
 * const session = await getSession();
 * ```
 */
export function configureClient(options: ClientOptions): void {
  if (options.basePath !== undefined) settings.basePath = options.basePath.replace(/\/+$/, "");
}

/** The absolute URL of a route under the base path, e.g. `authUrl("signin", "github")`. */
export function authUrl(...segments: string[]): string {
  const base = new URL(settings.basePath || "/", window.location.href);
  const path = segments.map(encodeURIComponent).join("/");
  return `${base.href.replace(/\/+$/, "")}/${path}`;
}

/**
 * The sign-in page's URL, with `callbackUrl` (where to land afterwards; default: the current page)
 * and, when given, the `error` the page explains (as `useSession({ required: true })` sends
 * `SessionRequired`).
 */
export function signInPageUrl(params: { callbackUrl?: string; error?: string } = {}): string {
  const url = new URL(authUrl("signin"));
  if (params.error !== undefined) url.searchParams.set("error", params.error);
  url.searchParams.set("callbackUrl", params.callbackUrl ?? window.location.href);
  return url.href;
}
