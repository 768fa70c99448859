/**
 * The edges an Auth.js app meets when it switches its imports to latchkey and changes nothing else.
 * `@auth/core` is the oracle: each test sends the same request to both handlers (or calls the same
 * helper of both) and asserts that they agree. Where latchkey differs on purpose, the test pins
 * latchkey's behaviour and docs/migrating.md ("Deliberate differences") names it.
 */

import * as authjs from "@auth/core";
import { type AuthConfig as AuthjsConfig, Auth as authjsAuth } from "@auth/core";
import * as authjsErrors from "@auth/core/errors";
import AuthjsCredentials from "@auth/core/providers/credentials";
import AuthjsResend from "@auth/core/providers/resend";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import * as latchkey from "../../src/index.js";
import { Auth, type AuthConfig, type SessionCallbackParams } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import OAuth from "../../src/providers/oauth.js";
import { CookieJar } from "../support/cookie-jar.js";
import { recordingLogger, SECRET } from "./helpers.js";

const APP = "https://app.test";
type Handler = (request: Request) => Promise<Response>;

/** The same app on both libraries: one credentials provider that accepts alice, JWT sessions. */
function twinApps(callbacks: { signIn?: () => boolean } = {}): { authjs: Handler; latchkey: Handler } {
  const authorize = (fields: Partial<Record<string, unknown>>) =>
    fields.username === "alice" ? { id: "alice", name: "Alice", email: "alice@example.test" } : null;
  const authjsConfig: AuthjsConfig = {
    providers: [AuthjsCredentials({ credentials: { username: {} }, authorize })],
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    callbacks,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  };
  const latchkeyConfig: AuthConfig = {
    providers: [Credentials({ credentials: { username: {} }, authorize })],
    secret: SECRET,
    trustHost: true,
    callbacks,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  };
  return {
    authjs: (request) => authjsAuth(request, authjsConfig),
    latchkey: (request) => Auth(request, latchkeyConfig),
  };
}

