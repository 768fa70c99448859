/**
 * Reading the session token in middleware after the session was revoked. `getToken` from
 * `latchkey/jwt` has no config and so no store: it returns a revoked token's claims (documented in
 * README, "Session tokens in middleware"). `getSessionToken(request, config)` checks the same
 * revocation markers every session read does, so a revoked (stolen) cookie opens nothing there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import {
  type AuthConfig,
  getSessionToken,
  revokeUserSessions,
  UnsupportedStrategy,
} from "../../src/index.js";
import { getToken } from "../../src/jwt/index.js";
import { MemoryStore } from "../../src/store/memory.js";
import { HTTP_APP, makeConfig, SECRET, signInWithCredentials } from "../core/helpers.js";

const START = new Date("2026-11-01T00:00:00Z");

/** A request to a page of the app carrying `cookie`, as middleware sees it. */
const pageRequest = (cookie: string) => new Request(`${HTTP_APP}/dashboard`, { headers: { cookie } });

describe("getSessionToken and getToken after a revocation", () => {
  let config: AuthConfig;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    config = makeConfig({ session: { strategy: "jwt" }, store: new MemoryStore() });
  });
  afterEach(() => vi.useRealTimers());

  async function signedInCookie(): Promise<string> {
    const { jar } = await signInWithCredentials(config, undefined, { origin: HTTP_APP });
    return jar.header();
  }

  it("a live session's token is read by both", async () => {
    const cookie = await signedInCookie();
    const token = await getSessionToken(pageRequest(cookie), config);
    expect(token?.sub).toBeTruthy();
    expect((await getToken({ req: pageRequest(cookie), secret: SECRET }))?.sub).toBe(token?.sub);
  });

  it("a revoked session's token is refused by getSessionToken, and still decoded by plain getToken", async () => {
    const cookie = await signedInCookie();
    const userId = (await getSessionToken(pageRequest(cookie), config))?.sub as string;
    vi.setSystemTime(START.valueOf() + 5_000);
    await revokeUserSessions(config, userId);

    expect(await getSessionToken(pageRequest(cookie), config)).toBeNull();
    // Documented: getToken has no store to ask, so it cannot tell a revoked token from a live one.
    expect((await getToken({ req: pageRequest(cookie), secret: SECRET }))?.sub).toBe(userId);
  });

  it("says plainly that it reads JWT sessions only", async () => {
    const database = makeConfig({ adapter: MemoryAdapter(), session: { strategy: "database" } });
    await expect(getSessionToken(pageRequest(""), database)).rejects.toBeInstanceOf(UnsupportedStrategy);
  });
});
