/**
 * Devices for the session-management tests: browsers that sign in with a User-Agent of their own
 * from an address a trusted proxy reports, and the request a "your devices" page would get.
 */
import { expect } from "vitest";
import type { TestBrowser } from "./harness.js";

export const SESSION_COOKIE = "authjs.session-token";
export const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
export const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";

/** The request of the browser's "your devices" page. */
export function devicesRequest(browser: TestBrowser): Request {
  return new Request("http://app.test/account/devices", { headers: { cookie: browser.cookieHeader() } });
}

/**
 * Signs `username` in (password "right") with the given User-Agent, from `address` as a trusted
 * proxy reports it (the config must set `rateLimit.trustForwardedFor`); resolves to the session cookie.
 */
export async function signInFromDevice(
  browser: TestBrowser,
  username: string,
  userAgent = LAPTOP,
  address = "203.0.113.7",
): Promise<string> {
  const csrfToken = await browser.csrfToken();
  const response = await browser.fetch("/auth/callback/credentials", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": userAgent,
      "x-forwarded-for": `198.51.100.1, ${address}`,
    },
    body: new URLSearchParams({ csrfToken, username, password: "right" }),
  });
  expect(response.status).toBe(302);
  return browser.jar.get(SESSION_COOKIE) as string;
}
