/**
 * A store that is down, through `Auth()`: an ordinary ioredis client pointed at a loopback port
 * nothing listens on (the shared Redis is never stopped). Every store call is bounded by
 * `storeTimeoutMs`, a sign-in that needs the store is refused at once, and the browser is told to
 * try again later, not that the server is misconfigured.
 */
import { createServer } from "node:net";
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { AuthError, LockTimeout as PublicLockTimeout, StoreUnavailable } from "../../src/index.js";
import { LockTimeout } from "../../src/store/errors.js";
import { RedisStore } from "../../src/store/redis.js";
import { makeConfig, recordingLogger, send, signInWithCredentials } from "../core/helpers.js";

const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function deadRedis(options: RedisOptions = {}): Promise<RedisStore> {
  const client = new Redis(`redis://127.0.0.1:${await closedPort()}`, options);
  client.on("error", () => undefined);
  clients.push(client);
  return new RedisStore(client);
}

const RIGHT = { username: "alice", password: "correct horse" };

describe("a store that does not answer", () => {
  it("refuses a rate-limited sign-in within storeTimeoutMs, not after the client's own retries", async () => {
    const logs = recordingLogger();
    const config = makeConfig({ store: await deadRedis(), storeTimeoutMs: 300, logger: logs.logger });
    const started = performance.now();
    const { response } = await signInWithCredentials(config, RIGHT);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(response.headers.get("location")).toContain("error=RateLimitStoreError");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token"))).toBe(false);
    // Shown by type, but logged as the server's trouble, with the store's own error as the cause.
    expect(logs.errors.map((error) => error.name)).toContain("RateLimitStoreError");
  }, 10_000);

  it("bounds every call by default, a second at most", async () => {
    const config = makeConfig({ store: await deadRedis() });
    const started = performance.now();
    const { response } = await signInWithCredentials(config, RIGHT);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(response.headers.get("location")).toContain("error=RateLimitStoreError");
  }, 10_000);
});

describe("a store that fails", () => {
  it("stops a sign-up with an adapter (its lock) with StoreUnavailable, not Configuration", async () => {
    // An ioredis client without an offline queue fails each command at once.
    const store = await deadRedis({ enableOfflineQueue: false, lazyConnect: true });
    const config = makeConfig({
      adapter: MemoryAdapter(),
      session: { strategy: "database" },
      store,
      rateLimit: false,
      logger: recordingLogger().logger,
    });
    const { response } = await signInWithCredentials(config, RIGHT);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("StoreUnavailable");
    const page = await send(config, `/error${location.search}`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("try again later");
  });

  it("rejects with a typed, exported error that server code can tell apart", async () => {
    expect(new StoreUnavailable("down")).toBeInstanceOf(AuthError);
    expect(new StoreUnavailable("down").type).toBe("StoreUnavailable");
    expect(PublicLockTimeout).toBe(LockTimeout);
    const timeout = new LockTimeout("lock:refresh:github:1", 10_000);
    expect(timeout).toBeInstanceOf(AuthError);
    expect([timeout.type, timeout.status, timeout.clientSafe]).toEqual(["LockTimeout", 503, true]);
  });
});
