/**
 * A browser for the OAuth round trip: the app is driven in-process through `Auth()` with its own
 * cookie jar; the OpenID Provider over real HTTP with another, logging in through its development
 * login form. Every step asserts what a browser would see.
 */
import { expect } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { CookieJar, getCsrf, send } from "../../core/helpers.js";

export const APP = "http://app.test";

export interface Browser {
  app: CookieJar;
  op: CookieJar;
}

export const newBrowser = (): Browser => ({ app: new CookieJar(), op: new CookieJar() });

/** One request to the OP with the OP jar, redirects not followed. */
export async function opRequest(
  browser: Browser,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers({ cookie: browser.op.header() });
  let body: string | undefined;
  if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  browser.op.apply(response);
  return response;
}

/** `POST /signin/:id` from the app's page: the URL of the OP's authorization endpoint. */
export async function startSignIn(
  config: AuthConfig,
  browser: Browser,
  providerId: string,
  query = "",
): Promise<URL> {
  const { token } = await getCsrf(config, { cookie: browser.app, origin: APP });
  const response = await send(config, `/signin/${providerId}${query}`, {
    origin: APP,
    cookie: browser.app,
    form: { csrfToken: token, callbackUrl: `${APP}/dashboard` },
  });
  browser.app.apply(response);
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") as string);
}

/**
 * At the OP: follows the authorization request through login (as `account`) until the OP redirects
 * back to the app; returns that callback URL. `abort` presses "cancel" instead (access_denied).
 */
export async function authorizeAtOP(
  browser: Browser,
  authorizationUrl: URL,
  account: string,
  options: { abort?: boolean } = {},
): Promise<URL> {
  let next = authorizationUrl.href;
  for (let step = 0; step < 10; step++) {
    if (next.startsWith(APP) || next.startsWith("https://app.test/")) return new URL(next);
    const response = await opRequest(browser, next);
    if (response.status === 200 && next.includes("/interaction/")) {
      const html = await response.text();
      const uid = new URL(next).pathname.split("/")[2] as string;
      const base = new URL(next).origin;
      const submitted = options.abort
        ? await opRequest(browser, `${base}/interaction/${uid}/abort`)
        : html.includes('name="login"')
          ? await opRequest(browser, `${base}/interaction/${uid}`, {
              form: { prompt: "login", login: account, password: "any" },
            })
          : await opRequest(browser, `${base}/interaction/${uid}`, { form: { prompt: "consent" } });
      next = new URL(submitted.headers.get("location") as string, base).href;
      continue;
    }
    expect([302, 303]).toContain(response.status);
    next = new URL(response.headers.get("location") as string, next).href;
  }
  throw new Error("the OP did not redirect back to the app within 10 steps");
}

/** `GET /callback/:id?…` at the app, as the OP's redirect lands. */
export async function finishSignIn(config: AuthConfig, browser: Browser, callback: URL): Promise<Response> {
  const path = callback.pathname.replace(/^\/auth/, "") + callback.search;
  const response = await send(config, path, { origin: APP, cookie: browser.app });
  browser.app.apply(response);
  return response;
}

/** The whole round trip; returns the app's answer to the callback. */
export async function signInAtOP(
  config: AuthConfig,
  browser: Browser,
  providerId: string,
  account: string,
): Promise<Response> {
  // A fresh login at the OP each time, so each round trip is as `account`.
  browser.op.cookies.clear();
  const authorization = await startSignIn(config, browser, providerId);
  const callback = await authorizeAtOP(browser, authorization, account);
  return finishSignIn(config, browser, callback);
}

/** `GET /session` with the app jar. */
export async function sessionOf(
  config: AuthConfig,
  browser: Browser,
): Promise<Record<string, unknown> | null> {
  const response = await send(config, "/session", { origin: APP, cookie: browser.app });
  browser.app.apply(response);
  return (await response.json()) as Record<string, unknown> | null;
}