/** Posts credentials with a valid CSRF token, as a sign-in form would. */
async function credentialsSignIn(handler: Handler): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await handler(new Request(`${APP}/auth/csrf`));
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return handler(
    new Request(`${APP}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, username: "alice" }),
    }),
  );
}

const cacheHeaders = (response: Response) =>
  ["cache-control", "expires", "pragma"].map((name) => [name, response.headers.get(name)]);

describe("GET /csrf and GET /session, against @auth/core", () => {
  it.each(["/csrf", "/session"])(
    "%s forbids caching with Cache-Control, Expires: 0 and Pragma: no-cache, as Auth.js does",
    async (path) => {
      const apps = twinApps();
      const [theirs, ours] = await Promise.all([
        apps.authjs(new Request(`${APP}/auth${path}`)),
        apps.latchkey(new Request(`${APP}/auth${path}`)),
      ]);
      expect(cacheHeaders(ours)).toEqual(cacheHeaders(theirs));
      expect(ours.headers.get("expires")).toBe("0");
      expect(ours.headers.get("pragma")).toBe("no-cache");
    },
  );
});

describe("a signIn callback that throws, against @auth/core", () => {
  it("refuses the sign-in as AccessDenied on the error page, as Auth.js does, not Configuration", async () => {
    const apps = twinApps({
      signIn: () => {
        throw new Error("the user directory is down");
      },
    });
    const [theirs, ours] = await Promise.all([
      credentialsSignIn(apps.authjs),
      credentialsSignIn(apps.latchkey),
    ]);
    const target = (response: Response) => {
      const location = new URL(response.headers.get("location") ?? "");
      return [location.pathname, location.searchParams.get("error")];
    };
    expect(target(theirs)).toEqual(["/auth/error", "AccessDenied"]);
    expect(target(ours)).toEqual(target(theirs));
    expect(ours.headers.getSetCookie().join()).not.toContain("session-token=ey");
  });
});

describe("the session callback with database sessions, against @auth/core", () => {
  const TOKEN = "0f9c2d4e-8a6b-4c1d-9e7f-3b5a2c8d1e40";
  const HOUR = 60 * 60 * 1000;

  /** A user and a session row written straight into the adapter, as Auth.js's database sessions are. */
  async function seeded(expires: Date): Promise<Adapter> {
    const adapter = MemoryAdapter();
    await adapter.createUser?.({ id: "u1", email: "alice@example.test", emailVerified: null, name: "Alice" });
    await adapter.createSession?.({ sessionToken: TOKEN, userId: "u1", expires });
    return adapter;
  }

  /** GET /session on both, each with its own seeded adapter: what each callback received, the answers, the rows. */
  async function sessionCallbacks(
    expiresIn: number,
    answer: (params: SessionCallbackParams) => unknown = (params) => ({ expires: params.session.expires }),
  ) {
    const expires = new Date(Date.now() + expiresIn);
    const received: { authjs: unknown[]; latchkey: SessionCallbackParams[] } = { authjs: [], latchkey: [] };
    const request = () =>
      new Request(`${APP}/auth/session`, { headers: { cookie: `__Secure-authjs.session-token=${TOKEN}` } });
    const adapters = { authjs: await seeded(expires), latchkey: await seeded(expires) };
    const theirs = await authjsAuth(request(), {
      providers: [],
      adapter: adapters.authjs as AuthjsConfig["adapter"],
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      callbacks: {
        session: (params) => {
          received.authjs.push(structuredClone(params));
          return answer(params as unknown as SessionCallbackParams) as never;
        },
      },
    });
    const ours = await Auth(request(), {
      providers: [],
      adapter: adapters.latchkey,
      secret: SECRET,
      trustHost: true,
      callbacks: {
        session: (params) => {
          received.latchkey.push(structuredClone(params));
          return answer(params) as never;
        },
      },
    });
    return {
      received,
      responses: { authjs: theirs, latchkey: ours },
      bodies: { authjs: await theirs.text(), latchkey: await ours.text() },
      rows: {
        authjs: (await adapters.authjs.getSessionAndUser?.(TOKEN))?.session,
        latchkey: (await adapters.latchkey.getSessionAndUser?.(TOKEN))?.session,
      },
    };
  }

  it("gets the stored row (userId, expires as a Date) and the user, as Auth.js passes them, less the session token", async () => {
    const { received, bodies } = await sessionCallbacks(30 * 24 * HOUR);
    const [theirs] = received.authjs as Array<{ session: Record<string, unknown>; user: unknown }>;
    const [ours] = received.latchkey;
    expect(theirs?.session.sessionToken).toBe(TOKEN);
    const { sessionToken: _token, ...theirsWithoutToken } = theirs?.session ?? {};
    expect(ours?.session).toEqual(theirsWithoutToken);
    expect(ours?.session.expires).toBeInstanceOf(Date);
    expect(ours?.session.userId).toBe("u1");
    expect(ours?.user).toEqual(theirs?.user);
    expect(JSON.stringify(ours)).not.toContain(TOKEN);
    // A Date the callback passes on reaches the client as its ISO string, as Auth.js's JSON does.
    expect(JSON.parse(bodies.latchkey)).toEqual(JSON.parse(bodies.authjs));
  });

  it("a callback that answers the session it was given puts no session token in the JSON, where Auth.js's does (docs/migrating.md)", async () => {
    // `session.user.id = user.id; return session` is the common custom callback: on Auth.js it hands
    // the httpOnly cookie's bearer token to any script on the page that can fetch GET /session.
    const { bodies } = await sessionCallbacks(30 * 24 * HOUR, ({ session, user }) => {
      session.user.id = user.id;
      return session;
    });
    expect(bodies.authjs).toContain(TOKEN);
    expect(bodies.latchkey).not.toContain(TOKEN);
    expect(JSON.parse(bodies.latchkey)).toMatchObject({ userId: "u1", user: { id: "u1", name: "Alice" } });
  });

  it("gets the extended expiry when this read extends the row, so the answer agrees with the row and the cookie (Auth.js answers the one read before; docs/migrating.md)", async () => {
    const { received, bodies, rows, responses } = await sessionCallbacks(HOUR);
    const [ours] = received.latchkey;
    expect(ours?.session.expires).toBeInstanceOf(Date);
    expect(Number(ours?.session.expires)).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
    const cookieExpiry = (response: Response) => {
      const cookie = response.headers
        .getSetCookie()
        .find((line) => line.startsWith("__Secure-authjs.session-token="));
      return new Date(/Expires=([^;]+)/i.exec(cookie ?? "")?.[1] ?? "").toUTCString();
    };
    // Both extend the row and the cookie; only latchkey's answer says so.
    const answered = (body: string) => new Date((JSON.parse(body) as { expires: string }).expires);
    expect(answered(bodies.latchkey).toISOString()).toBe(rows.latchkey?.expires.toISOString());
    expect(answered(bodies.latchkey).toUTCString()).toBe(cookieExpiry(responses.latchkey));
    expect(Number(rows.authjs?.expires)).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
    expect(Number(answered(bodies.authjs))).toBeLessThan(Date.now() + 2 * HOUR);
  });

  it("answers what Auth.js's default callback answers (name, e-mail, image, expires), plus user.id", async () => {
    const expires = new Date(Date.now() + 30 * 24 * HOUR);
    const request = () =>
      new Request(`${APP}/auth/session`, { headers: { cookie: `__Secure-authjs.session-token=${TOKEN}` } });
    const theirs = await authjsAuth(request(), {
      providers: [],
      adapter: (await seeded(expires)) as AuthjsConfig["adapter"],
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
    });
    const ours = await Auth(request(), {
      providers: [],
      adapter: await seeded(expires),
      secret: SECRET,
      trustHost: true,
    });
    const authjs = (await theirs.json()) as { user: Record<string, unknown>; expires: string };
    const latchkey = (await ours.json()) as { user: Record<string, unknown>; expires: string };
    const { id, ...sameAsAuthjs } = latchkey.user;
    // The id is latchkey's one addition (README, "Use"); Auth.js clients ignore a field they do not know.
    expect(id).toEqual(expect.any(String));
    expect({ ...latchkey, user: sameAsAuthjs }).toEqual(authjs);
  });
});

describe("the names an Auth.js app imports", () => {
  it("exports every error class @auth/core exports, each with Auth.js's type", () => {
    for (const [name, value] of Object.entries(authjsErrors)) {
      expect(latchkey, name).toHaveProperty(name);
      if (typeof value === "function" && value.prototype instanceof Error && name !== "SignInError") {
        const ErrorClass = (latchkey as unknown as Record<string, new () => { type: string }>)[name];
        expect(ErrorClass && new ErrorClass().type, name).toBe(
          new (value as new () => { type: string })().type,
        );
      }
    }
  });

  it("exports customFetch, isAuthAction, createActionURL and setEnvDefaults", () => {
    for (const name of ["customFetch", "isAuthAction", "createActionURL", "setEnvDefaults"]) {
      expect(typeof (latchkey as Record<string, unknown>)[name], name).toBe(
        typeof (authjs as Record<string, unknown>)[name],
      );
    }
  });

  it("isAuthAction agrees with Auth.js on every Auth.js action and on non-actions", () => {
    for (const action of [
      "providers",
      "session",
      "csrf",
      "signin",
      "signout",
      "callback",
      "verify-request",
      "error",
      "webauthn-options",
      "nope",
      "",
      "__proto__",
      "toString",
    ]) {
      expect(latchkey.isAuthAction(action), action).toBe(authjs.isAuthAction(action));
    }
  });

  it("a provider's customFetch carries its discovery and token requests, as in Auth.js", async () => {
    const seen: string[] = [];
    const ownFetch: typeof fetch = async (input) => {
      const url = new URL(input instanceof Request ? input.url : input);
      seen.push(url.pathname);
      return Response.json({
        issuer: "https://id.acme.test",
        authorization_endpoint: "https://id.acme.test/authorize",
        token_endpoint: "https://id.acme.test/token",
      });
    };
    const config: AuthConfig = {
      providers: [
        OAuth({
          id: "acme",
          name: "Acme",
          issuer: "https://id.acme.test",
          clientId: "c",
          clientSecret: "s",
          [latchkey.customFetch]: ownFetch,
        }),
      ],
      secret: SECRET,
      trustHost: true,
    };
    const jar = new CookieJar();
    const csrf = await Auth(new Request(`${APP}/auth/csrf`), config);
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await Auth(
      new Request(`${APP}/auth/signin/acme`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams({ csrfToken }),
      }),
      config,
    );
    expect(new URL(response.headers.get("location") ?? "").href).toMatch(
      /^https:\/\/id\.acme\.test\/authorize\?/,
    );
    expect(seen).toEqual(["/.well-known/openid-configuration"]);
  });
});

describe("createActionURL and setEnvDefaults, against @auth/core", () => {
  it("createActionURL falls back to https when the protocol is undefined", () => {
    const headers = new Headers({ host: "app.example.com" });
    const ours = latchkey.createActionURL("signin", undefined, headers, {}, { basePath: "/auth" });
    // Auth.js types the protocol as a string, yet falls back to https when it is undefined.
    const theirs = authjs.createActionURL(
      "signin",
      undefined as unknown as string,
      headers,
      {},
      { basePath: "/auth" },
    );
    expect(ours.href).toBe(theirs.href);
    expect(ours.href).toBe("https://app.example.com/auth/signin");
  });

  it("setEnvDefaults reads AUTH_REDIRECT_PROXY_URL into redirectProxyUrl", () => {
    const env = { AUTH_REDIRECT_PROXY_URL: "https://auth.example.com/auth" };
    const theirs: AuthjsConfig = { providers: [] };
    const ours: AuthConfig = { providers: [] };
    authjs.setEnvDefaults(env, theirs);
    latchkey.setEnvDefaults(env, ours);
    expect(ours.redirectProxyUrl).toBe(theirs.redirectProxyUrl);
    expect(ours.redirectProxyUrl).toBe("https://auth.example.com/auth");
  });

  it("setEnvDefaults keeps /auth for an AUTH_URL without a path, where Auth.js mounts at / (docs/migrating.md)", () => {
    const env = { AUTH_URL: "https://app.example.com" };
    const theirs: AuthjsConfig = { providers: [] };
    const ours: AuthConfig = { providers: [] };
    authjs.setEnvDefaults(env, theirs);
    latchkey.setEnvDefaults(env, ours);
    expect(theirs.basePath).toBe("/");
    expect(ours.basePath).toBe("/auth");
  });

  it.each([{ AUTH_URL: "not a url" }, {}])("setEnvDefaults sets basePath to /auth with %j", (env) => {
    const theirs: AuthjsConfig = { providers: [] };
    const ours: AuthConfig = { providers: [] };
    authjs.setEnvDefaults(env, theirs);
    latchkey.setEnvDefaults(env, ours);
    expect(ours.basePath).toBe(theirs.basePath);
    expect(ours.basePath).toBe("/auth");
  });
});

describe("a configuration error at startup, against @auth/core", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** The errors each library hands `logger.error` for one request, and each answer. */
  async function startupFailure(path: string, overrides: Record<string, unknown>) {
    for (const name of ["AUTH_SECRET", "AUTH_URL", "AUTH_TRUST_HOST"]) vi.stubEnv(name, undefined);
    const logged = { authjs: [] as Error[], latchkey: [] as Error[] };
    const config = (errors: Error[]) => ({
      providers: [],
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      logger: {
        error: (error: Error) => void errors.push(error),
        warn: () => undefined,
        debug: () => undefined,
      },
      ...overrides,
    });
    const theirs = await authjsAuth(new Request(`${APP}/auth${path}`), config(logged.authjs) as AuthjsConfig);
    const ours = await Auth(new Request(`${APP}/auth${path}`), config(logged.latchkey) as AuthConfig);
    return { logged, answers: { authjs: theirs, latchkey: ours } };
  }
  const shape = (error: Error) => [error.name, (error as Error & { type?: string }).type];
  const credentialsWithoutAuthorize = { type: "credentials", id: "pin", name: "PIN" };

  it.each<[string, string, Record<string, unknown>, RegExp]>([
    ["a missing secret", "/session", { secret: undefined }, /AUTH_SECRET/],
    ["an untrusted host", "/session", { trustHost: false }, /AUTH_URL.*trustHost|trustHost.*AUTH_URL/],
    [
      "an OIDC provider with neither issuer nor endpoints",
      "/providers",
      { providers: [{ type: "oidc", id: "corp", name: "Corp", clientId: "c", clientSecret: "s" }] },
      /"corp".*`issuer`.*`authorization`/,
    ],
    [
      "a credentials provider object without authorize",
      "/providers",
      { providers: [credentialsWithoutAuthorize] },
      /"pin".*`authorize`/,
    ],
    [
      "a credentials provider function without authorize",
      "/providers",
      { providers: [() => credentialsWithoutAuthorize] },
      /"pin".*`authorize`/,
    ],
  ])(
    "%s: Auth.js's class, type, status and body; the logged message names what to set (docs/migrating.md)",
    async (_what, path, overrides, fix) => {
      const { logged, answers } = await startupFailure(path, overrides);
      const [theirs] = logged.authjs;
      const [ours] = logged.latchkey;
      expect(logged.authjs).toHaveLength(1);
      expect(logged.latchkey.map(shape)).toEqual(logged.authjs.map(shape));
      expect(ours).toBeInstanceOf((latchkey as unknown as Record<string, typeof Error>)[theirs?.name ?? ""]);
      expect(answers.latchkey.status).toBe(500);
      expect(answers.latchkey.status).toBe(answers.authjs.status);
      expect(await answers.latchkey.json()).toEqual(await answers.authjs.json());
      expect(ours?.message).toMatch(fix);
      expect(ours?.message).toContain(`(see docs/errors.md#${theirs?.name.toLowerCase()})`);
    },
  );
});

