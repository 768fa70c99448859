import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import * as rateLimit from "../../src/rate-limit/index.js";
import * as store from "../../src/store/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import { RedisStore } from "../../src/store/redis.js";

describe("latchkey/rate-limit", () => {
  it("exports MemoryStore (the same class as the store module), RedisStore and the default rules", () => {
    expect(rateLimit.MemoryStore).toBe(MemoryStore);
    expect(store.MemoryStore).toBe(MemoryStore);
    expect(rateLimit.RedisStore).toBe(RedisStore);
    expect(Object.keys(rateLimit).sort()).toEqual(["DEFAULT_RATE_LIMIT_RULES", "MemoryStore", "RedisStore"]);
  });

  it("exports the store types, which MemoryStore satisfies", async () => {
    const shared: rateLimit.ShortLivedStore = new rateLimit.MemoryStore({ maxKeys: 10 });
    const counter: rateLimit.CounterState = await shared.increment("rl:a", 1_000);
    const options: rateLimit.MemoryStoreOptions = { maxKeys: 1, now: () => 0 };
    expect(counter).toEqual({ count: 1, ttlMs: 1_000 });
    expect(new rateLimit.MemoryStore(options).maxKeys).toBe(1);
  });

  it("is a package export with types and a default, pointing at the built module", async () => {
    const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(pkg.exports["./rate-limit"]).toEqual({
      types: "./dist/rate-limit/index.d.ts",
      default: "./dist/rate-limit/index.js",
    });
  });
});
