/**
 * The session half of the pre-hijack defence: which JWT sessions carry the mark of an unproven
 * address, that a re-issue keeps it, and when such a session counts as issued before the proof.
 * Through `Auth()` where a browser would see it; the rules' edges directly.
 */
import { describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter, AdapterUser } from "../../src/adapters/types.js";
import { firstFactorMarks, marksClaims, UNPROVEN_ADDRESS_CLAIM } from "../../src/core/session-marks.js";
import { type AuthConfig, twoFactorStatus } from "../../src/index.js";
import { decode, encode, type JWT } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { withLibraryClaims } from "../../src/session/session-claims.js";
import { issuedBeforeProof } from "../../src/session/unproven-address.js";
import {
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  signInWithCredentials,
} from "../core/helpers.js";

const SESSION_COOKIE = "__Secure-authjs.session-token";
const SECRET = "unproven-address-test-secret-0123456789abcdef";

const stored = (emailVerified: Date | null, email: string | null = "ada@example.test") =>
  ({ id: "user-ada", email, emailVerified }) as AdapterUser;

describe("the mark of an unproven address", () => {
  const markOf = (user: object) => marksClaims(firstFactorMarks(user, ["pwd"]))[UNPROVEN_ADDRESS_CLAIM];

  it("is set for a stored user whose address nobody has proven", () => {
    expect(markOf(stored(null))).toBe(true);
  });

  it.each([
    ["a proven address", stored(new Date())],
    ["no address", stored(null, null)],
    ["an empty address", stored(null, "")],
    [
      "a user that is no stored user (no emailVerified field: an app's own row)",
      { id: "u", email: "a@b.test" },
    ],
  ])("is not set for %s", (_, user) => {
    expect(markOf(user)).toBeUndefined();
  });

  it("survives a re-issue whose jwt callback built a token without it, and is never invented", () => {
    expect(withLibraryClaims({ sub: "u" }, { sub: "u", [UNPROVEN_ADDRESS_CLAIM]: true })).toEqual({
      sub: "u",
      [UNPROVEN_ADDRESS_CLAIM]: true,
    });
    // Removed, not left as a key holding undefined that the session callback would still see.
    expect(withLibraryClaims({ sub: "u", [UNPROVEN_ADDRESS_CLAIM]: true }, { sub: "u" })).toStrictEqual({
      sub: "u",
    });
  });
});

describe("a session issued before the proof", () => {
  const provenAt = new Date("2026-11-26T10:00:00Z");
  const seconds = provenAt.valueOf() / 1000;

  it("is any marked session once the address is proven, and none before", () => {
    const marked: JWT = { iat: seconds + 3600, [UNPROVEN_ADDRESS_CLAIM]: true };
    expect(issuedBeforeProof(marked, stored(provenAt))).toBe(true);
    expect(issuedBeforeProof(marked, stored(null))).toBe(false);
  });

  it("is, without the mark, one whose iat is more than 15 s older than the proof", () => {
    expect(issuedBeforeProof({ iat: seconds - 16 }, stored(provenAt))).toBe(true);
    // Within the tolerance for clocks that differ between app instances and the database.
    expect(issuedBeforeProof({ iat: seconds - 15 }, stored(provenAt))).toBe(false);
    expect(issuedBeforeProof({ iat: seconds + 1 }, stored(provenAt))).toBe(false);
    expect(issuedBeforeProof({}, stored(provenAt))).toBe(false);
  });
});

