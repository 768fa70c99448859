import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Email from "../../src/providers/email.js";
import {
  APP,
  aliceCredentials,
  CookieJar,
  expectJsonError,
  getCsrf,
  locationOf,
  makeConfig,
  send,
  setCookieNamed,
  signedIn,
  signInWithCredentials,
} from "./helpers.js";

const CALLBACK_COOKIE = "__Secure-authjs.callback-url";

/** Values that point off the app (or would, after a lenient decode); each must fall back to the app. */
const FOREIGN = [
  "//evil.test",
  "//evil.test/path",
  "/\\evil.test",
  "\\\\evil.test",
  "/%5Cevil.test",
  "/%5cevil.test",
  "/%2F%2Fevil.test",
  "/%252F%252Fevil.test",
  "%2F%2Fevil.test",
  "https://app.test@evil.test",
  "https://app.test%2F@evil.test",
  "https://user:pass@app.test/x",
  "https://evil.test",
  "https://evil.test/https://app.test",
  "https://evil.test#@app.test",
  "https://evil.test?@app.test",
  "https://evil.test\\@app.test",
  "https://app.test.evil.test",
  "https:evil.test",
  "https:/evil.test",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,x",
  "vbscript:msgbox(1)",
  "ftp://app.test/x",
  "http://app.test:8080/x",
  "https://app.test:8443/x",
  "http://app.test/x",
  "／／evil.test",
  "dashboard",
];

/** Same-origin values and what they resolve to. */
const ALLOWED: Array<[string, string]> = [
  ["/dashboard?x=1#y", `${APP}/dashboard?x=1#y`],
  ["HTTPS://APP.TEST/ok", `${APP}/ok`],
  [`${APP}/deep/path?q=1`, `${APP}/deep/path?q=1`],
  ["https://app.test:443/default-port", `${APP}/default-port`],
];

/** Values that are not URLs at all (or hide characters parsers drop): 400, never a redirect. */
const MALFORMED: Array<[string, string]> = [
  ["an unclosed IPv6 host", "http://[::1"],
  ["a bad port", "https://app.test:99999/x"],
  ["over 4096 characters", `/${"a".repeat(4096)}`],
  ["a leading tab before //", "\t//evil.test"],
  ["a tab inside //", "/\t/evil.test"],
  ["a newline inside //", "/\n/evil.test"],
  ["a carriage return in the scheme", "java\rscript:alert(1)"],
  ["a NUL byte", "/\u0000//evil.test"],
  ["a leading space", " //evil.test"],
];

function expectOnApp(url: string | null | undefined): void {
  expect(url).toBeTruthy();
  const raw = url as string;
  expect(raw).not.toMatch(/^\/\//);
  expect(raw).not.toContain("\\");
  const parsed = new URL(raw);
  expect(parsed.origin).toBe(APP);
  expect(parsed.username + parsed.password).toBe("");
}

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function hiddenCallbackUrls(html: string): string[] {
  return [...html.matchAll(/name="callbackUrl" value="([^"]*)"/g)].map((match) =>
    decodeHtml(match[1] as string),
  );
}

