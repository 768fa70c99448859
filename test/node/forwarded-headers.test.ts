/**
 * Forwarded headers, tried as an attacker would: a client that talks to the Node server directly
 * sends `X-Forwarded-Host` / `X-Forwarded-Proto` / `Forwarded` to make latchkey build its URLs
 * (provider listing, redirects, form actions, later magic links) on a host it controls. Without
 * `trustProxy` the bridge must drop them; with it, they are what the browser saw and are honoured.
 * Also pinned here: the caching and framing headers of every kind of answer, as a browser gets them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { type NodeHandlerOptions, toNodeHandler } from "../../src/node/index.js";
import { CookieJar, makeConfig, recordingLogger } from "../core/helpers.js";

/** What an attacker adds to every request. */
const FORGED = {
  "x-forwarded-host": "evil.test",
  "x-forwarded-proto": "https",
  forwarded: "host=evil.test;proto=https",
};

interface Served {
  origin: string;
  close(): Promise<void>;
}

async function serve(config: AuthConfig, options?: NodeHandlerOptions): Promise<Served> {
  const server: Server = createServer(toNodeHandler(config, options));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser talking to `origin`: keeps cookies, never follows redirects. */
function browser(origin: string, extraHeaders: Record<string, string> = {}) {
  const jar = new CookieJar();
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    if (jar.cookies.size > 0) headers.set("cookie", jar.header());
    const response = await fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
    jar.apply(response);
    return response;
  }
  async function csrfToken(): Promise<string> {
    const response = await request("/auth/csrf");
    expect(response.status).toBe(200);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }
  async function postForm(path: string, fields: Record<string, string>): Promise<Response> {
    return request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await csrfToken(), ...fields }),
    });
  }
  return { jar, request, csrfToken, postForm };
}

type Browser = ReturnType<typeof browser>;

async function signIn(client: Browser): Promise<Response> {
  return client.postForm("/auth/callback/credentials", {
    username: "alice",
    password: "correct horse",
    callbackUrl: "/dashboard",
  });
}

/** Every `action` and `data-signin-url` of the page, resolved against the page's own URL. */
function pageTargets(html: string, pageUrl: string): URL[] {
  const values = [...html.matchAll(/\b(?:action|data-signin-url)="([^"]*)"/g)].map((match) =>
    (match[1] as string).replaceAll("&amp;", "&"),
  );
  return values.map((value) => new URL(value, pageUrl));
}

beforeAll(() => {
  // The rule under test is the trusted-host one: no AUTH_URL may pin the origin.
  vi.stubEnv("AUTH_URL", undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe("toNodeHandler without trustProxy, trustHost on and no AUTH_URL", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(makeConfig());
  });
  afterAll(() => served.close());

  it("keeps the /providers URLs on the host the request reached", async () => {
    const response = await browser(served.origin, FORGED).request("/auth/providers");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("evil.test");
    expect(JSON.parse(text)).toEqual({
      credentials: expect.objectContaining({
        signinUrl: `${served.origin}/auth/signin/credentials`,
        callbackUrl: `${served.origin}/auth/callback/credentials`,
      }),
    });
  });

  it("keeps the redirect after a credentials sign-in on that host, with cookies for plain http", async () => {
    const client = browser(served.origin, FORGED);
    const response = await signIn(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${served.origin}/dashboard`);
    // X-Forwarded-Proto: https was dropped too: the cookies are not the https-only prefixed ones.
    expect([...client.jar.cookies.keys()]).toContain("authjs.session-token");
    expect([...client.jar.cookies.keys()].some((name) => name.startsWith("__"))).toBe(false);
  });

  it("keeps the sign-in page's form actions on that host", async () => {
    const response = await browser(served.origin, FORGED).request("/auth/signin");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("evil.test");
    const targets = pageTargets(html, `${served.origin}/auth/signin`);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target.origin).toBe(served.origin);
    expect(targets.map((target) => target.pathname)).toContain("/auth/callback/credentials");
  });

  it("keeps a Forwarded header alone from moving the URLs", async () => {
    const response = await browser(served.origin, {
      forwarded: "for=1.2.3.4;host=evil.test;proto=https",
    }).request("/auth/providers");
    expect(await response.text()).not.toContain("evil.test");
  });
});

describe("toNodeHandler with trustProxy: true", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(makeConfig(), { trustProxy: true });
  });
  afterAll(() => served.close());

  it("builds the /providers URLs on the forwarded host and protocol", async () => {
    const response = await browser(served.origin, FORGED).request("/auth/providers");
    expect(await response.json()).toEqual({
      credentials: expect.objectContaining({
        signinUrl: "https://evil.test/auth/signin/credentials",
        callbackUrl: "https://evil.test/auth/callback/credentials",
      }),
    });
  });

  it("redirects a credentials sign-in to the forwarded origin, with https cookies", async () => {
    const client = browser(served.origin, FORGED);
    const response = await signIn(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://evil.test/dashboard");
    expect([...client.jar.cookies.keys()]).toContain("__Secure-authjs.session-token");
  });

  it("points the sign-in page's form actions at the forwarded origin", async () => {
    const html = await (await browser(served.origin, FORGED).request("/auth/signin")).text();
    const targets = pageTargets(html, "https://evil.test/auth/signin");
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target.origin).toBe("https://evil.test");
  });
});

describe("caching and framing headers, as served", () => {
  let served: Served;
  beforeAll(async () => {
    // The refused requests below are logged at warn; keep them out of the test output.
    served = await serve(makeConfig({ logger: recordingLogger().logger }));
  });
  afterAll(() => served.close());

  function expectNoStore(response: Response): void {
    expect(response.headers.get("cache-control") ?? "").toContain("no-store");
  }
  function expectJson(response: Response): void {
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  }
  function expectUnframeable(response: Response): void {
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  }

  it("sends no-store and nosniff on /providers, /csrf and /session", async () => {
    const client = browser(served.origin);
    for (const path of ["/auth/providers", "/auth/csrf", "/auth/session"]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(200);
      expectNoStore(response);
      expectJson(response);
      await response.body?.cancel();
    }
  });

  it("sends no-store on a signed-in /session, which carries the user", async () => {
    const client = browser(served.origin);
    expect((await signIn(client)).status).toBe(302);
    const response = await client.request("/auth/session");
    expect(await response.json()).toMatchObject({ user: { email: "alice@example.test" } });
    expectNoStore(response);
    expectJson(response);
  });

  it("sends no-store on the redirect of a sign-in", async () => {
    const response = await signIn(browser(served.origin));
    expect(response.status).toBe(302);
    expectNoStore(response);
  });

  it("sends no-store and refuses framing on the sign-in, sign-out and error pages", async () => {
    const client = browser(served.origin);
    // The error page answers with the error's status (500 for Configuration); still a page.
    for (const path of ["/auth/signin", "/auth/signout", "/auth/error?error=Configuration"]) {
      const response = await client.request(path);
      expect(response.headers.get("location"), path).toBeNull();
      expectNoStore(response);
      expectUnframeable(response);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      await response.body?.cancel();
    }
  });

  it("sends nosniff and no-store on a JSON error", async () => {
    // A session update without its CSRF token is refused with a JSON error.
    const response = await browser(served.origin).request("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name: "mallory" } }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectJson(response);
    expectNoStore(response);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});