describe("a JWT session without the mark, issued well before the proof (from before the mark existed)", () => {
  it("acts for nobody in the account functions, while one issued after the proof acts for its user", async () => {
    const provenAt = new Date("2026-11-26T10:00:00Z");
    const memory = MemoryAdapter(createMemoryTables());
    await memory.createUser(stored(provenAt));
    const config: AuthConfig = makeConfig({
      secret: SECRET,
      adapter: memory,
      session: { strategy: "jwt" },
      twoFactor: { methods: ["totp"] },
    });
    const cookieIssuedAt = async (at: Date) => {
      vi.setSystemTime(at);
      const token = await encode({ token: { sub: "user-ada" }, secret: SECRET, salt: SESSION_COOKIE });
      return new Request("https://app.test/account", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const before = await cookieIssuedAt(new Date(provenAt.valueOf() - 3_600_000));
      const after = await cookieIssuedAt(new Date(provenAt.valueOf() + 60_000));
      vi.setSystemTime(provenAt.valueOf() + 3_600_000);
      expect(await twoFactorStatus(before, config)).toBeNull();
      expect(await twoFactorStatus(after, config)).toMatchObject({ enabled: false });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("GET /session of a JWT session", () => {
  /** A credentials app whose `authorize` returns the adapter's own user, as some apps do. */
  async function app(callbacks: AuthConfig["callbacks"] = {}) {
    const tables = createMemoryTables();
    const memory = MemoryAdapter(tables);
    await memory.createUser(stored(null));
    const getUser = vi.fn(memory.getUser);
    const adapter: Adapter = { ...memory, getUser };
    const config: AuthConfig = makeConfig({
      secret: SECRET,
      adapter,
      session: { strategy: "jwt" },
      callbacks,
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: async ({ email }) => (await memory.getUserByEmail(String(email))) ?? null,
        }),
      ],
    });
    return { config, tables, getUser };
  }

  it("of a user whose address is proven is never looked up", async () => {
    const { config, tables, getUser } = await app();
    const user = tables.users.get("user-ada");
    if (user) user.emailVerified = new Date();
    const { response, jar } = await signInWithCredentials(config, {
      email: "ada@example.test",
      password: "x",
    });
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    const token = await decode({
      token: jar.cookies.get(SESSION_COOKIE),
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    expect(token?.[UNPROVEN_ADDRESS_CLAIM]).toBeUndefined();
    getUser.mockClear();
    expect(await (await send(config, "/session", { cookie: jar })).json()).not.toBeNull();
    expect(getUser).not.toHaveBeenCalled();
  });

  it("of an unproven user is marked, looked up, and ended once the address is proven", async () => {
    const { config, tables, getUser } = await app();
    const { jar } = await signInWithCredentials(config, { email: "ada@example.test", password: "x" });
    const token = await decode({
      token: jar.cookies.get(SESSION_COOKIE),
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    expect(token?.[UNPROVEN_ADDRESS_CLAIM]).toBe(true);
    getUser.mockClear();
    expect(await (await send(config, "/session", { cookie: jar })).json()).not.toBeNull();
    expect(getUser).toHaveBeenCalledWith("user-ada");

    const user = tables.users.get("user-ada");
    if (user) user.emailVerified = new Date();
    const response = await send(config, "/session", { cookie: jar });
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toBe(
      true,
    );
  });

  it("of an unproven user ends once the address is proven, after a re-issue through a jwt callback that builds a new token", async () => {
    // An app's callback that keeps only the claims it knows of, as a fresh object.
    const { config, tables } = await app({
      jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }),
    });
    const { jar } = await signInWithCredentials(config, { email: "ada@example.test", password: "x" });
    const { token: csrfToken } = await getCsrf(config, { cookie: jar });
    const before = jar.get(SESSION_COOKIE);
    jar.apply(await send(config, "/session", { cookie: jar, json: { csrfToken, data: {} } }));
    expect(jar.get(SESSION_COOKIE)).not.toBe(before);

    const user = tables.users.get("user-ada");
    if (user) user.emailVerified = new Date();
    // Within seconds of the proof: only the mark tells this re-issued token from a later session.
    expect(await (await send(config, "/session", { cookie: jar })).json()).toBeNull();
  });

  const markedCookie = async (claims: JWT) =>
    `${SESSION_COOKIE}=${await encode({ token: { name: "Ada", ...claims, [UNPROVEN_ADDRESS_CLAIM]: true }, secret: SECRET, salt: SESSION_COOKIE })}`;

  it.each([
    ["without a subject", {}],
    ["with an empty subject", { sub: "" }],
  ])("%s is not looked up, and stays a session", async (_, claims) => {
    const { config, getUser } = await app();
    getUser.mockClear();
    const response = await send(config, "/session", { cookie: await markedCookie(claims) });
    expect(await response.json()).not.toBeNull();
    expect(getUser).not.toHaveBeenCalled();
  });

  it("on an app without a user store stays a session (there is nothing to judge it by)", async () => {
    const config = makeConfig({ secret: SECRET, session: { strategy: "jwt" } });
    const response = await send(config, "/session", { cookie: await markedCookie({ sub: "user-ada" }) });
    expect(response.status).toBe(200);
    expect(await response.json()).not.toBeNull();
  });

  it("reports a failing lookup as that adapter step", async () => {
    const { config } = await app();
    const logs = recordingLogger();
    const failing = {
      ...config,
      logger: logs.logger,
      adapter: {
        ...config.adapter,
        getUser: () => {
          throw new Error("database down");
        },
      },
    };
    await send(failing, "/session", { cookie: await markedCookie({ sub: "user-ada" }) });
    expect(logs.text()).toContain("The adapter failed to find the signed-in user.");
  });
});