describe.each(FOREIGN)("callbackUrl %j", (candidate) => {
  it("GET /signin remembers and renders the app's own URL instead", async () => {
    const response = await send(makeConfig(), `/signin?callbackUrl=${encodeURIComponent(candidate)}`);
    expect(response.status).toBe(200);
    expectOnApp(setCookieNamed(response, CALLBACK_COOKIE).value);
    const fields = hiddenCallbackUrls(await response.text());
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expectOnApp(field);
  });

  it("the credentials callback redirects to the app, from the body or the query", async () => {
    const config = makeConfig();
    const fromBody = await signInWithCredentials(config, {
      username: "alice",
      password: "correct horse",
      callbackUrl: candidate,
    });
    expectOnApp(locationOf(fromBody.response).href);
    expect(fromBody.response.headers.get("location")).not.toContain("evil");

    const { token, jar } = await getCsrf(config);
    const fromQuery = await send(
      config,
      `/callback/credentials?callbackUrl=${encodeURIComponent(candidate)}`,
      {
        cookie: jar,
        form: { csrfToken: token, username: "alice", password: "correct horse" },
      },
    );
    expectOnApp(locationOf(fromQuery).href);
  });

  it("POST /signout redirects to the app", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signout", {
      cookie: jar,
      form: { csrfToken: token, callbackUrl: candidate },
    });
    expectOnApp(locationOf(response).href);
  });

  it("GET /signout renders the app's URL in the confirm form", async () => {
    const response = await send(makeConfig(), `/signout?callbackUrl=${encodeURIComponent(candidate)}`);
    for (const field of hiddenCallbackUrls(await response.text())) expectOnApp(field);
  });

  it("POST /signin/credentials passes only the app's URL on to the sign-in page", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signin/credentials", {
      cookie: jar,
      form: { csrfToken: token, callbackUrl: candidate },
    });
    const location = locationOf(response);
    expectOnApp(location.href);
    expectOnApp(location.searchParams.get("callbackUrl") ?? APP);
  });

  it("a poisoned callback-url cookie is not followed after sign-in or sign-out", async () => {
    const config = makeConfig();
    const poisoned = new CookieJar({ [CALLBACK_COOKIE]: encodeURIComponent(candidate) });
    const { response, jar } = await signInWithCredentials(config, undefined, { cookie: poisoned });
    expectOnApp(locationOf(response).href);

    jar.cookies.set(CALLBACK_COOKIE, encodeURIComponent(candidate));
    const { token } = await getCsrf(config, { cookie: jar });
    const signOut = await send(config, "/signout", { cookie: jar, form: { csrfToken: token } });
    expectOnApp(locationOf(signOut).href);
  });
});

describe.each(ALLOWED)("same-origin callbackUrl %j", (candidate, expected) => {
  it("is honoured after a credentials sign-in", async () => {
    const { response } = await signInWithCredentials(makeConfig(), {
      username: "alice",
      password: "correct horse",
      callbackUrl: candidate,
    });
    expect(response.headers.get("location")).toBe(expected);
  });

  it("is remembered by GET /signin and rendered into the form", async () => {
    const response = await send(makeConfig(), `/signin?callbackUrl=${encodeURIComponent(candidate)}`);
    expect(setCookieNamed(response, CALLBACK_COOKIE).value).toBe(expected);
    expect(hiddenCallbackUrls(await response.text())).toContain(expected);
  });

  it("is honoured after sign-out", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signout", {
      cookie: jar,
      form: { csrfToken: token, callbackUrl: candidate },
    });
    expect(response.headers.get("location")).toBe(expected);
  });
});

describe("a remembered callback-url cookie", () => {
  it("set by GET /signin is where the credentials sign-in lands", async () => {
    const config = makeConfig();
    const jar = new CookieJar();
    jar.apply(await send(config, "/signin?callbackUrl=%2Fafter-login", { cookie: jar }));
    const { response } = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(response.headers.get("location")).toBe(`${APP}/after-login`);
  });
});

describe.each(MALFORMED)("a malformed callbackUrl (%s)", (_what, candidate) => {
  it("is refused with 400 on GET /signin", async () => {
    await expectJsonError(
      await send(makeConfig(), `/signin?callbackUrl=${encodeURIComponent(candidate)}`),
      400,
    );
  });

  it("is refused with 400 InvalidCallbackUrl (Auth.js's name; it answers 500) in the credentials callback body, before any sign-in", async () => {
    const { response } = await signInWithCredentials(makeConfig(), {
      username: "alice",
      password: "correct horse",
      callbackUrl: candidate,
    });
    await expectJsonError(response, 400, "InvalidCallbackUrl");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
  });

  it("is refused with 400 in the POST /signout body", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    await expectJsonError(
      await send(config, "/signout", { cookie: jar, form: { csrfToken: token, callbackUrl: candidate } }),
      400,
    );
  });

  it("in the callback-url cookie only falls back to the app", async () => {
    const config = makeConfig();
    const poisoned = new CookieJar({ [CALLBACK_COOKIE]: encodeURIComponent(candidate) });
    const { response } = await signInWithCredentials(config, undefined, { cookie: poisoned });
    expectOnApp(locationOf(response).href);
  });
});

