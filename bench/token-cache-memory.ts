/**
 * What the cache of verified JWT session tokens costs in memory: the heap after GET /session with
 * 10,000 distinct session cookies (the cache's bound), and after 100,000, each measured after a
 * forced garbage collection. The first gives the bytes per cached token; the second shows the heap
 * stays bounded however many distinct cookies arrive (the oldest entries are dropped).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Auth, type AuthConfig } from "latchkey";
import { encode } from "latchkey/jwt";
import type { BenchRow } from "./readme-block.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const salt = "authjs.session-token";

/** A full collection, twice so that finalised objects are gone too, then the heap in use. */
function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** GET /session with `count` new distinct cookies (users `from`…), each read once, tokens dropped after. */
async function readDistinctSessions(config: AuthConfig, from: number, count: number): Promise<void> {
  for (let index = from; index < from + count; index++) {
    const token = await encode({
      token: { name: `User ${index}`, email: `user-${index}@example.test`, sub: `user-${index}` },
      secret,
      salt,
    });
    const response = await Auth(
      new Request("http://app.test/auth/session", { headers: { cookie: `${salt}=${token}` } }),
      config,
    );
    const body = (await response.json()) as { user?: { email?: string } } | null;
    if (body?.user?.email !== `user-${index}@example.test`)
      throw new Error("GET /session did not return the session");
  }
}

export async function tokenCacheMemory(): Promise<{ text: string; rows: BenchRow[] }> {
  const config: AuthConfig = { secret, trustHost: true, providers: [] };
  // Everything but the cache's entries warmed and allocated: the config resolved, the code run.
  await readDistinctSessions(config, -1000, 1000);
  const emptyConfig: AuthConfig = { secret, trustHost: true, providers: [] };
  await readDistinctSessions(emptyConfig, -1, 1);
  const before = heapAfterGc();
  // A fresh config is a fresh cache: its entries are the only thing that grows from here.
  const measured: AuthConfig = { secret, trustHost: true, providers: [] };
  await readDistinctSessions(measured, 0, 10_000);
  const at10k = heapAfterGc();
  await readDistinctSessions(measured, 10_000, 90_000);
  const at100k = heapAfterGc();
  const perEntry = (at10k - before) / 10_000;
  const growth = (at100k - before) / (at10k - before);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
  return {
    text: [
      "token cache heap (GET /session with distinct JWT cookies, forced GC)",
      `  10k distinct cookies        ${kB(at10k - before).padStart(9)}   ${perEntry.toFixed(0)} bytes per cached token`,
      `  100k distinct cookies       ${kB(at100k - before).padStart(9)}   (the cache keeps 10k)`,
      `  ratio 100k / 10k                          ${growth.toFixed(2)}x`,
    ].join("\n"),
    rows: [
      {
        measure: "token cache heap, GET /session (jwt) with distinct cookies: 100k distinct cookies / 10k",
        target: "≤ 1.1x",
        result: `${growth.toFixed(2)}x (${perEntry.toFixed(0)} bytes per cached token, forced GC)`,
      },
    ],
  };
}
