import { describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { CredentialsSignin } from "../../src/index.js";
import type { User } from "../../src/providers/types.js";
import {
  ALICE,
  APP,
  aliceCredentials,
  CookieJar,
  expectJsonError,
  expectNoInternals,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  signInWithCredentials,
} from "./helpers.js";

class InvalidPin extends CredentialsSignin {
  override code = "invalid_pin";
}

const hasSessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .some((cookie) => /session-token=[^;]+/.test(cookie) && !/Max-Age=0/i.test(cookie));

describe("credentials sign-in", () => {
  it("signs in with the user authorize returned and lands on the callbackUrl", async () => {
    const config = makeConfig();
    const { response, jar } = await signInWithCredentials(config, {
      username: "alice",
      password: "correct horse",
      callbackUrl: "/home",
    });
    expect(response.headers.get("location")).toBe(`${APP}/home`);
    expect(hasSessionCookie(response)).toBe(true);
    const session = await (await send(config, "/session", { cookie: jar })).json();
    expect(session).toMatchObject({ user: { name: "Alice", email: "alice@example.test" } });
  });

  it("passes the submitted fields and the request to authorize", async () => {
    const authorize = vi.fn((_credentials: Record<string, unknown>, _request: Request): User | null => ({
      ...ALICE,
    }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    await signInWithCredentials(config, { username: "alice", password: "pw" });
    expect(authorize).toHaveBeenCalledOnce();
    const [credentials, request] = authorize.mock.calls[0] as [Record<string, unknown>, Request];
    expect(credentials).toMatchObject({ username: "alice", password: "pw" });
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe(`${APP}/auth/callback/credentials`);
  });

  it("passes only the declared fields: never the CSRF token, the callbackUrl or anything else posted", async () => {
    const authorize = vi.fn((_credentials: Record<string, unknown>): User | null => ({ ...ALICE }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    await signInWithCredentials(config, {
      username: "alice",
      password: "pw",
      callbackUrl: "/home",
      role: "admin",
      __proto__: "x",
    });
    expect(authorize.mock.calls[0]?.[0]).toEqual({ username: "alice", password: "pw" });
  });

  it.each([
    ["a number", 1234],
    ["a boolean", true],
    ["null", null],
  ])("a declared field sent as %s in JSON is a 400 before authorize runs", async (_what, value) => {
    const authorize = vi.fn((): User | null => ({ ...ALICE }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/credentials", {
      cookie: jar,
      json: { csrfToken: token, username: "alice", password: value },
    });
    await expectJsonError(response, 400, "InvalidRequest");
    expect(authorize).not.toHaveBeenCalled();
  });

  it("a refused sign-in (authorize returns null) goes back to the sign-in page with error and code", async () => {
    const { response } = await signInWithCredentials(makeConfig(), { username: "alice", password: "wrong" });
    expect(response.headers.get("location")).toBe(
      `${APP}/auth/signin?error=CredentialsSignin&code=credentials`,
    );
    expect(hasSessionCookie(response)).toBe(false);
  });

  it("a CredentialsSignin subclass's custom code reaches the client", async () => {
    const config = makeConfig({
      providers: [
        aliceCredentials({
          authorize: () => {
            throw new InvalidPin("pin 1234 did not match the stored hash");
          },
        }),
      ],
    });
    const { response } = await signInWithCredentials(config);
    const location = locationOf(response);
    expect(location.origin + location.pathname).toBe(`${APP}/auth/signin`);
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("invalid_pin");
    expect(location.href).not.toContain("1234");

    const page = await send(config, `${location.pathname.slice("/auth".length)}${location.search}`);
    const html = await page.text();
    expect(html).toContain('data-code="invalid_pin"');
    expect(html).toContain('role="alert"');
  });

  it("authorize throwing a plain Error is a Configuration error: logged, never shown", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      providers: [
        aliceCredentials({
          authorize: () => {
            throw new Error("users table missing in db secret-db-01");
          },
        }),
      ],
    });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/auth/error?error=Configuration`);
    expect(hasSessionCookie(response)).toBe(false);
    expect(log.text()).toContain("secret-db-01");

    const page = await send(config, "/error?error=Configuration");
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).not.toContain("secret-db-01");
    expectNoInternals(html);
  });

  it("GET /callback/credentials answers 400 and never calls authorize, even with fields in the query", async () => {
    const authorize = vi.fn(() => ({ ...ALICE }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    await expectJsonError(await send(config, "/callback/credentials"), 400, "InvalidRequest");
    await expectJsonError(
      await send(config, "/callback/credentials?username=alice&password=correct+horse"),
      400,
      "InvalidRequest",
    );
    expect(authorize).not.toHaveBeenCalled();
  });

  it("a POST without a valid CSRF token never reaches authorize", async () => {
    const authorize = vi.fn(() => ({ ...ALICE }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    const response = await send(config, "/callback/credentials", {
      form: { username: "alice", password: "x" },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
    expect(authorize).not.toHaveBeenCalled();
  });

  it("POST /signin/credentials signs no one in: it redirects to the form, keeping the callbackUrl", async () => {
    const authorize = vi.fn(() => ({ ...ALICE }));
    const config = makeConfig({ providers: [aliceCredentials({ authorize })] });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signin/credentials", {
      cookie: jar,
      form: { csrfToken: token, username: "alice", password: "correct horse", callbackUrl: "/x" },
    });
    expect(response.headers.get("location")).toBe(
      `${APP}/auth/signin?callbackUrl=${encodeURIComponent(`${APP}/x`)}`,
    );
    expect(hasSessionCookie(response)).toBe(false);
    expect(authorize).not.toHaveBeenCalled();
  });
});

describe("the signIn callback", () => {
  it("returning false refuses with AccessDenied and sets no session", async () => {
    const signIn = vi.fn(() => false);
    const config = makeConfig({ callbacks: { signIn } });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/auth/error?error=AccessDenied`);
    expect(hasSessionCookie(response)).toBe(false);
    expect(signIn).toHaveBeenCalledWith(
      expect.objectContaining({
        user: expect.objectContaining({ id: ALICE.id }),
        account: expect.objectContaining({
          provider: "credentials",
          type: "credentials",
          providerAccountId: ALICE.id,
        }),
        credentials: expect.objectContaining({ username: "alice" }),
      }),
    );
    expect((await send(config, "/error?error=AccessDenied")).status).toBe(403);
  });

  it("returning a same-origin URL redirects there without signing in", async () => {
    const config = makeConfig({ callbacks: { signIn: () => "/blocked?reason=review" } });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/blocked?reason=review`);
    expect(hasSessionCookie(response)).toBe(false);
  });

  it("returning true signs in", async () => {
    const config = makeConfig({ callbacks: { signIn: () => true } });
    const { response } = await signInWithCredentials(config);
    expect(hasSessionCookie(response)).toBe(true);
  });

  it("throwing a plain Error refuses the sign-in as AccessDenied, as Auth.js does, and logs the error", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      callbacks: {
        signIn: () => {
          throw new Error("policy service down");
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/auth/error?error=AccessDenied`);
    expect(log.text()).toContain("policy service down");
  });
});

