/**
 * The derived-key cache: a key is derived once and then handed back as a value (no await on the hot
 * path), and the cache holds at most 128 keys, so a process that sees endless salts stays bounded.
 */
import { describe, expect, it } from "vitest";
import { createKeyCache } from "../../src/jwt/keys.js";
import { runtimes, SECRET } from "./support.js";

describe.each(runtimes)("the key cache with %s", (_name, runtime) => {
  it("derives a key once, then returns it as a value", async () => {
    const sessionKey = createKeyCache(runtime);
    const first = sessionKey("A256CBC-HS512", SECRET, "salt");
    expect(first).toBeInstanceOf(Promise);
    const key = await first;
    const again = sessionKey("A256CBC-HS512", SECRET, "salt");
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(key);
  });

  it("keeps A256GCM and A256CBC-HS512 keys of one secret and salt apart", async () => {
    const sessionKey = createKeyCache(runtime);
    const cbc = await sessionKey("A256CBC-HS512", SECRET, "salt");
    const gcm = await sessionKey("A256GCM", SECRET, "salt");
    expect(cbc.enc).toBe("A256CBC-HS512");
    expect(gcm.enc).toBe("A256GCM");
    expect(sessionKey("A256CBC-HS512", SECRET, "salt")).toBe(cbc);
    expect(sessionKey("A256GCM", SECRET, "salt")).toBe(gcm);
  });

  it("keeps the keys of several secrets for one salt", async () => {
    const sessionKey = createKeyCache(runtime);
    const newer = await sessionKey("A256CBC-HS512", SECRET, "salt");
    const older = await sessionKey("A256CBC-HS512", `${SECRET}-older`, "salt");
    expect(sessionKey("A256CBC-HS512", SECRET, "salt")).toBe(newer);
    expect(sessionKey("A256CBC-HS512", `${SECRET}-older`, "salt")).toBe(older);
  });

  it("holds 128 keys, and starts afresh when the 129th is derived", async () => {
    const sessionKey = createKeyCache(runtime);
    const salts = Array.from({ length: 128 }, (_, i) => `salt-${i}`);
    for (const salt of salts) await sessionKey("A256CBC-HS512", SECRET, salt);
    for (const salt of salts) expect(sessionKey("A256CBC-HS512", SECRET, salt)).not.toBeInstanceOf(Promise);

    await sessionKey("A256CBC-HS512", SECRET, "salt-128");
    expect(sessionKey("A256CBC-HS512", SECRET, "salt-128")).not.toBeInstanceOf(Promise);
    for (const salt of salts) expect(sessionKey("A256CBC-HS512", SECRET, salt)).toBeInstanceOf(Promise);
  });
});
