/**
 * The base path framework glue builds its own URLs with (the sign-in redirect of `verifyAuth`,
 * `requireAuth`, the SvelteKit handle) when the config names none: AUTH_URL's path, read once per
 * config as `Auth()` reads it, so that a redirect always points where the routes are served.
 */
import { serve as serveHono } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, expect, test, vi } from "vitest";
import { authHandler, initAuthConfig, verifyAuth } from "../../src/hono/index.js";
import { closeAfterTest, credentialsConfig } from "../support/framework-http.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

async function serve(app: Hono): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const server = serveHono({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
    closeAfterTest(() => new Promise<void>((done) => server.close(() => done())));
  });
  return `http://127.0.0.1:${port}`;
}

test("verifyAuth sends a page load to sign in under AUTH_URL's path as first read, where the routes stay", async () => {
  const app = new Hono();
  app.use("*", initAuthConfig(credentialsConfig()));
  app.use("/api/auth/*", authHandler());
  app.get("/dashboard", verifyAuth(), (c) => c.text("dashboard"));
  const origin = await serve(app);
  const page = () => fetch(`${origin}/dashboard`, { headers: { accept: "text/html" }, redirect: "manual" });

  vi.stubEnv("AUTH_URL", `${origin}/api/auth`);
  const first = await page();
  expect(first.status).toBe(303);
  expect(first.headers.get("location")).toBe(
    `/api/auth/signin?callbackUrl=${encodeURIComponent("/dashboard")}`,
  );

  // The handler has served the routes under /api/auth since its config was first prepared; a
  // redirect to the new path would lead to a page nobody serves.
  vi.stubEnv("AUTH_URL", `${origin}/elsewhere/auth`);
  const second = await page();
  expect(second.headers.get("location")).toBe(first.headers.get("location"));
  expect((await fetch(`${origin}${second.headers.get("location")}`)).status).toBe(200);
});
