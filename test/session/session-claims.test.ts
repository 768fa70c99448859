/**
 * The claims a JWT session owes to latchkey alone (`sid`, `auth_time`, `amr`, the unproven-address
 * mark) across a re-issue, through `Auth()`: kept when the app's `jwt` callback builds a new token,
 * never taken from what the callback merges in from a client's `POST /session` data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AuthConfig,
  disableTwoFactor,
  listUserSessions,
  requireRecentAuth,
  revokeUserSession,
} from "../../src/index.js";
import { decode, encode, type JWT } from "../../src/jwt/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import { ALICE, CookieJar, getCsrf, SECRET, send, signInWithCredentials } from "../core/helpers.js";
import { enrolAlice, requestWith, SESSION_COOKIE, sessionOf, twoFactorApp } from "../two-factor/harness.js";

const START = Date.UTC(2026, 10, 26, 12, 0, 10);
beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** POST /session with `data`, as `update(data)` in the client sends it; the jar takes the new cookie. */
async function update(config: AuthConfig, jar: CookieJar, data: unknown): Promise<void> {
  const { token: csrfToken } = await getCsrf(config, { cookie: jar });
  const response = await send(config, "/session", { cookie: jar, json: { csrfToken, data } });
  expect(response.status).toBe(200);
  jar.apply(response);
}

const claimsOf = (jar: CookieJar) =>
  decode({ token: jar.get(SESSION_COOKIE) as string, secret: SECRET, salt: SESSION_COOKIE });

describe("a re-issue through a jwt callback that builds a new token", () => {
  it("keeps the session's id, sign-in time and amr: the session listed before is the one a revocation ends", async () => {
    const { config } = await twoFactorApp({
      store: new MemoryStore(),
      callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }) },
    });
    const { jar } = await signInWithCredentials(config);
    const [listed] = await listUserSessions(config, "user-alice");
    const signedIn = await requireRecentAuth(requestWith(jar), config);
    expect(signedIn).toMatchObject({ ok: true, amr: ["pwd"] });

    vi.setSystemTime(Date.now() + 60_000);
    const before = jar.get(SESSION_COOKIE);
    await update(config, jar, {});
    expect(jar.get(SESSION_COOKIE)).not.toBe(before);
    expect((await listUserSessions(config, "user-alice")).map((session) => session.id)).toEqual([listed?.id]);
    expect(await requireRecentAuth(requestWith(jar), config, { maxAge: 3600 })).toEqual(signedIn);

    expect(await revokeUserSession(config, "user-alice", listed?.id as string)).toBe(true);
    expect(await sessionOf(config, jar)).toBeNull();
  });
});

describe("a token without amr or auth_time (issued by Auth.js, or by latchkey before it recorded them)", () => {
  it("attack: re-issued through a jwt callback that merges the update data, takes no client-chosen amr or auth_time", async () => {
    const { config } = await twoFactorApp({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" && typeof session === "object" && session !== null
            ? { ...token, ...(session as JWT) }
            : token,
      },
    });
    await enrolAlice(config);
    const jar = new CookieJar();
    const legacy = { sub: ALICE.id, name: ALICE.name, email: ALICE.email };
    jar.cookies.set(SESSION_COOKIE, await encode({ token: legacy, secret: SECRET, salt: SESSION_COOKIE }));

    const now = Math.floor(Date.now() / 1000);
    await update(config, jar, { amr: ["pwd", "otp", "mfa"], auth_time: now, name: "Alice A." });
    const claims = await claimsOf(jar);
    expect(claims?.name).toBe("Alice A.");
    expect(claims?.amr).toBeUndefined();
    expect(claims?.auth_time).toBeUndefined();
    expect((await requireRecentAuth(requestWith(jar), config, { factors: ["mfa"] })).ok).toBe(false);
    await expect(disableTwoFactor(requestWith(jar), config)).rejects.toMatchObject({
      type: "StepUpRequired",
    });
  });

  it("a token with auth_time but no amr (recorded before amr was) was signed in then, by no known method", async () => {
    const { config } = await twoFactorApp();
    const jar = new CookieJar();
    const authTime = Math.floor(Date.now() / 1000);
    const older = { sub: ALICE.id, name: ALICE.name, email: ALICE.email, auth_time: authTime };
    jar.cookies.set(SESSION_COOKIE, await encode({ token: older, secret: SECRET, salt: SESSION_COOKIE }));
    expect(await requireRecentAuth(requestWith(jar), config)).toEqual({
      ok: true,
      userId: ALICE.id,
      amr: [],
      authTime,
    });
  });

  it("attack: a token that records them keeps its own, whatever the update data says", async () => {
    const { config } = await twoFactorApp({
      callbacks: { jwt: ({ token, session }) => ({ ...token, ...(session as JWT | undefined) }) },
    });
    const { jar } = await signInWithCredentials(config);
    const recorded = await claimsOf(jar);
    vi.setSystemTime(Date.now() + 600_000);
    await update(config, jar, {
      amr: ["pwd", "otp", "mfa"],
      auth_time: Math.floor(Date.now() / 1000),
      sid: "x",
    });
    expect(await claimsOf(jar)).toMatchObject({
      amr: recorded?.amr,
      auth_time: recorded?.auth_time,
      sid: recorded?.sid,
    });
  });
});

describe("an app's own claims", () => {
  it("a `features` claim the jwt callback writes survives every re-issue, beside latchkey's feature marks", async () => {
    const { config } = await twoFactorApp({
      callbacks: {
        jwt: ({ token, user }) => (user ? { ...token, features: ["beta-dashboard"] } : token),
      },
    });
    const { jar } = await signInWithCredentials(config);
    expect((await claimsOf(jar))?.features).toEqual(["beta-dashboard"]);

    vi.setSystemTime(Date.now() + 60_000);
    const before = jar.get(SESSION_COOKIE);
    await update(config, jar, {});
    expect(jar.get(SESSION_COOKIE)).not.toBe(before);
    expect((await claimsOf(jar))?.features).toEqual(["beta-dashboard"]);
  });
});
