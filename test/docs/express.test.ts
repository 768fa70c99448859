/**
 * latchkey under real Express 5 over node:http: the `toNodeHandler` example from src/node/index.ts
 * itself (run from its TSDoc, so the documented mounting is what is tested), and the mounting
 * variants apps use (body parsers in front, a base path deeper than `/auth`).
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { toNodeHandler } from "../../src/node/index.js";
import Credentials from "../../src/providers/credentials.js";
import { CookieJar } from "../support/cookie-jar.js";
import { runExampleByKey } from "./examples/run.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function serve(app: RequestListener): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A browser: keeps cookies, does not follow redirects. */
function browser(origin: string) {
  const jar = new CookieJar();
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", jar.header());
    const response = await fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
    jar.apply(response);
    return response;
  };
}

/** Signs in through the sign-in page's form, as a user would, and returns the session afterwards. */
async function signInThroughThePage(
  send: ReturnType<typeof browser>,
  basePath: string,
  fields: Record<string, string>,
) {
  const page = await send(`${basePath}/signin`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await page.text();
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(html)?.[1];
  expect(csrfToken).toBeTruthy();

  const signIn = await send(`${basePath}/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrfToken!, ...fields, callbackUrl: "/dashboard" }),
  });
  return { signIn, csrfToken: csrfToken!, session: await (await send(`${basePath}/session`)).json() };
}

describe("the toNodeHandler example on Express 5", () => {
  // One app, as the example builds it; each test serves it on its own port.
  let app: express.Express;
  beforeAll(async () => {
    app = (await runExampleByKey(ROOT, "src/node/index.ts#toNodeHandler")).app as express.Express;
  });

  test("serves the sign-in page, CSRF, a credentials sign-in, the session and sign-out", async () => {
    const origin = await serve(app);
    const send = browser(origin);

    const { csrfToken: pageToken } = (await (await send("/auth/csrf")).json()) as { csrfToken: string };
    expect(pageToken).toMatch(/^[\w-]{20,}$/);

    const { signIn, csrfToken, session } = await signInThroughThePage(send, "/auth", {
      username: "ada",
      password: "correct horse",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
    expect(session).toMatchObject({ user: { name: "ada", email: "ada@example.test" } });

    const signOut = await send("/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(signOut.status).toBe(302);
    expect(await (await send("/auth/session")).json()).toBeNull();
  });

  test("refuses a sign-in without the CSRF token, and wrong credentials", async () => {
    const origin = await serve(app);
    const send = browser(origin);
    await send("/auth/csrf");

    const forged = await send("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "ada", password: "correct horse" }),
    });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);

    const { signIn, session } = await signInThroughThePage(send, "/auth", {
      username: "ada",
      password: "guess",
    });
    expect(signIn.headers.get("location")).toMatch(/error=CredentialsSignin/);
    expect(session).toBeNull();
  });

  test("leaves the app's other routes to Express", async () => {
    app.get("/health", (_request, response) => {
      response.send("ok");
    });
    const origin = await serve(app);
    expect(await (await fetch(`${origin}/health`)).text()).toBe("ok");
    expect((await fetch(`${origin}/authx/session`)).status).toBe(404);
  });
});

describe("toNodeHandler mounted in other ways on Express 5", () => {
  const config = (basePath?: string): AuthConfig => ({
    secret: "express-test-secret-0123456789abcdef",
    trustHost: true,
    ...(basePath === undefined ? {} : { basePath }),
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "pw" ? { id: "u1", name: String(username) } : null,
      }),
    ],
  });

  test("after body parsers that already consumed the form and JSON bodies", async () => {
    const app = express();
    app.use(express.urlencoded({ extended: false }), express.json());
    app.use("/auth", toNodeHandler(config()));
    const origin = await serve(app);
    const send = browser(origin);

    const { session } = await signInThroughThePage(send, "/auth", { username: "grace", password: "pw" });
    expect(session).toMatchObject({ user: { name: "grace" } });

    const { csrfToken } = (await (await send("/auth/csrf")).json()) as { csrfToken: string };
    const signOut = await send("/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-return-redirect": "1" },
      body: JSON.stringify({ csrfToken }),
    });
    expect(signOut.status).toBe(200);
    expect(await (await send("/auth/session")).json()).toBeNull();
  });

  test("on a named wildcard route, Express 5's form of `/auth/*`", async () => {
    const app = express();
    app.all("/auth/*path", toNodeHandler(config()));
    const origin = await serve(app);
    const send = browser(origin);

    const { session } = await signInThroughThePage(send, "/auth", { username: "edsger", password: "pw" });
    expect(session).toMatchObject({ user: { name: "edsger" } });
  });

  test("under a deeper base path, inside a router", async () => {
    const app = express();
    const api = express.Router();
    api.use("/auth", toNodeHandler(config("/api/auth")));
    app.use("/api", api);
    const origin = await serve(app);
    const send = browser(origin);

    const { session } = await signInThroughThePage(send, "/api/auth", { username: "alan", password: "pw" });
    expect(session).toMatchObject({ user: { name: "alan" } });
  });
});
