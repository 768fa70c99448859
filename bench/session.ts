/**
 * GET /session through the whole handler, in process: latchkey's Auth() vs @auth/core's Auth().
 * JWT: a valid cookie younger than updateAge, read through latchkey's cache of verified tokens (the
 * same cookie on every request, as a browser sends it), without the cache (a `jwt.decode` of the
 * app's own bypasses it), and beside the floor: a handler that answers the same JSON from the
 * cookie with no crypto at all. Database: MemoryAdapter vs a Map-backed adapter of the same shape
 * for @auth/core, with a session row whose extension is not yet due.
 */
import { Auth as authjsAuth } from "@auth/core";
import type { Adapter as AuthjsAdapter } from "@auth/core/adapters";
import { Auth } from "latchkey";
import { MemoryAdapter } from "latchkey/adapters";
import { decode, encode } from "latchkey/jwt";
import type { BenchGroup } from "./harness.js";

/** The app, provider and user every session bench uses (organizations.ts too). */
export const secret = "bench-secret-0123456789abcdef0123456789abcdef";
export const origin = "http://app.test";
export const oauthProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth" as const,
  clientId: "id",
  clientSecret: "secret",
  authorization: "https://github.test/authorize",
  token: "https://github.test/token",
  userinfo: "https://github.test/user",
};
export const user = {
  id: "user-1",
  name: "Ada Lovelace",
  email: "ada@example.test",
  image: null,
  emailVerified: null,
};

/** The smallest adapter @auth/core needs for database sessions, over plain Maps. */
function mapAdapterForAuthjs(sessionToken: string, expires: Date): AuthjsAdapter {
  const users = new Map([[user.id, { ...user }]]);
  const sessions = new Map([[sessionToken, { sessionToken, userId: user.id, expires }]]);
  return {
    createUser: async (data) => ({ ...data }),
    getUser: async (id) => users.get(id) ?? null,
    getUserByEmail: async () => null,
    getUserByAccount: async () => null,
    updateUser: async (data) => ({ ...(users.get(data.id) ?? user), ...data }),
    linkAccount: async () => undefined,
    createSession: async (session) => session,
    getSessionAndUser: async (token) => {
      const session = sessions.get(token);
      const owner = session && users.get(session.userId);
      return session && owner ? { session: { ...session }, user: { ...owner } } : null;
    },
    updateSession: async (data) => ({
      ...(sessions.get(data.sessionToken) ?? { sessionToken, userId: user.id, expires }),
      ...data,
    }),
    deleteSession: async () => null,
  };
}

function authjsConfig(extra: Record<string, unknown>) {
  // @auth/core ships its own GitHub provider; the plain object keeps both sides configured alike.
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [oauthProvider],
    ...extra,
  } as never;
}

export async function sessionGroups(): Promise<BenchGroup[]> {
  const jwtCookie = `authjs.session-token=${await encode({ token: { name: user.name, email: user.email, sub: user.id }, secret, salt: "authjs.session-token" })}`;
  const jwtRequest = () => new Request(`${origin}/auth/session`, { headers: { cookie: jwtCookie } });
  const latchkeyJwt = { secret, trustHost: true, providers: [oauthProvider] };
  // A decode of the app's own (here latchkey's, unchanged) turns the verified-token cache off.
  const latchkeyJwtUncached = { ...latchkeyJwt, jwt: { decode } };
  const floorSession = {
    user: { name: user.name, email: user.email, image: null, id: user.id },
    expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
  };
  /**
   * The floor a handler cannot go below: find the cookie, answer the same session with the same
   * header fields latchkey sends (no-store caching, nosniff, JSON); no crypto, no routing.
   */
  const floorHeaders: Array<[string, string]> = [
    ["Cache-Control", "private, no-cache, no-store"],
    ["Expires", "0"],
    ["Pragma", "no-cache"],
    ["X-Content-Type-Options", "nosniff"],
    ["Content-Type", "application/json"],
  ];
  const noCryptoFloor = (request: Request) => {
    const cookie = request.headers.get("cookie") ?? "";
    const session = cookie.startsWith("authjs.session-token=") ? floorSession : null;
    return new Response(JSON.stringify(session), { headers: floorHeaders });
  };
  const authjsJwt = authjsConfig({});

  const sessionToken = "b4c2e0f7d1a94c3e8f6b2a1d0c9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e";
  const expires = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  const memory = MemoryAdapter();
  await memory.createUser(user);
  await memory.createSession({ sessionToken, userId: user.id, expires });
  const latchkeyDb = { secret, trustHost: true, providers: [oauthProvider], adapter: memory };
  const authjsDb = authjsConfig({
    adapter: mapAdapterForAuthjs(sessionToken, expires),
    session: { strategy: "database" },
  });
  const dbRequest = () =>
    new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${sessionToken}` } });

  // Each side must return the signed-in session, or the comparison measures an error path.
  for (const [name, run] of [
    ["latchkey jwt", () => Auth(jwtRequest(), latchkeyJwt)],
    ["latchkey jwt, no token cache", () => Auth(jwtRequest(), latchkeyJwtUncached)],
    ["floor", () => noCryptoFloor(jwtRequest())],
    ["@auth/core jwt", () => authjsAuth(jwtRequest(), authjsJwt)],
    ["latchkey database", () => Auth(dbRequest(), latchkeyDb)],
    ["@auth/core database", () => authjsAuth(dbRequest(), authjsDb)],
  ] as const) {
    const body = (await ((await run()) as Response).json()) as { user?: { email?: string } } | null;
    if (body?.user?.email !== user.email) throw new Error(`${name}: GET /session did not return the session`);
  }

  return [
    {
      title: "GET /session (jwt, cookie younger than updateAge)",
      tasks: [
        { name: "latchkey", fn: () => Auth(jwtRequest(), latchkeyJwt) },
        { name: "latchkey, no token cache", fn: () => Auth(jwtRequest(), latchkeyJwtUncached) },
        { name: "@auth/core", fn: () => authjsAuth(jwtRequest(), authjsJwt) },
        { name: "floor: no-crypto handler", fn: () => noCryptoFloor(jwtRequest()) },
      ],
      ratios: [
        ["latchkey", "@auth/core"],
        ["latchkey, no token cache", "@auth/core"],
        ["latchkey", "floor: no-crypto handler"],
      ],
    },
    {
      title: "GET /session (database, in-memory adapter, no extension due)",
      tasks: [
        { name: "latchkey", fn: () => Auth(dbRequest(), latchkeyDb) },
        { name: "@auth/core", fn: () => authjsAuth(dbRequest(), authjsDb) },
      ],
      ratios: [["latchkey", "@auth/core"]],
    },
  ];
}