describe("credentials with database sessions", () => {
  it("creates a user linked to the credentials account, a session row, and rotates a planted cookie", async () => {
    const tables = createMemoryTables();
    const config = makeConfig({ adapter: MemoryAdapter(tables), providers: [aliceCredentials()] });
    const planted = new CookieJar({ "__Secure-authjs.session-token": "attacker-chosen-token" });
    const { response, jar } = await signInWithCredentials(config, undefined, { cookie: planted });
    expect(hasSessionCookie(response)).toBe(true);
    const token = jar.get("__Secure-authjs.session-token");
    expect(token).not.toBe("attacker-chosen-token");
    expect([...tables.sessions.keys()]).toEqual([token]);
    expect([...tables.accounts.values()]).toEqual([
      expect.objectContaining({ provider: "credentials", type: "credentials", providerAccountId: ALICE.id }),
    ]);
    const session = await (await send(config, "/session", { cookie: jar })).json();
    expect(session).toMatchObject({ user: { name: "Alice", email: "alice@example.test" } });

    const again = await signInWithCredentials(config);
    expect(tables.users.size).toBe(1);
    expect(hasSessionCookie(again.response)).toBe(true);
  });

  it("authorize must return an id: otherwise a Configuration error, logged", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      adapter: MemoryAdapter(),
      logger: log.logger,
      providers: [aliceCredentials({ authorize: () => ({ name: "No Id", email: "noid@example.test" }) })],
    });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/auth/error?error=Configuration`);
    expect(log.text()).toMatch(/`?id`?/);
  });
});