describe("an OAuth provider's endpoints at startup, against @auth/core", () => {
  /** The errors each library logs when GET /providers meets this provider. */
  async function startupErrors(provider: Record<string, unknown>) {
    const logged = { authjs: [] as string[], latchkey: [] as string[] };
    const base = { id: "acme", name: "Acme", type: "oauth", clientId: "c", clientSecret: "s", ...provider };
    await authjsAuth(new Request(`${APP}/auth/providers`), {
      providers: [base as never],
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      logger: {
        error: (error) => void logged.authjs.push(error.name),
        warn: () => undefined,
        debug: () => undefined,
      },
    });
    const ours = await Auth(new Request(`${APP}/auth/providers`), {
      providers: [base as never],
      secret: SECRET,
      trustHost: true,
      logger: {
        error: (error) => void logged.latchkey.push(error.name),
        warn: () => undefined,
        debug: () => undefined,
      },
    });
    return { logged, status: ours.status };
  }

  it.each<[string, Record<string, unknown>]>([
    ["neither issuer nor endpoints", { type: "oidc" }],
    ["no token endpoint", { authorization: "https://acme.test/authorize", userinfo: "https://acme.test/me" }],
    [
      "no userinfo endpoint",
      { authorization: "https://acme.test/authorize", token: "https://acme.test/token" },
    ],
  ])("refuses a provider with %s as InvalidEndpoints, as Auth.js does", async (_, provider) => {
    const { logged, status } = await startupErrors(provider);
    expect(logged.authjs).toEqual(["InvalidEndpoints"]);
    expect(logged.latchkey).toEqual(logged.authjs);
    expect(status).toBe(500);
  });

  it("keeps InvalidEndpoints a kind of InvalidConfig, so code that catches InvalidConfig still does", () => {
    expect(new latchkey.InvalidEndpoints()).toBeInstanceOf(latchkey.InvalidConfig);
  });

  it("accepts the three endpoints without an issuer, as Auth.js does", async () => {
    const { logged } = await startupErrors({
      authorization: "https://acme.test/authorize",
      token: "https://acme.test/token",
      userinfo: "https://acme.test/me",
    });
    expect(logged.authjs).toEqual([]);
    expect(logged.latchkey).toEqual([]);
  });
});

