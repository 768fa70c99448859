/**
 * Cookie tossing against chunked JWT sessions: a site on a parent or sibling domain can add cookies
 * to the requests this app receives (RFC 6265 §8.6) but cannot read or remove the real ones. Any set of
 * session-cookie parts our writer could not have produced must read as no session, never as a
 * session the attacker chose.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { getToken } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { authRequest, type CookieJar, makeConfig, SECRET, send, signInWithCredentials } from "./helpers.js";

const SESSION = "__Secure-authjs.session-token";
const chunk = (index: number | string) => `${SESSION}.${index}`;

/** Signs in alice with a session large enough to be chunked, and mallory with one that fits whole. */
function chunkingConfig(): AuthConfig {
  return makeConfig({
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "right" && (username === "alice" || username === "mallory")
            ? { id: `user-${username}`, name: username, email: `${username}@example.test` }
            : null,
      }),
    ],
    callbacks: {
      // About 9000 characters of claims: the sealed token needs three cookies.
      jwt: ({ token, user }) => (user?.name === "alice" ? { ...token, groups: "g".repeat(9000) } : token),
    },
  });
}

async function signIn(config: AuthConfig, username: string): Promise<CookieJar> {
  const { response, jar } = await signInWithCredentials(config, { username, password: "right" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error=");
  return jar;
}

async function sessionUser(config: AuthConfig, jar: CookieJar): Promise<string | null> {
  const response = await send(config, "/session", { cookie: jar });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return session === null ? null : (session.user?.email ?? "a session without an e-mail");
}

/** The session-cookie parts of a jar, by name, as sent. */
const sessionParts = (jar: CookieJar) => [...jar.cookies.keys()].filter((name) => name.startsWith(SESSION));

/** The jar holds the session as chunks .0 … .n-1 (at least two) and nothing else of it. */
function expectCleanChunks(jar: CookieJar): void {
  const parts = sessionParts(jar);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  expect(parts.sort()).toEqual(parts.map((_, index) => chunk(index)).sort());
}

describe("chunked JWT sessions under cookie tossing", () => {
  it("a real chunked session reads back (the baseline every attack below starts from)", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    expectCleanChunks(alice);
    expect(await sessionUser(config, alice)).toBe("alice@example.test");
  });

  it("a planted whole cookie holding the attacker's valid session next to the victim's chunks reads as no session", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    const mallory = await signIn(config, "mallory");
    expect(sessionParts(mallory)).toEqual([SESSION]);
    expect(await sessionUser(config, mallory)).toBe("mallory@example.test");

    alice.cookies.set(SESSION, mallory.cookies.get(SESSION) as string);
    expect(await sessionUser(config, alice)).toBeNull();
  });

  it("a session cookie sent twice (a tossed copy with a longer path goes first) reads as no session", async () => {
    const config = chunkingConfig();
    const victim = await signIn(config, "mallory");
    const attacker = await signIn(config, "mallory");
    const tossed = `${SESSION}=${attacker.cookies.get(SESSION)}`;
    const response = await send(config, "/session", { cookie: `${tossed}; ${victim.header()}` });
    expect(await response.json()).toBeNull();
  });

  it("a chunk sent twice reads as no session", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    const response = await send(config, "/session", { cookie: `${chunk(1)}=x; ${alice.header()}` });
    expect(await response.json()).toBeNull();
  });

  it("planted chunks holding the attacker's valid session next to the victim's whole cookie read as no session", async () => {
    const config = chunkingConfig();
    const attacker = await signIn(config, "alice");
    const victim = await signIn(config, "mallory");
    expect(sessionParts(victim)).toEqual([SESSION]);
    for (const part of sessionParts(attacker)) victim.cookies.set(part, attacker.cookies.get(part) as string);
    expect(await sessionUser(config, victim)).toBeNull();
  });

  it.each<[string, (jar: CookieJar) => void]>([
    ["a tossed chunk after a gap (.9)", (jar) => jar.cookies.set(chunk(9), "x")],
    ["a tossed chunk at the chunk limit (.64)", (jar) => jar.cookies.set(chunk(64), "x")],
    ["a second spelling of a real index (.01 beside .1)", (jar) => jar.cookies.set(chunk("01"), "x")],
    ["a second spelling of index 0 (.00 beside .0)", (jar) => jar.cookies.set(chunk("00"), "x")],
    ["a missing middle chunk", (jar) => jar.cookies.delete(chunk(1))],
  ])("%s makes the session read as none", async (_what, tamper) => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    tamper(alice);
    expect(await sessionUser(config, alice)).toBeNull();
  });

  it("a non-canonical index cannot stand in for the real one", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    const real = alice.cookies.get(chunk(1)) as string;
    alice.cookies.delete(chunk(1));
    alice.cookies.set(chunk("01"), real);
    expect(await sessionUser(config, alice)).toBeNull();
  });

  it("getToken refuses the same tampered sets", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    const mallory = await signIn(config, "mallory");
    const read = (jar: CookieJar) =>
      getToken({ req: authRequest("/session", { cookie: jar }), secret: SECRET, logger: { warn: () => {} } });
    expect(await read(alice)).toMatchObject({ email: "alice@example.test" });

    alice.cookies.set(SESSION, mallory.cookies.get(SESSION) as string);
    expect(await read(alice)).toBeNull();
    alice.cookies.delete(SESSION);
    alice.cookies.set(chunk("02"), "x");
    expect(await read(alice)).toBeNull();
  });

  it("signing in again over a tampered set expires every stray part and leaves one readable session", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    alice.cookies.set(SESSION, "planted");
    alice.cookies.set(chunk("01"), "planted");
    alice.cookies.set(chunk(9), "planted");
    expect(await sessionUser(config, alice)).toBeNull();

    await signInWithCredentials(config, { username: "alice", password: "right" }, { cookie: alice });
    expectCleanChunks(alice);
    expect(await sessionUser(config, alice)).toBe("alice@example.test");
  });

  it("signing out over a tampered set expires every part", async () => {
    const config = chunkingConfig();
    const alice = await signIn(config, "alice");
    alice.cookies.set(SESSION, "planted");
    alice.cookies.set(chunk("01"), "planted");
    const csrf = await send(config, "/csrf", { cookie: alice });
    alice.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await send(config, "/signout", { cookie: alice, form: { csrfToken } });
    alice.apply(response);
    expect(sessionParts(alice)).toEqual([]);
  });
});
