/**
 * The limiter on Redis: two app instances (two configs, two connections) share one counter on the
 * Redis at 127.0.0.1:6379, and a Redis that goes away mid-test makes sign-in attempts fail closed.
 * The outage is staged on a redis-server of this test's own, on its own port: the shared server is
 * never stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { RedisStore } from "../../src/store/redis.js";
import { aliceCredentials, getCsrf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { freePort } from "../support/free-port.js";

const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
});

async function redisClient(url: string, keyPrefix: string): Promise<Redis> {
  // No offline queue and one retry: a command to a dead server fails at once instead of waiting.
  const client = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  client.on("error", () => undefined);
  clients.push(client);
  await client.connect();
  return client;
}

function instance(store: RedisStore, logs = recordingLogger()): AuthConfig {
  return makeConfig({
    store,
    logger: logs.logger,
    rateLimit: { trustForwardedFor: true, rules: { signInAttempt: { perAccount: 4 } } },
    providers: [aliceCredentials()],
  });
}

async function attempt(config: AuthConfig, password: string): Promise<Response> {
  const { token, jar } = await getCsrf(config);
  return send(config, "/callback/credentials", {
    cookie: jar,
    form: { csrfToken: token, username: "alice", password },
    headers: { "x-forwarded-for": "203.0.113.7" },
  });
}

/** A redis-server of this test's own, without persistence, ready when the promise resolves. */
async function ownRedisServer(): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "latchkey-redis-"));
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    {
      stdio: "ignore",
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  for (let tries = 0; ; tries++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  probe.disconnect();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("the limiter on Redis", () => {
  it("counts a guarded request's address and account in one round trip", async () => {
    const client = await redisClient("redis://127.0.0.1:6379", `latchkey-test:${crypto.randomUUID()}:`);
    const evals: number[] = [];
    const counting = Object.assign(Object.create(client) as Redis, {
      eval: (script: string, numKeys: number, ...rest: Array<string | number>) => {
        evals.push(numKeys);
        return client.eval(script, numKeys, ...rest);
      },
    });
    const config = instance(new RedisStore(counting));
    expect((await attempt(config, "wrong")).status).toBe(302);
    // One EVAL for the client address and the account together.
    expect(evals).toEqual([2]);
  });

  it("shares one counter between two app instances", async () => {
    const prefix = `latchkey-test:${crypto.randomUUID()}:`;
    const first = instance(new RedisStore(await redisClient("redis://127.0.0.1:6379", prefix)));
    const second = instance(new RedisStore(await redisClient("redis://127.0.0.1:6379", prefix)));
    // Four attempts in all, alternating instances: each instance alone has seen only two.
    for (const config of [first, second, first, second]) {
      expect((await attempt(config, "wrong")).status).toBe(302);
    }
    expect((await attempt(first, "correct horse")).status).toBe(429);
    expect((await attempt(second, "correct horse")).status).toBe(429);
    const cleanup = await redisClient("redis://127.0.0.1:6379", "");
    const keys = await cleanup.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await cleanup.del(...keys);
  });

  it("fails closed when Redis stops mid-test: attempts are refused and the failure logged", async () => {
    const server = await ownRedisServer();
    try {
      const logs = recordingLogger();
      const config = instance(new RedisStore(await redisClient(server.url, "")), logs);
      const before = await attempt(config, "correct horse");
      expect(before.status).toBe(302);
      expect(before.headers.get("location")).not.toContain("error=");

      await server.stop();
      const during = await attempt(config, "correct horse");
      expect(during.status).toBe(302);
      expect(during.headers.get("location")).toContain("error=RateLimitStoreError");
      expect(during.headers.getSetCookie().some((cookie) => cookie.includes("session-token"))).toBe(false);
      expect(logs.errors.map((error) => error.name)).toContain("RateLimitStoreError");
    } finally {
      await server.stop();
    }
  });
});

describe("what the limiter writes to Redis", () => {
  it('keys an account by its identifier field only, never by a secret declared without type: "password"', async () => {
    const prefix = `latchkey-test:${crypto.randomUUID()}:`;
    const config = makeConfig({
      store: new RedisStore(await redisClient("redis://127.0.0.1:6379", prefix)),
      rateLimit: { rules: { signInAttempt: { perAccount: 2 } } },
      providers: [
        Credentials({
          // Both fields as many apps declare them: with a label and no type.
          credentials: { username: { label: "Username" }, pin: { label: "PIN" } },
          authorize: () => null,
        }),
      ],
    });
    const post = async (pin: string) => {
      const { token, jar } = await getCsrf(config);
      return send(config, "/callback/credentials", {
        cookie: jar,
        form: { csrfToken: token, username: "Alice", pin },
      });
    };
    expect((await post("4711-Secret")).status).toBe(302);
    expect((await post("0815-Secret")).status).toBe(302);
    // Other PINs, same account: the third attempt is over the per-account limit.
    expect((await post("1234-Secret")).status).toBe(429);
    const cleanup = await redisClient("redis://127.0.0.1:6379", "");
    const keys = await cleanup.keys(`${prefix}*`);
    expect(keys.filter((key) => key.includes(":account:")).map((key) => key.slice(prefix.length))).toEqual([
      "rl:signInAttempt:account:credentials:username:alice",
    ]);
    expect(keys.join(" ")).not.toMatch(/secret/i);
    await cleanup.del(...keys);
  });
});
