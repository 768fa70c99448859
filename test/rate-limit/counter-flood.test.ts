/**
 * The limiter's counters against a flood of junk sign-in attempts, through `Auth()`: made-up
 * usernames from many addresses, enough to fill the default store's 10,000 counters twice over.
 * A counter that keeps an account locked out must outlive the flood, and guesses at a locked
 * account must never reach `authorize`; requests refused under their address must add no counter
 * for the accounts they name, so one client cannot fill the store faster than its own limit.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import { aliceCredentials, getCsrf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { FakeClock } from "../store/clock.js";

const RIGHT = { username: "alice", password: "correct horse" };
const WRONG = { username: "alice", password: "tr0ub4dor" };

function app(store?: MemoryStore) {
  const authorized: string[] = [];
  const logs = recordingLogger();
  const provider = aliceCredentials();
  const config = makeConfig({
    logger: logs.logger,
    ...(store ? { store } : {}),
    // Clients are told apart by X-Forwarded-For, as behind a proxy the app trusts.
    rateLimit: { trustForwardedFor: true },
    providers: [
      {
        ...provider,
        authorize: (credentials, request) => {
          authorized.push(String(credentials.username));
          return provider.authorize(credentials, request);
        },
      },
    ],
  });
  return { config, authorized, logs };
}

/** Posts credentials from `address`, reusing one CSRF pair: a flood needs no fresh one per request. */
async function poster(config: AuthConfig) {
  const { token, jar } = await getCsrf(config);
  return (fields: Record<string, string>, address: string) =>
    send(config, "/callback/credentials", {
      cookie: jar,
      form: { csrfToken: token, ...fields },
      headers: { "x-forwarded-for": address },
    });
}

/** The `n`th address of the flood, one per request pair: 10.0.0.0/8 has room for all of them. */
const floodAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

describe("a flood of junk sign-in attempts on the default store (10,000 counters), 12,000 requests", () => {
  it("keeps the account's lockout and lets no guess reach authorize", { timeout: 60_000 }, async () => {
    const { config, authorized } = app();
    const post = await poster(config);
    for (let i = 0; i < 10; i++) expect((await post(WRONG, "203.0.113.7")).status).toBe(302);
    expect((await post(RIGHT, "203.0.113.7")).status).toBe(429);

    // 12,000 junk attempts: two per made-up username, each pair from its own address, so every
    // junk counter stands at 2 and none is cheaper to drop than the lockout.
    const statuses = new Map<number, number>();
    for (let n = 0; n < 6_000; n++) {
      for (let twice = 0; twice < 2; twice++) {
        const { status } = await post({ username: `junk${n}`, password: "x" }, floodAddress(n));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }

    const before = authorized.length;
    for (let i = 0; i < 200; i++) {
      expect((await post(RIGHT, "203.0.113.7")).status).toBe(429);
      expect((await post(RIGHT, "198.51.100.1")).status).toBe(429);
    }
    expect(authorized.length).toBe(before);
    // The store filled up: the flood's later requests were refused, not let in by dropping others.
    expect(statuses.get(429)).toBeGreaterThan(1_000);
  });
});

describe("a smaller store (maxKeys 200), with its clock", () => {
  it("answers a request whose counters find no room 429 with Retry-After and a logged reason", async () => {
    const clock = new FakeClock();
    const { config, logs, authorized } = app(new MemoryStore({ maxKeys: 200, now: clock.now }));
    const post = await poster(config);
    for (let i = 0; i < 11; i++) await post(WRONG, "203.0.113.7");
    for (let n = 0; n < 200; n++) await post({ username: `junk${n}`, password: "x" }, floodAddress(n));
    clock.advance(5 * 60_000);
    const refused = await post(RIGHT, "198.51.100.1");
    expect(refused.status).toBe(429);
    // Room frees when the first counter's 15-minute window ends, 10 minutes from now.
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(logs.warningLines.at(-1)).toMatch(
      /^RateLimited: The rate-limit store is full \(MemoryStore maxKeys\)/,
    );
    // The lockout holds until its window ends, and then the account signs in again.
    expect((await post(RIGHT, "203.0.113.7")).status).toBe(429);
    const before = authorized.length;
    clock.advance(10 * 60_000);
    expect((await post(RIGHT, "203.0.113.7")).status).toBe(302);
    expect(authorized.slice(before)).toEqual(["alice"]);
  });

  it("adds no account counter for a request refused under its address", async () => {
    const clock = new FakeClock();
    const store = new MemoryStore({ maxKeys: 200, now: clock.now });
    const { config } = app(store);
    const post = await poster(config);
    // One client sprays 1,000 made-up usernames; its address allows 60 attempts per window.
    for (let n = 0; n < 1_000; n++) await post({ username: `spray${n}`, password: "x" }, "203.0.113.7");
    // The address's counter and the 60 accounts it was allowed to name: room for others remains.
    expect(store.size).toBe(61);
    expect((await post(RIGHT, "198.51.100.1")).status).toBe(302);
  });
});
