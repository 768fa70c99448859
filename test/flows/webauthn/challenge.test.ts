/**
 * The challenge a ceremony is bound to, through `Auth()`: how long the store keeps it, what a
 * sealed challenge cookie must hold to be believed, and what happens when the store refuses it.
 */
import { describe, expect, it } from "vitest";
import { sealCheckCookie } from "../../../src/cookie/check-cookies.js";
import { defaultCookies } from "../../../src/cookie/names.js";
import { decode, encode } from "../../../src/jwt/index.js";
import { MemoryStore } from "../../../src/rate-limit/index.js";
import type { ShortLivedStore } from "../../../src/store/types.js";
import { SECRET, setCookieNamed } from "../../core/helpers.js";
import {
  assertionFor,
  CHALLENGE_COOKIE,
  CookieJar,
  errorOf,
  fetchOptions,
  type PasskeyApp,
  passkeyApp,
  postCeremony,
  registerNewUser,
  sessionOf,
  snapshot,
} from "./harness.js";

/** A challenge cookie sealed with the app's own secret around `state`, as only a server could make it. */
async function sealedChallenge(state: string): Promise<string> {
  const cookie = await sealCheckCookie({
    codec: { encode, decode },
    check: "challenge",
    value: state,
    providerId: "passkey",
    cookie: defaultCookies(true).webauthnChallenge,
    secret: SECRET,
  });
  return cookie.value;
}

describe("the store keeps a challenge for the ceremony's timeout plus a minute", () => {
  async function attemptAfter(elapsedMs: number) {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const app = passkeyApp({
      provider: { timeout: 30_000 },
      config: { store: new MemoryStore({ now: () => now }) },
    });
    await registerNewUser(app);
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    now += elapsedMs;
    return { app, response: await postCeremony(app, jar, { action: "authenticate", data }) };
  }

  it("accepts a response just before the 90 seconds are up", async () => {
    expect(errorOf((await attemptAfter(89_000)).response)).toBeNull();
  });

  it("refuses one just after, although the browser still holds the cookie", async () => {
    const { app, response } = await attemptAfter(91_000);
    expect(errorOf(response)).toBe("WebAuthnVerificationError");
    expect(app.refusals.at(-1)).toMatch(/already used or has expired/);
  });
});

describe("the challenge cookie's lifetime", () => {
  it.each([
    [30_500, "91"],
    [3_600_000, "900"],
  ])(
    "for a timeout of %i ms is %s seconds (whole seconds up, never beyond 15 minutes)",
    async (timeout, maxAge) => {
      const app = passkeyApp({ provider: { timeout } });
      const response = await fetchOptions(app, new CookieJar());
      expect(setCookieNamed(response, CHALLENGE_COOKIE).attributes.get("max-age")).toBe(maxAge);
    },
  );
});

it("a challenge the store already holds is never handed out", async () => {
  const store = new MemoryStore();
  const refusing: ShortLivedStore = Object.assign(Object.create(store) as ShortLivedStore, {
    setIfAbsent: async () => false,
  });
  const app = passkeyApp({ config: { store: refusing } });
  const response = await fetchOptions(app, new CookieJar());
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.headers.getSetCookie().join()).not.toContain(CHALLENGE_COOKIE);
  expect(app.log.text()).toMatch(/challenge was already issued/);
});

describe("a sealed challenge cookie is believed only when its state is whole", () => {
  async function postWithState(app: PasskeyApp, state: string) {
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    jar.cookies.set(CHALLENGE_COOKIE, await sealedChallenge(state));
    const before = snapshot(app.tables);
    const response = await postCeremony(app, jar, { action: "authenticate", data });
    expect(snapshot(app.tables)).toBe(before);
    expect(await sessionOf(app, jar)).toBeNull();
    return response;
  }

  it.each([
    ["not JSON", "{challenge"],
    ["JSON null", "null"],
    ["a JSON string", '"abc"'],
    ["a challenge that is not a string", JSON.stringify({ challenge: 7, action: "authenticate" })],
    ["an unknown action", JSON.stringify({ challenge: "abc", action: "delete" })],
    ["a registration without a registrant", JSON.stringify({ challenge: "abc", action: "register" })],
    [
      "a registration whose registrant is null",
      JSON.stringify({ challenge: "abc", action: "register", registrant: null }),
    ],
    [
      "a registration whose registrant is a string",
      JSON.stringify({ challenge: "abc", action: "register", registrant: "ada@example.test" }),
    ],
    [
      "a registration whose registrant names nobody",
      JSON.stringify({ challenge: "abc", action: "register", registrant: { userId: 7, email: null } }),
    ],
  ])("refuses %s as a missing challenge", async (_what, state) => {
    const app = passkeyApp();
    await registerNewUser(app);
    const response = await postWithState(app, state);
    expect(errorOf(response)).toBe("InvalidCheck");
    expect(app.refusals.join("\n")).toMatch(/challenge cookie is missing, expired, or was not issued/);
  });

  it("takes a whole state to the store, which alone decides whether the challenge is fresh", async () => {
    const app = passkeyApp();
    await registerNewUser(app);
    const response = await postWithState(
      app,
      JSON.stringify({ challenge: "bm90LWlzc3VlZA", action: "authenticate" }),
    );
    expect(errorOf(response)).toBe("WebAuthnVerificationError");
    expect(app.refusals.at(-1)).toMatch(/already used or has expired/);
  });
});