// Last in this file: @auth/core's startup check remembers that it has seen an e-mail provider in a
// module-level flag, so every later @auth/core config in this process would be asked for an adapter.
describe("an e-mail provider with an adapter of Auth.js's three e-mail methods, against @auth/core", () => {
  /** What Auth.js's startup check asks of an adapter for an e-mail provider, over one memory store. */
  function emailMethodsOnly(): Adapter {
    const { createVerificationToken, useVerificationToken, getUserByEmail } = MemoryAdapter();
    return { createVerificationToken, useVerificationToken, getUserByEmail };
  }
  const askForLink = (path: string) =>
    new Request(`${APP}/auth/signin/${path}`, {
      method: "POST",
      body: new URLSearchParams({ email: "ada@example.test" }),
    });

  it("is refused at the first request, before the signIn callback and any mail, where Auth.js mails a link that cannot sign in (docs/migrating.md)", async () => {
    const mailed = { authjs: [] as string[], latchkey: [] as string[] };
    const signInCalls = { authjs: 0, latchkey: 0 };
    const authjsConfig: AuthjsConfig = {
      providers: [
        AuthjsResend({
          apiKey: "unused",
          from: "app@example.test",
          sendVerificationRequest: ({ url }) => void mailed.authjs.push(url),
        }),
      ],
      adapter: emailMethodsOnly() as AuthjsConfig["adapter"],
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      skipCSRFCheck: authjs.skipCSRFCheck,
      callbacks: { signIn: () => ++signInCalls.authjs > 0 },
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    };
    const theirs = await authjsAuth(askForLink("resend"), authjsConfig);
    expect(new URL(theirs.headers.get("location") ?? "").pathname).toBe("/auth/verify-request");
    expect(mailed.authjs).toHaveLength(1);
    // The link is in the user's inbox; following it needs the methods Auth.js did not ask for.
    const followed = await authjsAuth(new Request(mailed.authjs[0] ?? ""), authjsConfig);
    expect(new URL(followed.headers.get("location") ?? "").searchParams.get("error")).toBe("Configuration");

    const log = recordingLogger();
    const ours = await Auth(askForLink("email"), {
      providers: [Email({ sendVerificationRequest: ({ url }) => void mailed.latchkey.push(url) })],
      adapter: emailMethodsOnly(),
      secret: SECRET,
      trustHost: true,
      skipCSRFCheck: latchkey.skipCSRFCheck,
      callbacks: { signIn: () => ++signInCalls.latchkey > 0 },
      logger: log.logger,
    });
    expect(ours.status).toBe(500);
    expect(mailed.latchkey).toEqual([]);
    expect(signInCalls.latchkey).toBe(0);
    expect(log.errors.map((error) => error.name)).toEqual(["MissingAdapterMethods"]);
    for (const method of ["createUser", "updateUser", "createSession", "getSessionAndUser"]) {
      expect(log.text()).toContain(method);
    }
  });
});
