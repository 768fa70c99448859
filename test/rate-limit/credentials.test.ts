/**
 * The limiter attacked through `Auth()`: password guessing against one account, from one address
 * or from many, and spraying many accounts from one address. A limited request is answered 429
 * with Retry-After before `authorize` runs.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import type { RateLimitConfig } from "../../src/rate-limit/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { aliceCredentials, getCsrf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { FakeClock } from "../store/clock.js";

const RIGHT = { username: "alice", password: "correct horse" };
const WRONG = { username: "alice", password: "tr0ub4dor" };

interface Harness {
  config: AuthConfig;
  clock: FakeClock;
  authorizeCalls: string[];
  logs: ReturnType<typeof recordingLogger>;
}

function harness(options: { rateLimit?: RateLimitConfig | false; store?: ShortLivedStore } = {}): Harness {
  const clock = new FakeClock();
  const authorizeCalls: string[] = [];
  const logs = recordingLogger();
  const provider = aliceCredentials();
  const authorize = provider.authorize;
  const config = makeConfig({
    logger: logs.logger,
    store: options.store ?? new MemoryStore({ now: clock.now }),
    // The tests name clients by X-Forwarded-For, as a proxy the app trusts would.
    rateLimit: options.rateLimit === false ? false : { trustForwardedFor: true, ...options.rateLimit },
    providers: [
      {
        ...provider,
        authorize: (credentials, request) => {
          authorizeCalls.push(String(credentials.username));
          return authorize(credentials, request);
        },
      },
    ],
  });
  return { config, clock, authorizeCalls, logs };
}

/** One credentials post from `address` (a trusted proxy's X-Forwarded-For), with a fresh CSRF pair. */
async function attempt(
  config: AuthConfig,
  fields: Record<string, string>,
  address = "203.0.113.7",
  headers: Record<string, string> = {},
): Promise<Response> {
  const { token, jar } = await getCsrf(config);
  return send(config, "/callback/credentials", {
    cookie: jar,
    form: { csrfToken: token, ...fields },
    headers: { "x-forwarded-for": address, ...headers },
  });
}

function isSignedIn(response: Response): boolean {
  return response.status === 302 && !String(response.headers.get("location")).includes("error=");
}