describe("callbackUrl that is not a string", () => {
  it.each([[42], [true], [{ href: "https://evil.test" }]])("JSON %j is refused with 400", async (value) => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/credentials", {
      cookie: jar,
      json: { csrfToken: token, username: "alice", password: "correct horse", callbackUrl: value },
    });
    await expectJsonError(response, 400);
  });
});

describe("the app's own hooks cannot redirect off-site", () => {
  it("a redirect callback returning a foreign URL falls back to the app", async () => {
    const seen: Array<{ url: string; baseUrl: string }> = [];
    const config = makeConfig({
      callbacks: {
        redirect: (params) => {
          seen.push(params);
          return "https://evil.test/phish";
        },
      },
    });
    const { response } = await signInWithCredentials(config, {
      username: "alice",
      password: "correct horse",
      callbackUrl: "/dashboard",
    });
    expect(locationOf(response).href).toBe(`${APP}/`);
    expect(seen).toContainEqual({ url: `${APP}/dashboard`, baseUrl: APP });
  });

  it("a redirect callback returning a protocol-relative URL falls back to the app on sign-out", async () => {
    const config = makeConfig({ callbacks: { redirect: () => "//evil.test" } });
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    expectOnApp(locationOf(await send(config, "/signout", { cookie: jar, form: { csrfToken: token } })).href);
  });

  it("a redirect callback returning a relative path is resolved on the app", async () => {
    const config = makeConfig({ callbacks: { redirect: () => "/welcome" } });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/welcome`);
  });

  it("a signIn callback returning a foreign URL falls back to the app and signs no one in", async () => {
    const config = makeConfig({ callbacks: { signIn: () => "https://evil.test/after" } });
    const { response } = await signInWithCredentials(config);
    expectOnApp(locationOf(response).href);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
  });

  it("pages.signIn pointing off-site never sends the browser there", async () => {
    const config = makeConfig({ pages: { signIn: "https://evil.test/login" } });
    expectOnApp(locationOf(await send(config, "/signin?callbackUrl=%2Fx")).href);
    const { response } = await signInWithCredentials(config, { username: "alice", password: "wrong" });
    expectOnApp(locationOf(response).href);
  });

  it("an on-site pages.signIn receives the validated callbackUrl and the error", async () => {
    const config = makeConfig({ pages: { signIn: "/login" } });
    const location = locationOf(
      await send(config, `/signin?callbackUrl=${encodeURIComponent("//evil.test")}`),
    );
    expect(location.origin + location.pathname).toBe(`${APP}/login`);
    expectOnApp(location.searchParams.get("callbackUrl"));
    const { response } = await signInWithCredentials(config, { username: "alice", password: "wrong" });
    expect(response.headers.get("location")).toBe(`${APP}/login?error=CredentialsSignin&code=credentials`);
  });

  it.each([
    ["error", "/error?error=AccessDenied"],
    ["signOut", "/signout"],
    ["verifyRequest", "/verify-request"],
  ] as const)("pages.%s pointing off-site never sends the browser there", async (page, path) => {
    const email = Email({ sendVerificationRequest: () => undefined });
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [aliceCredentials(), email],
      session: { strategy: "jwt" },
      pages: { [page]: "https://evil.test/page" },
    });
    expectOnApp(locationOf(await send(config, path)).href);
  });

  it("pages.error pointing off-site is not used for error redirects", async () => {
    const config = makeConfig({
      pages: { error: "//evil.test/error" },
      callbacks: { signIn: () => false },
    });
    const { response } = await signInWithCredentials(config);
    expectOnApp(locationOf(response).href);
  });

  it("pages.newUser pointing off-site never sends a new user there", async () => {
    const config = makeConfig({
      adapter: MemoryAdapter(),
      session: { strategy: "database" },
      providers: [aliceCredentials()],
      pages: { newUser: "https://evil.test/welcome" },
    });
    const { response } = await signInWithCredentials(config, {
      username: "alice",
      password: "correct horse",
      callbackUrl: "/dashboard",
    });
    const location = locationOf(response);
    expectOnApp(location.href);
    expectOnApp(location.searchParams.get("callbackUrl") ?? APP);
  });
});
