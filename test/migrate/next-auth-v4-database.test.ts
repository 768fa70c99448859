/**
 * next-auth v4 database sessions on latchkey (`migrate: { nextAuthV4: true }`). The oracle is real
 * next-auth@4: its core handler signs a user in by e-mail link through its own Prisma adapter
 * (`@next-auth/prisma-adapter`), which writes the user and session rows into a SQLite database made
 * from latchkey's shipped schema (the models of v4's Prisma schema, which Auth.js kept). latchkey
 * then reads that database with its own PrismaAdapter and the browser's v4 cookie.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import { type AuthConfig, revokeUserSessions } from "../../src/index.js";
import { type FreshDatabase, freshSqliteDatabase } from "../adapters/support/databases.js";
import { type OpenedPrismaClient, openPrismaClient } from "../adapters/support/prisma-suite.js";
import {
  CookieJar,
  HTTP_APP,
  makeConfig,
  parseSetCookie,
  recordingLogger,
  SECRET,
  send,
} from "../core/helpers.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";

const v4 = loadNextAuthV4();
const V4_COOKIE = "next-auth.session-token";
const V5_COOKIE = "authjs.session-token";

let database: FreshDatabase;
let opened: OpenedPrismaClient;

beforeAll(async () => {
  database = await freshSqliteDatabase();
  opened = await openPrismaClient("sqlite", database);
});
afterAll(async () => {
  await opened.prisma.$disconnect();
  await database.drop();
});

/** Runs next-auth v4's handler on `request`; v4 takes its origin from NEXTAUTH_URL, set only meanwhile. */
async function v4Handle(request: Request, options: Record<string, unknown>) {
  vi.stubEnv("NEXTAUTH_URL", `${HTTP_APP}/api/auth`);
  try {
    return await v4.AuthHandler({ req: request, options });
  } finally {
    vi.unstubAllEnvs();
  }
}

/**
 * Signs `email` in on next-auth v4 by e-mail link, as a v4 app with database sessions does:
 * GET /csrf, POST /signin/email, GET the link. Returns the session cookie v4 set.
 */
async function signInOnV4(email: string): Promise<string> {
  let link = "";
  const options = {
    secret: SECRET,
    adapter: v4.PrismaAdapter(opened.prisma),
    providers: [
      {
        id: "email",
        type: "email",
        name: "Email",
        maxAge: 600,
        options: {},
        sendVerificationRequest: async ({ url }: { url: string }) => {
          link = url;
        },
      },
    ],
  };
  const csrf = await v4Handle(new Request(`${HTTP_APP}/api/auth/csrf`), options);
  const cookie = (csrf.cookies ?? []).map(({ name, value }) => `${name}=${value}`).join("; ");
  const { csrfToken } = csrf.body as { csrfToken: string };
  await v4Handle(
    new Request(`${HTTP_APP}/api/auth/signin/email`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ email, csrfToken }),
    }),
    options,
  );
  const callback = await v4Handle(new Request(link, { headers: { cookie } }), options);
  const sessionCookie = callback.cookies?.find((set) => set.name === V4_COOKIE);
  if (!sessionCookie) throw new Error(`next-auth v4 set no session cookie: ${JSON.stringify(callback)}`);
  return sessionCookie.value;
}

const migrating = (overrides: Partial<AuthConfig> = {}) =>
  makeConfig({
    adapter: PrismaAdapter(opened.prisma),
    session: { strategy: "database" },
    migrate: { nextAuthV4: true },
    ...overrides,
  });

const setCookies = (response: Response) => response.headers.getSetCookie().map(parseSetCookie);
const cleared = (response: Response) =>
  setCookies(response)
    .filter((cookie) => cookie.attributes.get("max-age") === "0" || cookie.value === "")
    .map((cookie) => cookie.name);
const issued = (response: Response) => setCookies(response).filter((cookie) => cookie.value !== "");