describe("rate limiting credentials sign-in", () => {
  it("answers the 11th bad password with 429 and Retry-After, refuses the right one until the window passes, then lets it in", async () => {
    const { config, clock, authorizeCalls } = harness();
    for (let i = 0; i < 10; i++) {
      const response = await attempt(config, WRONG);
      expect(response.headers.get("location")).toContain("error=CredentialsSignin");
    }
    const eleventh = await attempt(config, WRONG);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBe(15 * 60);
    expect(eleventh.headers.get("content-type")).toContain("text/html");
    expect(await eleventh.text()).toContain("Too many attempts");

    clock.advance(5 * 60 * 1000);
    const tooSoon = await attempt(config, RIGHT);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("retry-after"))).toBe(10 * 60);
    // The limited requests never reached authorize.
    expect(authorizeCalls).toHaveLength(10);

    clock.advance(10 * 60 * 1000);
    expect(isSignedIn(await attempt(config, RIGHT))).toBe(true);
    expect(authorizeCalls).toHaveLength(11);
  });

  it("limits one account attacked from rotating addresses", async () => {
    const { config, authorizeCalls } = harness();
    for (let i = 0; i < 10; i++) await attempt(config, WRONG, `198.51.100.${i + 1}`);
    const response = await attempt(config, RIGHT, "192.0.2.99");
    expect(response.status).toBe(429);
    expect(authorizeCalls).toHaveLength(10);
  });

  it("counts the account however its identifier is cased or padded", async () => {
    const { config } = harness({ rateLimit: { rules: { signInAttempt: { perAccount: 2 } } } });
    await attempt(config, { username: "Alice", password: "x" });
    await attempt(config, { username: " ALICE ", password: "x" });
    expect((await attempt(config, RIGHT, "192.0.2.50")).status).toBe(429);
  });

  it("limits one address spraying many accounts", async () => {
    const { config, authorizeCalls } = harness({ rateLimit: { rules: { signInAttempt: { perIp: 5 } } } });
    for (let i = 0; i < 5; i++) {
      const response = await attempt(config, { username: `user${i}`, password: "Winter2031!" });
      expect(response.status).toBe(302);
    }
    const sixth = await attempt(config, { username: "user5", password: "Winter2031!" });
    expect(sixth.status).toBe(429);
    expect(authorizeCalls).toEqual(["user0", "user1", "user2", "user3", "user4"]);
    // Another address is not affected.
    expect(isSignedIn(await attempt(config, RIGHT, "198.51.100.200"))).toBe(true);
  });

  it("groups IPv6 addresses by /64: rotating inside one /64 is one client, another /64 is not", async () => {
    const { config } = harness({ rateLimit: { rules: { signInAttempt: { perIp: 3 } } } });
    for (let i = 1; i <= 3; i++) {
      await attempt(config, { username: `u${i}`, password: "x" }, `2001:db8:aa:bb::${i.toString(16)}`);
    }
    const sameSlash64 = await attempt(config, { username: "u4", password: "x" }, "2001:db8:aa:bb:ffff:1:2:3");
    expect(sameSlash64.status).toBe(429);
    const sameAsMapped = await attempt(config, RIGHT, "2001:0db8:00aa:00bb:0000:0000:0000:0009");
    expect(sameAsMapped.status).toBe(429);
    const otherSlash64 = await attempt(config, RIGHT, "2001:db8:aa:bc::1");
    expect(isSignedIn(otherSlash64)).toBe(true);
  });

  it("answers fetch callers (X-Auth-Return-Redirect) with JSON carrying the error URL and the wait", async () => {
    const { config, logs } = harness({ rateLimit: { rules: { signInAttempt: { perAccount: 1 } } } });
    await attempt(config, WRONG);
    const response = await attempt(config, WRONG, undefined, { "x-auth-return-redirect": "1" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("900");
    const body = (await response.json()) as { error: string; message: string; url: string };
    expect(body.error).toBe("RateLimited");
    // The message a caller can show names the same wait as Retry-After.
    expect(body.message).toBe("Too many sign-in attempts; try again in 900 seconds.");
    expect(new URL(body.url).searchParams.get("error")).toBe("RateLimited");
    expect(logs.warningLines.filter((line) => line.startsWith("RateLimited: "))).toEqual([
      "RateLimited: Too many sign-in attempts; try again in 900 seconds. (see docs/errors.md#ratelimited)",
    ]);
  });

  it("does not count a post that fails the CSRF check, so a cross-site form cannot lock an account", async () => {
    const { config } = harness({ rateLimit: { rules: { signInAttempt: { perAccount: 1 } } } });
    for (let i = 0; i < 5; i++) {
      await send(config, "/callback/credentials", {
        form: { csrfToken: "forged", ...WRONG },
        headers: { "x-forwarded-for": "198.51.100.9" },
      });
    }
    expect(isSignedIn(await attempt(config, RIGHT))).toBe(true);
  });

  it("is off with rateLimit: false", async () => {
    const { config, authorizeCalls } = harness({ rateLimit: false });
    for (let i = 0; i < 15; i++) await attempt(config, WRONG);
    expect(isSignedIn(await attempt(config, RIGHT))).toBe(true);
    expect(authorizeCalls).toHaveLength(16);
  });

  it("keeps counters in rateLimit.store when one is given, apart from the config's store", async () => {
    const counters = new MemoryStore();
    const { config } = harness({
      rateLimit: { store: counters, rules: { signInAttempt: { perAccount: 1 } } },
    });
    await attempt(config, WRONG);
    expect(await counters.get("rl:signInAttempt:account:credentials:username:alice")).toBe("1");
  });

  it("fails closed when the store fails: the attempt is refused, authorize never runs, the failure is logged", async () => {
    const broken = new MemoryStore();
    broken.increment = () => Promise.reject(new Error("connection refused"));
    const { config, authorizeCalls, logs } = harness({ store: broken });
    const response = await attempt(config, RIGHT);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("error=RateLimitStoreError");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token"))).toBe(false);
    expect(authorizeCalls).toEqual([]);
    expect(logs.errors.map((error) => error.name)).toEqual(["RateLimitStoreError"]);
    expect(logs.text()).toContain("connection refused");
  });

  it("refuses rule values that are not whole numbers of at least 1, and unknown rules, at startup", async () => {
    for (const rateLimit of [
      { rules: { signInAttempt: { perIp: 0 } } },
      { rules: { signInRequest: { windowSeconds: 1.5 } } },
      { rules: { signInAttempts: { perIp: 5 } } },
    ] as RateLimitConfig[]) {
      const { config, logs } = harness({ rateLimit });
      const response = await send(config, "/providers");
      expect(response.status).toBe(500);
      expect(logs.text()).toMatch(/rateLimit\.rules/);
    }
  });
});

describe("flows that name no accounts", () => {
  it("are not counted: starting OAuth sign-ins from one address is never limited", async () => {
    const config = makeConfig({
      rateLimit: { rules: { signInRequest: { perIp: 1 }, signInAttempt: { perIp: 1 } } },
      providers: [
        aliceCredentials(),
        {
          id: "github",
          name: "GitHub",
          type: "oauth",
          clientId: "id",
          clientSecret: "secret",
          authorization: "https://github.test/authorize",
          token: "https://github.test/token",
          userinfo: "https://github.test/user",
        },
      ],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token, jar } = await getCsrf(config);
      const response = await send(config, "/signin/github", {
        cookie: jar,
        form: { csrfToken: token },
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      statuses.push(response.status);
    }
    expect(statuses).not.toContain(429);
    // The credentials provider, which names accounts, is still limited from that address.
    await attempt(config, { username: "a", password: "x" });
    expect((await attempt(config, { username: "b", password: "x" })).status).toBe(429);
  });
});
