/**
 * The limiter on its own (rate-limit/limiter.ts): one counter per client address group and per
 * account, a request limited once any counter is over its limit, and Retry-After the time until the
 * last refusing window ends.
 */
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../src/rate-limit/limiter.js";
import type { RateLimitRule, RateLimitRuleName } from "../../src/rate-limit/rules.js";
import { MemoryStore } from "../../src/store/memory.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { FakeClock } from "../store/clock.js";

const RULES: Record<RateLimitRuleName, RateLimitRule> = {
  signInAttempt: { windowSeconds: 60, perIp: 3, perAccount: 2 },
  signInRequest: { windowSeconds: 600, perIp: 100, perAccount: 1 },
  webauthnOptions: { windowSeconds: 60, perIp: 100, perAccount: 100 },
  secondFactor: { windowSeconds: 60, perIp: 100, perAccount: 5 },
  oauthSignIn: { windowSeconds: 60, perIp: 100, perAccount: 10 },
};

function limiter(rules = RULES) {
  const clock = new FakeClock();
  const memory = new MemoryStore({ now: clock.now });
  const keys: string[] = [];
  const store: ShortLivedStore = Object.assign(Object.create(memory) as MemoryStore, {
    increment: (key: string, ttlMs: number) => {
      keys.push(key);
      return memory.increment(key, ttlMs);
    },
  });
  return { clock, keys, limiter: createRateLimiter(store, rules) };
}

