/**
 * A JWT session that crosses the chunk boundary (3936 characters) while it lives: an update that
 * grows it from one cookie to several, one that shrinks it back, and sign-out of a chunked session.
 * Every re-write must expire the parts the new value no longer uses, or the browser keeps sending
 * them beside the new ones and the session the next request reads is stale or gone.
 */
import { describe, expect, it } from "vitest";
import { COOKIE_CHUNK_SIZE } from "../../src/cookie/chunks.js";
import type { AuthConfig } from "../../src/index.js";
import type { JWT } from "../../src/jwt/types.js";
import { type CookieJar, getCsrf, locationOf, makeConfig, send, signedIn } from "../core/helpers.js";

const SESSION = "__Secure-authjs.session-token";
const chunk = (index: number) => `${SESSION}.${index}`;

/** Alice's session carries a `groups` claim that POST /session can replace, and shows it in the session. */
function growingSessionConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return makeConfig({
    callbacks: {
      jwt: ({ token, trigger, session }) => {
        const groups = (session as { groups?: unknown } | undefined)?.groups;
        return trigger === "update" && typeof groups === "string" ? { ...token, groups } : token;
      },
      session: ({ session, token }) => ({ ...session, groups: token.groups ?? "" }),
    },
    ...overrides,
  });
}

/** The session-cookie parts a jar holds, sorted. */
const sessionParts = (jar: CookieJar) =>
  [...jar.cookies.keys()].filter((name) => name === SESSION || name.startsWith(`${SESSION}.`)).sort();

/** The names a response expires (Max-Age=0), sorted. */
const expiredBy = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((cookie) => /;\s*Max-Age=0/i.test(cookie))
    .map((cookie) => cookie.slice(0, cookie.indexOf("=")))
    .sort();

async function updateGroups(config: AuthConfig, jar: CookieJar, groups: string): Promise<Response> {
  const { token } = await getCsrf(config, { cookie: jar });
  const response = await send(config, "/session", {
    cookie: jar,
    json: { csrfToken: token, data: { groups } },
  });
  expect(response.status).toBe(200);
  expect(((await response.clone().json()) as { groups: string }).groups).toBe(groups);
  jar.apply(response);
  return response;
}

async function groupsRead(config: AuthConfig, jar: CookieJar): Promise<string | null> {
  const response = await send(config, "/session", { cookie: jar });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { groups: string } | null;
  return session === null ? null : session.groups;
}

/** Groups long enough that the sealed token needs `n` chunks (the token adds ~600 characters of its own). */
const groupsFilling = (chunks: number) => "g".repeat(Math.floor((chunks - 0.5) * COOKIE_CHUNK_SIZE * 0.75));

describe("a JWT session crossing the chunk boundary", () => {
  it("an update that grows a whole cookie past the boundary expires the whole cookie, and the next read sees the update", async () => {
    const config = growingSessionConfig();
    const jar = await signedIn(config);
    expect(sessionParts(jar)).toEqual([SESSION]);

    const big = groupsFilling(3);
    const response = await updateGroups(config, jar, big);
    expect(expiredBy(response)).toEqual([SESSION]);
    expect(sessionParts(jar)).toEqual([chunk(0), chunk(1), chunk(2)]);
    expect(await groupsRead(config, jar)).toBe(big);
  });

  it("an update that shrinks a chunked session to one cookie expires every chunk", async () => {
    const config = growingSessionConfig();
    const jar = await signedIn(config);
    await updateGroups(config, jar, groupsFilling(3));

    const response = await updateGroups(config, jar, "admins");
    expect(expiredBy(response)).toEqual([chunk(0), chunk(1), chunk(2)]);
    expect(sessionParts(jar)).toEqual([SESSION]);
    expect(await groupsRead(config, jar)).toBe("admins");
  });

  it("an update from three chunks to two expires the third, and from two to three writes it again", async () => {
    const config = growingSessionConfig();
    const jar = await signedIn(config);
    await updateGroups(config, jar, groupsFilling(3));
    expect(sessionParts(jar)).toEqual([chunk(0), chunk(1), chunk(2)]);

    const two = groupsFilling(2);
    expect(expiredBy(await updateGroups(config, jar, two))).toEqual([chunk(2)]);
    expect(sessionParts(jar)).toEqual([chunk(0), chunk(1)]);
    expect(await groupsRead(config, jar)).toBe(two);

    const three = groupsFilling(3).replaceAll("g", "h");
    expect(expiredBy(await updateGroups(config, jar, three))).toEqual([]);
    expect(sessionParts(jar)).toEqual([chunk(0), chunk(1), chunk(2)]);
    expect(await groupsRead(config, jar)).toBe(three);
  });

  it("signing out of a chunked session expires every chunk and hands the signOut event the token", async () => {
    const signedOut: Array<JWT | null | undefined> = [];
    const config = growingSessionConfig({
      events: { signOut: (message) => void signedOut.push("token" in message ? message.token : undefined) },
    });
    const jar = await signedIn(config);
    const big = groupsFilling(3);
    await updateGroups(config, jar, big);

    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signout", { cookie: jar, form: { csrfToken: token } });
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect(expiredBy(response)).toEqual([chunk(0), chunk(1), chunk(2)]);
    jar.apply(response);
    expect(sessionParts(jar)).toEqual([]);
    expect(await groupsRead(config, jar)).toBeNull();
    expect(signedOut).toHaveLength(1);
    expect(signedOut[0]).toMatchObject({ email: "alice@example.test", groups: big });
  });
});
