/**
 * POST /callback/credentials through the whole handler, with the rate limiter off, on the in-memory
 * store, and on Redis (127.0.0.1:6379): what counting every sign-in attempt costs. The limits are set
 * out of reach so every request is a successful sign-in; both counters (client address and account)
 * are incremented on each one.
 */
import { Redis } from "ioredis";
import { Auth, type AuthConfig } from "latchkey";
import Credentials from "latchkey/providers/credentials";
import { MemoryStore, RedisStore } from "latchkey/rate-limit";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const origin = "http://app.test";
const unreachable = { perIp: 1_000_000_000, perAccount: 1_000_000_000 };

function config(rateLimit: AuthConfig["rateLimit"]): AuthConfig {
  return {
    secret,
    trustHost: true,
    rateLimit,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === "ada" && password === "correct horse" ? { id: "user-1", name: "Ada" } : null,
      }),
    ],
  };
}

export async function rateLimitGroups(): Promise<{ groups: BenchGroup[]; close(): Promise<void> }> {
  const prefix = `latchkey-bench:${crypto.randomUUID()}:`;
  const redis = new Redis("redis://127.0.0.1:6379", { keyPrefix: prefix });
  const configs = {
    off: config(false),
    memory: config({ store: new MemoryStore(), rules: { signInAttempt: unreachable } }),
    redis: config({ store: new RedisStore(redis), rules: { signInAttempt: unreachable } }),
  };

  // One CSRF cookie and token pair, reused: the double-submit check is stateless.
  const csrf = await Auth(new Request(`${origin}/auth/csrf`), configs.off);
  const cookie = (csrf.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, username: "ada", password: "correct horse" }).toString();
  const signIn = (auth: AuthConfig) =>
    Auth(
      new Request(`${origin}/auth/callback/credentials`, {
        method: "POST",
        headers: {
          cookie,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "203.0.113.7",
        },
        body,
      }),
      auth,
    );

  // Each must end signed in, or the comparison measures an error path.
  for (const [name, auth] of Object.entries(configs)) {
    const response = await signIn(auth);
    const location = response.headers.get("location") ?? "";
    if (
      response.status !== 302 ||
      location.includes("error=") ||
      !response.headers.getSetCookie().join().includes("session-token")
    ) {
      throw new Error(`${name}: POST /callback/credentials did not sign in (${response.status} ${location})`);
    }
  }

  return {
    groups: [
      {
        title: "POST /callback/credentials (jwt; rate limiter off, on memory, on Redis)",
        tasks: [
          { name: "limiter off", fn: () => signIn(configs.off) },
          { name: "limiter on, memory", fn: () => signIn(configs.memory) },
          { name: "limiter on, Redis", fn: () => signIn(configs.redis) },
        ],
        ratios: [
          ["limiter on, memory", "limiter off"],
          ["limiter on, Redis", "limiter off"],
        ],
      },
    ],
    async close() {
      await redis.quit();
      // A client without the prefix, so that KEYS and DEL see the same names; only this run's keys.
      const cleanup = new Redis("redis://127.0.0.1:6379");
      const keys = await cleanup.keys(`${prefix}*`);
      if (keys.length > 0) await cleanup.del(...keys);
      await cleanup.quit();
    },
  };
}
