/**
 * Where the client finds the handler's routes: the `basePath` the app configured, else the one a
 * server glue announced in the page (`<meta name="latchkey-base-path">`, which latchkey/sveltekit's
 * `handle` adds to every page it renders), else `/api/auth` on the page's own origin, where
 * Next.js apps mount it (next-auth's default). An absolute URL points the client at another
 * origin, whose handler must then allow the page's origin (CORS with credentials).
 */

const DEFAULT_BASE_PATH = "/api/auth";

/** The `<meta>` a server glue announces its base path in, read when the app configured none. */
export const BASE_PATH_META_NAME = "latchkey-base-path";

/** The one setting of the client; `configureClient` and `SessionProvider`'s `basePath` set it. */
const settings: { basePath?: string } = {};

/** The base path the page announces, if any (read each time: a client-side navigation keeps the head). */
function announcedBasePath(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector(`meta[name="${BASE_PATH_META_NAME}"]`);
  return meta?.getAttribute("content") || undefined;
}

/** The base path requests go to: configured, announced by the page, or the default. */
export function currentBasePath(): string {
  return settings.basePath ?? announcedBasePath() ?? DEFAULT_BASE_PATH;
}

export interface ClientOptions {
  /**
   * The path the handler is mounted at (default: the page's `<meta name="latchkey-base-path">`,
   * else `/api/auth`), or an absolute URL such as
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
  const base = new URL(currentBasePath() || "/", window.location.href);
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