describe("createRateLimiter", () => {
  it("lets a request through up to the limit, and limits the one after it", async () => {
    const { limiter: rl } = limiter();
    const subject = { addresses: [], accounts: ["credentials:username:ada"] };
    expect(await rl.check("signInAttempt", subject)).toEqual({ limited: false });
    expect(await rl.check("signInAttempt", subject)).toEqual({ limited: false });
    expect(await rl.check("signInAttempt", subject)).toEqual({
      limited: true,
      retryAfterSeconds: 60,
      reason: "limit",
    });
  });

  it("counts each rule with its own limits and window", async () => {
    const { limiter: rl } = limiter();
    const subject = { addresses: ["203.0.113.7"], accounts: ["email:ada@example.test"] };
    expect(await rl.check("signInRequest", subject)).toEqual({ limited: false });
    expect(await rl.check("signInRequest", subject)).toEqual({
      limited: true,
      retryAfterSeconds: 600,
      reason: "limit",
    });
    // The other rule has counted nothing yet.
    expect(await rl.check("signInAttempt", subject)).toEqual({ limited: false });
  });

  it("counts an address by its group: IPv4-mapped and plain IPv4 alike, IPv6 by /64", async () => {
    const { limiter: rl, keys } = limiter();
    await rl.check("signInAttempt", { addresses: ["::ffff:203.0.113.7"], accounts: [] });
    await rl.check("signInAttempt", { addresses: ["203.0.113.7:4711"], accounts: [] });
    await rl.check("signInAttempt", { addresses: ["2001:db8:1:2::1"], accounts: [] });
    await rl.check("signInAttempt", { addresses: [" 203.0.113.7"], accounts: [] });
    expect(await rl.check("signInAttempt", { addresses: ["203.0.113.7"], accounts: [] })).toMatchObject({
      limited: true,
    });
    expect(await rl.check("signInAttempt", { addresses: ["2001:db8:1:2::ffff"], accounts: [] })).toEqual({
      limited: false,
    });
    expect(new Set(keys)).toEqual(
      new Set(["rl:signInAttempt:ip:203.0.113.7", "rl:signInAttempt:ip:2001:db8:1:2::/64"]),
    );
  });

  it("counts requests without a claim that is an address in one shared bucket, never in none", async () => {
    const { limiter: rl, keys } = limiter();
    expect(await rl.check("signInAttempt", { addresses: [], accounts: [] })).toEqual({ limited: false });
    expect(await rl.check("signInAttempt", { addresses: ["unknown"], accounts: [] })).toEqual({
      limited: false,
    });
    expect(await rl.check("signInAttempt", { addresses: ["_hidden", ""], accounts: [] })).toEqual({
      limited: false,
    });
    expect(await rl.check("signInAttempt", { addresses: [], accounts: [] })).toMatchObject({ limited: true });
    // The first claim that is an address decides: a proxy's `unknown`, then the socket.
    expect(await rl.check("signInAttempt", { addresses: ["unknown", "192.0.2.10"], accounts: [] })).toEqual({
      limited: false,
    });
    expect(new Set(keys)).toEqual(new Set(["rl:signInAttempt:ip:unknown", "rl:signInAttempt:ip:192.0.2.10"]));
  });

  it("counts an account named twice in one request once", async () => {
    const { limiter: rl, keys } = limiter();
    const subject = {
      addresses: [],
      accounts: ["credentials:username:ada", "credentials:username:ada"],
    };
    expect(await rl.check("signInAttempt", subject)).toEqual({ limited: false });
    expect(await rl.check("signInAttempt", subject)).toEqual({ limited: false });
    expect(keys.filter((key) => key.includes(":account:"))).toEqual([
      "rl:signInAttempt:account:credentials:username:ada",
      "rl:signInAttempt:account:credentials:username:ada",
    ]);
  });

  it("limits a request when any one of its counters is over, whichever", async () => {
    const { limiter: rl } = limiter();
    await rl.check("signInAttempt", { addresses: [], accounts: ["a"] });
    await rl.check("signInAttempt", { addresses: [], accounts: ["a"] });
    // A fresh address and a fresh account, but "a" is over its limit.
    expect(await rl.check("signInAttempt", { addresses: ["192.0.2.1"], accounts: ["b", "a"] })).toMatchObject(
      {
        limited: true,
      },
    );
  });

  it("keeps identifiers up to 128 characters as they are, and hashes longer ones without merging them", async () => {
    const { limiter: rl, keys: allKeys } = limiter();
    const keys = () => allKeys.filter((key) => key.includes(":account:"));
    const plain = "x".repeat(128);
    await rl.check("signInAttempt", { addresses: ["192.0.2.1"], accounts: [plain] });
    expect(keys()).toEqual([`rl:signInAttempt:account:${plain}`]);

    const long = `${"y".repeat(128)}1`;
    const other = `${"y".repeat(128)}2`;
    await rl.check("signInAttempt", { addresses: ["192.0.2.2"], accounts: [long] });
    await rl.check("signInAttempt", { addresses: ["192.0.2.3"], accounts: [long] });
    expect(keys()[1]).toMatch(/^rl:signInAttempt:account:sha256:[0-9a-f]{64}$/);
    expect(keys()[2]).toBe(keys()[1]);
    expect(await rl.check("signInAttempt", { addresses: ["192.0.2.4"], accounts: [other] })).toEqual({
      limited: false,
    });
    expect(keys()[3]).not.toBe(keys()[1]);
    expect(await rl.check("signInAttempt", { addresses: ["192.0.2.5"], accounts: [long] })).toMatchObject({
      limited: true,
    });
  });

  it("says to retry when the refusing window ends, not when a counter that still has room does", async () => {
    const { limiter: rl, clock } = limiter();
    const address = "203.0.113.7";
    for (const account of ["a", "b", "c"])
      await rl.check("signInAttempt", { addresses: [address], accounts: [account] });
    clock.advance(20_000);
    // The address (window ends in 40 s) is over; the fresh account "d" (60 s) is not.
    expect(await rl.check("signInAttempt", { addresses: [address], accounts: ["d"] })).toEqual({
      limited: true,
      retryAfterSeconds: 40,
      reason: "limit",
    });
    clock.advance(10_000);
    await rl.check("signInAttempt", { addresses: [], accounts: ["d"] });
    await rl.check("signInAttempt", { addresses: [], accounts: ["d"] });
    // "d" is over now (its window ends in 60 s), and so is the address (30 s): the address decides,
    // since counting stops there.
    expect(await rl.check("signInAttempt", { addresses: [address], accounts: ["d"] })).toEqual({
      limited: true,
      retryAfterSeconds: 30,
      reason: "limit",
    });
  });

  it("counts the address first and stops at the first refusal: a refused request names no new account", async () => {
    const { limiter: rl, keys } = limiter();
    const address = "203.0.113.7";
    for (let i = 0; i < 3; i++)
      await rl.check("signInAttempt", { addresses: [address], accounts: [`u${i}`] });
    for (let i = 3; i < 50; i++) {
      expect(await rl.check("signInAttempt", { addresses: [address], accounts: [`u${i}`] })).toMatchObject({
        limited: true,
      });
    }
    const accountKeys = new Set(keys.filter((key) => key.includes(":account:")));
    expect(accountKeys).toEqual(new Set(["u0", "u1", "u2"].map((u) => `rl:signInAttempt:account:${u}`)));
    // An account over its limit stops the count before any later account.
    const other = { addresses: ["192.0.2.9"], accounts: ["u0", "u0b"] };
    await rl.check("signInAttempt", { addresses: ["192.0.2.8"], accounts: ["u0"] });
    expect(await rl.check("signInAttempt", other)).toMatchObject({ limited: true });
    expect(keys).not.toContain("rl:signInAttempt:account:u0b");
  });

  it("refuses a request whose new counters find the store full, and drops none it holds", async () => {
    const { limiter: rl } = limiter();
    const clock = new FakeClock();
    const full = createRateLimiter(new MemoryStore({ maxKeys: 4, now: clock.now }), RULES);
    await full.check("signInAttempt", { addresses: ["192.0.2.1"], accounts: ["ada"] });
    await full.check("signInAttempt", { addresses: ["192.0.2.1"], accounts: ["ada"] });
    await full.check("signInAttempt", { addresses: ["192.0.2.2"], accounts: ["bob"] });
    clock.advance(15_000);
    expect(await full.check("signInAttempt", { addresses: ["192.0.2.3"], accounts: ["eve"] })).toEqual({
      limited: true,
      retryAfterSeconds: 45,
      reason: "storeFull",
    });
    // "ada" keeps its count: the next attempt on it is its third, over the limit of 2.
    expect(await full.check("signInAttempt", { addresses: ["192.0.2.1"], accounts: ["ada"] })).toEqual({
      limited: true,
      retryAfterSeconds: 45,
      reason: "limit",
    });
    expect(await rl.check("signInAttempt", { addresses: [], accounts: ["ada"] })).toEqual({ limited: false });
  });

  it("rounds Retry-After up to whole seconds, and never says 0", async () => {
    const { limiter: rl, clock } = limiter();
    const subject = { addresses: [], accounts: ["a"] };
    await rl.check("signInAttempt", subject);
    await rl.check("signInAttempt", subject);
    clock.advance(58_500);
    expect(await rl.check("signInAttempt", subject)).toEqual({
      limited: true,
      retryAfterSeconds: 2,
      reason: "limit",
    });
    clock.advance(1_499);
    expect(await rl.check("signInAttempt", subject)).toEqual({
      limited: true,
      retryAfterSeconds: 1,
      reason: "limit",
    });
  });
});
