/**
 * What the framework glue tests share: a credentials config with one user, servers on OS-chosen
 * ports that are closed after each test, a browser that keeps cookies and does not follow
 * redirects, and the sign-in a user does through latchkey's own sign-in page.
 */
import { createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { encode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { CookieJar } from "./cookie-jar.js";

export const SECRET = "framework-glue-test-secret-0123456789abcdef";

/** One user, `ada` / `correct horse`; JWT sessions. */
export function credentialsConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === "ada" && password === "correct horse"
            ? { id: "user-ada", name: "Ada Lovelace", email: "ada@example.test" }
            : null,
      }),
    ],
    ...overrides,
  };
}

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Keeps a server to close after the test. */
export function closeAfterTest(close: () => Promise<void>): void {
  servers.push({ close });
}

/** Serves a Node request listener on 127.0.0.1 and an OS-chosen port; returns its origin. */
export async function serve(listener: RequestListener): Promise<string> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closeAfterTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type Browser = ((path: string, init?: RequestInit) => Promise<Response>) & {
  jar: CookieJar;
  origin: string;
};

/**
 * `fetch` from another loopback address (127.0.0.2 and the rest of 127/8 are local on Linux), for
 * tests of what is counted per client address. Text bodies only; redirects are not followed.
 */
function fetchFrom(localAddress: string) {
  return (url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const outgoing = httpRequest(
        url,
        { method: init.method ?? "GET", headers, localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            const responseHeaders = new Headers();
            for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
              responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
            }
            const status = incoming.statusCode ?? 500;
            const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.end(init.body === undefined || init.body === null ? undefined : String(init.body));
    });
}

/**
 * A browser on `origin`: keeps cookies, does not follow redirects, sends its origin with POSTs
 * (Fetch's `Origin` header; SvelteKit refuses form posts without it). With `localAddress`, it connects
 * from that loopback address instead of 127.0.0.1.
 */
export function browser(origin: string, localAddress?: string): Browser {
  const jar = new CookieJar();
  const get = localAddress === undefined ? fetch : fetchFrom(localAddress);
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.cookies.size > 0) headers.set("cookie", jar.header());
    // As a browser does for a POST from its own page; a test of a cross-site post sets another.
    const method = init.method ?? "GET";
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", origin);
    const response = await get(`${origin}${path}`, { ...init, headers, redirect: "manual" });
    jar.apply(response);
    return response;
  };
  return Object.assign(send, { jar, origin });
}

/**
 * `direct` as the browser of a site behind a TLS-terminating proxy: every request carries the
 * proxy's `X-Forwarded-Proto: https`, and POSTs the https origin the browser was on.
 */
export function behindTlsProxy(direct: Browser): Browser {
  const secureOrigin = direct.origin.replace("http:", "https:");
  const send = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-proto", "https");
    if ((init.method ?? "GET") !== "GET") headers.set("origin", secureOrigin);
    return direct(path, { ...init, headers });
  };
  return Object.assign(send, { jar: direct.jar, origin: secureOrigin });
}

/** Signs in on latchkey's sign-in page under `basePath` as a user would: the page's CSRF token, then the form. */
export async function signInThroughThePage(
  send: Browser,
  basePath: string,
  password = "correct horse",
): Promise<{ signIn: Response; csrfToken: string }> {
  const page = await send(`${basePath}/signin`);
  expect(page.status).toBe(200);
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(csrfToken).toBeTruthy();
  const signIn = await send(`${basePath}/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      csrfToken: csrfToken!,
      username: "ada",
      password,
      callbackUrl: "/dashboard",
    }),
  });
  return { signIn, csrfToken: csrfToken! };
}

/** Signs out with the CSRF token, as the sign-out page's form does. */
export function signOut(send: Browser, basePath: string, csrfToken: string): Promise<Response> {
  return send(`${basePath}/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken }),
  });
}

/**
 * A session cookie claiming to be Ada, sealed in latchkey's own format but with a secret the app
 * does not have: what an attacker who knows the format, but not the secret, can make.
 */
export async function forgedSessionCookie(): Promise<string> {
  const token = await encode({
    token: { sub: "user-ada", name: "Ada Lovelace", email: "ada@example.test" },
    secret: "an-attacker-secret-that-is-long-enough-0123",
    salt: "authjs.session-token",
  });
  return `authjs.session-token=${token}`;
}
