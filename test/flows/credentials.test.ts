/**
 * The credentials flow's own rules: what `authorize` receives when a declared field is left out,
 * how its failures are reported, the account it proves, the adapter methods it needs, and the
 * account identifiers it names for rate limiting.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthContext } from "../../src/core/context.js";
import { credentialsFlow } from "../../src/flows/credentials.js";
import type { Account } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import type { CredentialsConfig } from "../../src/providers/types.js";
import { locationOf, makeConfig, recordingLogger, send, signInWithCredentials } from "../core/helpers.js";

describe("the credentials flow", () => {
  it("leaves a declared field the form did not send out of authorize's input", async () => {
    const received: unknown[] = [];
    const config = makeConfig({
      providers: [
        Credentials({
          credentials: { username: {}, password: {}, otp: {} },
          authorize: (credentials) => {
            received.push(credentials);
            return null;
          },
        }),
      ],
    });
    await signInWithCredentials(config, { username: "alice", password: "pw" });
    expect(received).toEqual([{ username: "alice", password: "pw" }]);
  });

  it("reports authorize throwing as a CallbackRouteError naming the provider, with the cause", async () => {
    const log = recordingLogger();
    const cause = new Error("db down");
    const config = makeConfig({
      logger: log.logger,
      providers: [
        Credentials({
          id: "pin",
          authorize: () => {
            throw cause;
          },
        }),
      ],
    });
    const { response } = await signInWithCredentials(config, undefined, { providerId: "pin" });
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatchObject({ name: "CallbackRouteError", cause });
    expect(log.errors[0]?.message).toContain('authorize of provider "pin" threw.');
  });

  it("says which provider refused a sign-in", async () => {
    const warnings: Array<string | undefined> = [];
    const config = makeConfig({ logger: { warn: (_code, message) => void warnings.push(message) } });
    await signInWithCredentials(config, { username: "alice", password: "wrong" });
    expect(warnings).toContainEqual(
      expect.stringContaining('authorize of provider "credentials" refused the sign-in.'),
    );
  });

  it("proves an account keyed by the user's id, or by nothing when the user has none", async () => {
    const accounts: Array<Account | null | undefined> = [];
    const config = (user: { id?: string; name: string }) =>
      makeConfig({
        providers: [Credentials({ authorize: () => user })],
        callbacks: {
          jwt: ({ token, account }) => {
            if (account) accounts.push(account);
            return token;
          },
        },
      });
    await signInWithCredentials(config({ id: "u-1", name: "With id" }));
    await signInWithCredentials(config({ name: "Without id" }));
    expect(accounts).toEqual([
      { provider: "credentials", type: "credentials", providerAccountId: "u-1", userId: "u-1" },
      { provider: "credentials", type: "credentials", providerAccountId: "" },
    ]);
  });

  it("needs the user and account methods of the adapter with database sessions, and none with JWT", async () => {
    const { getUserByAccount: _omitted, ...partial } = MemoryAdapter();
    const log = recordingLogger();
    const database = makeConfig({ adapter: partial as Adapter, logger: log.logger });
    expect((await send(database, "/session")).status).toBe(500);
    expect(log.text()).toContain("getUserByAccount");
    const jwt = makeConfig({ adapter: partial as Adapter, session: { strategy: "jwt" } });
    expect((await send(jwt, "/session")).status).toBe(200);
  });
});

describe("the account identifiers a credentials sign-in names", () => {
  const provider = Credentials({
    id: "pin",
    credentials: { email: { type: "email" }, username: {}, password: { type: "password" }, code: {} },
    authorize: () => null,
  }) as CredentialsConfig;
  const keysFor = (body: Record<string, unknown>) =>
    credentialsFlow.rateLimitKeys?.({ req: { body } } as unknown as AuthContext, provider);

  it("are the identifier field alone, trimmed and lower-cased, prefixed with the provider", () => {
    expect(keysFor({ email: " Ada@Example.TEST ", username: "Ada", password: "secret", code: "X1" })).toEqual(
      ["pin:email:ada@example.test"],
    );
  });

  it("skip an identifier that was not sent as a string", () => {
    expect(keysFor({ email: 42, username: "ada", password: "secret" })).toEqual([]);
  });

  it("take a field marked autocomplete username first, else the first one that is not a password", () => {
    const keys = (credentials: CredentialsConfig["credentials"]) =>
      credentialsFlow.rateLimitKeys?.(
        { req: { body: { pin: "1234", login: "Ada", secret: "x" } } } as unknown as AuthContext,
        Credentials({ id: "pin", credentials, authorize: () => null }) as CredentialsConfig,
      );
    expect(keys({ pin: {}, login: { autocomplete: "username" } })).toEqual(["pin:login:ada"]);
    expect(keys({ secret: { type: "password" }, login: {}, pin: {} })).toEqual(["pin:login:ada"]);
    expect(keys({ secret: { type: "password" } })).toEqual([]);
  });

  it("are none for a provider that declares no fields", () => {
    const bare = Credentials({ authorize: () => null }) as CredentialsConfig;
    const { credentials: _c, ...withoutFields } = bare;
    expect(
      credentialsFlow.rateLimitKeys?.(
        { req: { body: { username: "ada" } } } as unknown as AuthContext,
        withoutFields as CredentialsConfig,
      ),
    ).toEqual([]);
  });
});
