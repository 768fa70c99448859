/**
 * The `rateLimit` option as `Auth()` resolves it: each rule field the app sets replaces its default
 * and the others keep theirs; a value, a rule name or an option that makes no sense stops the app at
 * its first request with a message that says what to write instead.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { DEFAULT_RATE_LIMIT_RULES, type RateLimitConfig } from "../../src/rate-limit/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import { aliceCredentials, getCsrf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { FakeClock } from "../store/clock.js";

function limited(rateLimit: RateLimitConfig | false | undefined, clock = new FakeClock()) {
  const logs = recordingLogger();
  const config = makeConfig({
    logger: logs.logger,
    store: new MemoryStore({ now: clock.now }),
    // The tests name clients by X-Forwarded-For, as a proxy the app trusts would.
    rateLimit:
      typeof rateLimit === "object" && rateLimit !== null
        ? { trustForwardedFor: true, ...rateLimit }
        : rateLimit,
    providers: [aliceCredentials()],
  });
  return { config, logs, clock };
}

async function attempt(config: AuthConfig, username: string, address = "203.0.113.7"): Promise<Response> {
  const { token, jar } = await getCsrf(config);
  return send(config, "/callback/credentials", {
    cookie: jar,
    form: { csrfToken: token, username, password: "wrong" },
    headers: { "x-forwarded-for": address },
  });
}

/** The statuses of `count` attempts, each for `username(i)` from `address(i)`. */
async function statuses(
  config: AuthConfig,
  count: number,
  username: (i: number) => string,
  address: (i: number) => string,
): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await attempt(config, username(i), address(i))).status);
  return result;
}

