/**
 * Signing in through latchkey/next's route handlers, called as Next.js calls them (with a
 * NextRequest), for tests that then use the session outside a built app.
 */
import { NextRequest } from "next/server.js";
import { expect } from "vitest";
import type NextAuth from "../../src/next/index.js";
import { CookieJar } from "./cookie-jar.js";

/**
 * Signs in as the Credentials provider's `ada` / `correct horse` through the route handlers at
 * `${origin}/api/auth`, and returns the browser's cookies.
 */
export async function signedIn(
  handlers: ReturnType<typeof NextAuth>["handlers"],
  origin: string,
): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await handlers.GET(new NextRequest(`${origin}/api/auth/csrf`));
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await handlers.POST(
    new NextRequest(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "correct horse" }),
    }),
  );
  expect(response.status).toBe(302);
  return jar.apply(response);
}
