import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/index.js";
import { toNodeHandler } from "../../src/node/index.js";
import Credentials from "../../src/providers/credentials.js";
import { CookieJar } from "../support/cookie-jar.js";

describe.each(["jwt", "database"] as const)("Auth over node:http with %s sessions", (strategy) => {
  let server: Server;
  let base: string;
  const config: AuthConfig = {
    secret: "http-test-secret-0123456789abcdef0123",
    trustHost: true,
    session: { strategy },
    ...(strategy === "database" ? { adapter: MemoryAdapter() } : {}),
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          password === "hunter2"
            ? { id: `u-${String(username)}`, name: String(username), email: "u@example.test" }
            : null,
      }),
    ],
  };

  beforeAll(async () => {
    server = createServer(toNodeHandler(config));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function send(jar: CookieJar, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("cookie", jar.header());
    const response = await fetch(`${base}${path}`, { ...init, headers, redirect: "manual" });
    jar.apply(response);
    return response;
  }

  it("signs in with a form post, reads the session, and signs out", async () => {
    const jar = new CookieJar();
    const page = await send(jar, "/auth/signin");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign in with Credentials");
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(html)?.[1] as string;
    expect(csrfToken).toBeTruthy();

    const signIn = await send(jar, "/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "hunter2", callbackUrl: "/home" }),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${base}/home`);

    const session = await (await send(jar, "/auth/session")).json();
    expect(session).toMatchObject({ user: { name: "ada", email: "u@example.test" } });

    const signOut = await send(jar, "/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(signOut.status).toBe(302);
    expect(await (await send(jar, "/auth/session")).json()).toBeNull();
  });

  it("refuses wrong credentials with the sign-in page's error", async () => {
    const jar = new CookieJar();
    const { csrfToken } = (await (await send(jar, "/auth/csrf")).json()) as { csrfToken: string };
    const response = await send(jar, "/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, username: "ada", password: "guess" }),
    });
    expect(response.headers.get("location")).toBe(
      `${base}/auth/signin?error=CredentialsSignin&code=credentials`,
    );
  });

  it("answers a 1 MiB body with 413 and keeps serving", async () => {
    const response = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "PayloadTooLarge" });
    expect((await fetch(`${base}/auth/providers`)).status).toBe(200);
  });
});