describe("rule fields the app sets", () => {
  it("windowSeconds sets the window, which Retry-After counts down, and the limits keep their defaults", async () => {
    const { config, clock } = limited({ rules: { signInAttempt: { windowSeconds: 120 } } });
    const perAccount = DEFAULT_RATE_LIMIT_RULES.signInAttempt.perAccount;
    const seen = await statuses(
      config,
      perAccount + 1,
      () => "alice",
      (i) => `198.51.100.${i}`,
    );
    expect(seen.slice(0, perAccount)).not.toContain(429);
    const refused = await attempt(config, "alice", "192.0.2.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("120");
    clock.advance(120_000);
    expect((await attempt(config, "alice", "192.0.2.1")).status).toBe(302);
  });

  it("perAccount limits one account alone, and the address limit keeps its default", async () => {
    const { config } = limited({ rules: { signInAttempt: { perAccount: 2 } } });
    expect(
      await statuses(
        config,
        3,
        () => "alice",
        (i) => `198.51.100.${i}`,
      ),
    ).toEqual([302, 302, 429]);
    // Many accounts from one address: the default perIp (60) is far away.
    expect(
      await statuses(
        config,
        5,
        (i) => `user${i}`,
        () => "192.0.2.7",
      ),
    ).toEqual([302, 302, 302, 302, 302]);
  });

  it("perIp limits one address alone, and the account limit keeps its default", async () => {
    const { config } = limited({ rules: { signInAttempt: { perIp: 2 } } });
    expect(
      await statuses(
        config,
        3,
        (i) => `user${i}`,
        () => "192.0.2.7",
      ),
    ).toEqual([302, 302, 429]);
    expect(
      await statuses(
        config,
        5,
        () => "bob",
        (i) => `198.51.100.${i}`,
      ),
    ).toEqual([302, 302, 302, 302, 302]);
  });

  it("accepts 1, the smallest limit and window", async () => {
    const { config, clock } = limited({
      rules: { signInAttempt: { perAccount: 1, perIp: 1, windowSeconds: 1 } },
    });
    expect(
      await statuses(
        config,
        2,
        () => "alice",
        () => "192.0.2.7",
      ),
    ).toEqual([302, 429]);
    clock.advance(1000);
    expect((await attempt(config, "alice", "192.0.2.7")).status).toBe(302);
  });

  it("limits a rule the app leaves out by its defaults", async () => {
    const { config } = limited({ rules: { signInRequest: { perAccount: 1 } } });
    const perAccount = DEFAULT_RATE_LIMIT_RULES.signInAttempt.perAccount;
    const seen = await statuses(
      config,
      perAccount + 1,
      () => "alice",
      (i) => `198.51.100.${i}`,
    );
    expect(seen.slice(0, perAccount)).not.toContain(429);
    expect(seen[perAccount]).toBe(429);
  });
});

describe("a rateLimit option that makes no sense", () => {
  async function startupError(rateLimit: unknown): Promise<string> {
    const { config, logs } = limited(rateLimit as RateLimitConfig);
    const response = await send(config, "/providers");
    expect(response.status).toBe(500);
    expect(logs.errors.map((error) => error.name)).toEqual(["InvalidConfig"]);
    return logs.text();
  }

  it.each([
    ["signInAttempt", "perIp", 0, "0", 60],
    ["signInAttempt", "perAccount", -3, "-3", 10],
    ["signInAttempt", "windowSeconds", 1.5, "1.5", 900],
    ["signInRequest", "perIp", Number.NaN, "NaN", 30],
    ["signInRequest", "perAccount", "5", "5", 5],
    ["signInRequest", "windowSeconds", 2 ** 53, String(2 ** 53), 3600],
    ["signInRequest", "perAccount", null, "null", 5],
  ])(
    "refuses rateLimit.rules.%s.%s = %j, naming the default",
    async (rule, field, value, shown, fallback) => {
      const text = await startupError({ rules: { [rule]: { [field]: value } } });
      expect(text).toContain(
        `rateLimit.rules.${rule}.${field} must be a whole number of at least 1 (got ${shown}); the default is ${fallback}.`,
      );
    },
  );

  it("refuses rule names it does not know, listing every one and the rules there are", async () => {
    const text = await startupError({ rules: { signInAttempts: { perIp: 5 }, signOut: {} } });
    expect(text).toContain(
      'rateLimit.rules has no rule named "signInAttempts", "signOut"; the rules are signInAttempt, signInRequest, webauthnOptions, secondFactor, oauthSignIn.',
    );
  });

  it.each([true, null, "off", 0])(
    "refuses rateLimit: %j, saying to pass an object or false",
    async (rateLimit) => {
      const text = await startupError(rateLimit);
      expect(text).toContain(
        "rateLimit must be an object ({ store, rules }) or false to turn the limiter off.",
      );
    },
  );

  it("takes an empty object, or one without rules, as the defaults", async () => {
    for (const rateLimit of [{}, { rules: {} }, { rules: { signInAttempt: {} } }]) {
      const { config } = limited(rateLimit);
      const perAccount = DEFAULT_RATE_LIMIT_RULES.signInAttempt.perAccount;
      const seen = await statuses(
        config,
        perAccount + 1,
        () => "alice",
        (i) => `198.51.100.${i}`,
      );
      expect(seen.filter((status) => status === 429)).toHaveLength(1);
      expect(seen.at(-1)).toBe(429);
    }
  });
});

describe("a failing counter store", () => {
  it("refuses the attempt and says which rule's request it refused and what to check", async () => {
    const store = new MemoryStore();
    store.increment = () => Promise.reject(new Error("ECONNREFUSED 127.0.0.1:6379"));
    const logs = recordingLogger();
    const config = makeConfig({ logger: logs.logger, rateLimit: { store }, providers: [aliceCredentials()] });
    const response = await attempt(config, "alice");
    expect(response.headers.get("location")).toContain("error=RateLimitStoreError");
    expect(logs.text()).toContain(
      "RateLimitStoreError: The rate-limit store failed, so this signInAttempt request was refused rather than let through uncounted. Check the store (Redis) connection.",
    );
    expect(logs.text()).toContain("ECONNREFUSED 127.0.0.1:6379");
  });
});
