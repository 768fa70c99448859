/**
 * The limiter's counters against a flood of anonymous writes, through `Auth()`: `GET
 * /webauthn-options` stores a challenge for anyone who asks, and those challenges must never push
 * out the counter that keeps an account locked out.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Passkey from "../../src/providers/passkey.js";
import { MemoryStore } from "../../src/store/memory.js";
import { aliceCredentials, makeConfig, send, signInWithCredentials } from "../core/helpers.js";

const RIGHT = { username: "alice", password: "correct horse" };
const WRONG = { username: "alice", password: "tr0ub4dor" };

function app(store = new MemoryStore({ maxKeys: 50 }), rateLimit = {}) {
  return makeConfig({
    adapter: MemoryAdapter(),
    providers: [aliceCredentials(), Passkey()],
    store,
    rateLimit,
  });
}

describe("a flood of passkey challenges", () => {
  it("does not reset an account's lockout: counters are never evicted by challenges", async () => {
    const config = app();
    for (let i = 0; i < 10; i++) {
      expect((await signInWithCredentials(config, WRONG)).response.status).toBe(302);
    }
    expect((await signInWithCredentials(config, RIGHT)).response.status).toBe(429);
    // More challenges than the store holds keys, from anyone.
    for (let i = 0; i < 60; i++) {
      expect((await send(config, "/webauthn-options/passkey?action=authenticate")).status).toBe(200);
    }
    expect((await signInWithCredentials(config, RIGHT)).response.status).toBe(429);
  });
});

describe("GET /webauthn-options", () => {
  it("is rate-limited per client address by its own rule, webauthnOptions", async () => {
    const config = app(new MemoryStore(), { rules: { webauthnOptions: { perIp: 2 } } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await send(config, "/webauthn-options/passkey?action=authenticate")).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
