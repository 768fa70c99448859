/**
 * What the second step costs in store round trips: POST /two-factor adds no more than one beyond
 * the code check, and one read of the user (the held first factor is judged again against it). Every adapter method and every `store` call is counted
 * while a correct TOTP code completes a held password sign-in, on both session strategies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { MemoryStore } from "../../src/store/memory.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { signInWithCredentials } from "../core/helpers.js";
import { codeAt, enrolAlice, postCode, setsSession, twoFactorApp } from "./harness.js";

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 12, 0, 10), toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** `target` with every method call recorded by name in `calls`. */
function counted<T extends object>(target: T, calls: string[]): T {
  return new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver);
      if (typeof value !== "function" || typeof name !== "string") return value;
      return (...args: unknown[]) => {
        calls.push(name);
        return value.apply(object, args);
      };
    },
  });
}

describe.each(["jwt", "database"] as const)("POST /two-factor with %s sessions", (strategy) => {
  it("reads the two-factor record, spends the code's step, and spends the pending cookie: one round trip beyond the code check", async () => {
    const adapterCalls: string[] = [];
    const storeCalls: string[] = [];
    const { config } = await twoFactorApp({
      adapter: counted(MemoryAdapter(), adapterCalls) as Adapter,
      store: counted(new MemoryStore(), storeCalls) as ShortLivedStore,
      rateLimit: false,
      session: { strategy },
    });
    // What issuing any session costs the store here (JWT sessions with a shared store are recorded
    // for listing): a password sign-in before Alice has a second factor.
    storeCalls.length = 0;
    await signInWithCredentials(config);
    const issuing = [...storeCalls];
    const { secret } = await enrolAlice(config);
    vi.setSystemTime(Date.now() + 30_000);
    const { jar } = await signInWithCredentials(config);
    // The CSRF token is read first, outside the step counted here.
    await postCode(config, jar, "000000").catch(() => undefined);
    adapterCalls.length = 0;
    storeCalls.length = 0;

    const response = await postCode(config, jar, codeAt(secret, Date.now()));
    expect(setsSession(response)).toBe(true);
    // The held first factor judged again against the user as stored now (its address unchanged).
    const recheck = ["getUser"];
    // The code check: the record (its sealed secret) and the atomic spend of the step.
    const codeCheck = ["getTwoFactor", "spendTotpStep"];
    // The session itself: a row for database sessions, nothing stored for JWT.
    const session = strategy === "database" ? ["createSession"] : [];
    expect(adapterCalls).toEqual([...recheck, ...codeCheck, ...session]);
    // Beyond them and what issuing the session costs anyway, one: the pending cookie marked spent.
    expect(storeCalls).toEqual(["setIfAbsent", ...issuing]);
  });
});