describe(`next-auth ${v4.version} database sessions (@next-auth/prisma-adapter rows on SQLite)`, () => {
  it("a copy of the v4 cookie signs nobody in once revokeUserSessions ended the adopted session", async () => {
    const v4Token = await signInOnV4("rhea@example.test");
    const config = migrating();
    const adopted = await send(config, "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: v4Token }),
    });
    expect(((await adopted.json()) as { user: { email: string } }).user.email).toBe("rhea@example.test");
    const row = await opened.prisma.session.findUnique({ where: { sessionToken: v4Token } });
    expect(await revokeUserSessions(config, (row as { userId: string }).userId)).toBe(1);
    const replay = await send(config, "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: v4Token }),
    });
    expect(await replay.json()).toBeNull();
  });

  it("sign the user in on the first GET /session: the same row under latchkey's cookie, v4's cleared", async () => {
    const v4Token = await signInOnV4("dora@example.test");
    const row = (await opened.prisma.session.findUnique({ where: { sessionToken: v4Token } })) as {
      expires: Date;
    } | null;
    if (row === null) throw new Error("next-auth v4 wrote no session row");
    const config = migrating();

    const response = await send(config, "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: v4Token }),
    });
    const session = (await response.json()) as { user: { email: string }; expires: string };
    expect(session.user.email).toBe("dora@example.test");
    const [v5] = issued(response);
    expect(v5?.name).toBe(V5_COOKIE);
    expect(v5?.value).toBe(v4Token);
    // Bounded by the row's own expiry: the adoption writes nothing and extends nothing.
    expect(Date.parse(v5?.attributes.get("expires") ?? "")).toBe(
      Math.floor(row.expires.valueOf() / 1000) * 1000,
    );
    expect(cleared(response)).toEqual([V4_COOKIE]);

    const jar = new CookieJar({ [V4_COOKIE]: v4Token }).apply(response);
    expect([...jar.cookies.keys()]).toEqual([V5_COOKIE]);
    const again = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
    expect(((await again.json()) as { user: { email: string } }).user.email).toBe("dora@example.test");
  });

  it("end at sign-out, the v4 row deleted", async () => {
    const v4Token = await signInOnV4("sam@example.test");
    const config = migrating();
    const jar = new CookieJar({ [V4_COOKIE]: v4Token });
    const csrf = await send(config, "/csrf", { origin: HTTP_APP, cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signOut = await send(config, "/signout", { origin: HTTP_APP, cookie: jar, form: { csrfToken } });
    expect(cleared(signOut)).toContain(V4_COOKIE);
    expect(await opened.prisma.session.findUnique({ where: { sessionToken: v4Token } })).toBeNull();
  });

  /** GET /session with the v4 cookie alone, logging at debug level into `logs`. */
  const presentV4Cookie = (v4Token: string, logs: ReturnType<typeof recordingLogger>) =>
    send(migrating({ debug: true, logger: logs.logger }), "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: v4Token }),
    });
  const adoptionLines = (logs: ReturnType<typeof recordingLogger>) =>
    logs.debugs.map(({ message }) => message).filter((message) => message.includes("next-auth v4"));
  const OVER = "A next-auth v4 session cookie was not readable or has expired; clearing it";

  it("an expired v4 session signs nobody in, and is not revived: only v4's cookie is cleared", async () => {
    const v4Token = await signInOnV4("eve@example.test");
    await opened.prisma.session.update({
      where: { sessionToken: v4Token },
      data: { expires: new Date(Date.now() - 1000) },
    });
    const logs = recordingLogger();
    const response = await presentV4Cookie(v4Token, logs);
    expect(await response.json()).toBeNull();
    expect(issued(response)).toEqual([]);
    expect(cleared(response)).toEqual([V4_COOKIE]);
    expect(adoptionLines(logs)).toEqual([OVER]);
  });

  it("a v4 session at its row's expiry is over, never adopted", async () => {
    const v4Token = await signInOnV4("ivy@example.test");
    const row = await opened.prisma.session.findUnique({ where: { sessionToken: v4Token } });
    vi.useFakeTimers({ toFake: ["Date"], now: (row as { expires: Date }).expires });
    try {
      const logs = recordingLogger();
      const response = await presentV4Cookie(v4Token, logs);
      expect(await response.json()).toBeNull();
      expect(cleared(response)).toEqual([V4_COOKIE]);
      expect(adoptionLines(logs)).toEqual([OVER]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failing session lookup is reported as that adapter step", async () => {
    const logs = recordingLogger();
    const failing = {
      ...PrismaAdapter(opened.prisma),
      getSessionAndUser: () => Promise.reject(new Error("database down")),
    };
    await send(migrating({ adapter: failing, logger: logs.logger }), "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: crypto.randomUUID() }),
    });
    expect(logs.text()).toContain("The adapter failed to read a next-auth v4 session.");
  });

  it("a v4 cookie naming no session signs nobody in", async () => {
    const response = await send(migrating(), "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: crypto.randomUUID() }),
    });
    expect(await response.json()).toBeNull();
    expect(issued(response)).toEqual([]);
  });

  it("a v4 session cookie signs nobody in when the app did not opt in", async () => {
    const v4Token = await signInOnV4("olive@example.test");
    const response = await send(migrating({ migrate: {} }), "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ [V4_COOKIE]: v4Token }),
    });
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
