/**
 * OpenID Connect sign-in against a real OpenID Provider, with database and JWT sessions, on
 * MemoryAdapter and PrismaAdapter (SQLite, PostgreSQL), and with JWT sessions and no adapter: the
 * user, account and session a first sign-in writes, returning users, re-login tokens, and every
 * linking rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig, SessionStrategy } from "../../../src/index.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { locationOf, SECRET } from "../../core/helpers.js";
import { SESSION_STORES, useStore } from "../../session/stores.js";
import { type Browser, newBrowser, sessionOf, signInAtOP } from "./browser.js";
import { ACCOUNTS, providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());

const opProvider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);

function configFor(overrides: Partial<AuthConfig>): AuthConfig {
  return {
    // The app trusts op to vouch for addresses (alice's is verified there); op-b is a second way in.
    providers: [
      opProvider({ trustEmailVerified: true }),
      opProvider({ id: "op-b", name: "Test OP (second)" }),
    ],
    secret: SECRET,
    trustHost: true,
    ...overrides,
  };
}

async function expectSignedIn(config: AuthConfig, browser: Browser, response: Response, email: string) {
  expect(locationOf(response).href).toBe("http://app.test/dashboard");
  const session = await sessionOf(config, browser);
  expect(session?.user).toMatchObject({ email });
}

function expectRefusedWith(response: Response, error: string) {
  const location = locationOf(response);
  expect(location.pathname).toBe("/auth/signin");
  expect(location.searchParams.get("error")).toBe(error);
}

describe("with JWT sessions and no adapter", () => {
  it("signs in with the ID token's claims as the user, and keeps the provider's tokens in the session token only", async () => {
    const config = configFor({});
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, "op", "alice");
    await expectSignedIn(config, browser, response, "alice@example.test");
    const session = await sessionOf(config, browser);
    expect(session?.user).toEqual({
      id: expect.any(String),
      name: "Alice Liddell",
      email: "alice@example.test",
      image: null,
    });
    expect(JSON.stringify(session)).not.toContain("access_token");
  });
});

const STORES = SESSION_STORES.filter((store) => !store.name.includes("MariaDB"));
const STRATEGIES: SessionStrategy[] = ["database", "jwt"];

for (const store of STORES) {
  describe(store.name, () => {
    const opened = useStore(store);

    for (const strategy of STRATEGIES) {
      describe(`${strategy} sessions`, () => {
        const config = (overrides: Partial<AuthConfig> = {}) =>
          configFor({ adapter: opened().adapter, session: { strategy }, ...overrides });

        it("creates the user, the account with the provider's tokens, and the session at a first sign-in", async () => {
          const app = config();
          const browser = newBrowser();
          const response = await signInAtOP(app, browser, "op", "alice");
          await expectSignedIn(app, browser, response, "alice@example.test");

          const { db } = opened();
          const account = await db.account("op", "alice");
          expect(account).toMatchObject({
            type: "oidc",
            provider: "op",
            providerAccountId: "alice",
            token_type: "bearer",
          });
          for (const field of ["access_token", "id_token", "refresh_token", "scope"]) {
            expect(typeof account?.[field]).toBe("string");
          }
          const expiresAt = Number(account?.expires_at);
          expect(Math.abs(expiresAt - (Math.floor(Date.now() / 1000) + 3600))).toBeLessThanOrEqual(5);
          const user = await db.user(account?.userId as string);
          expect(user).toMatchObject({ email: "alice@example.test", name: "Alice Liddell" });
          // The OP asserts email_verified: true for alice, so the address counts as proven.
          expect(user?.emailVerified).toBeInstanceOf(Date);
          expect(await db.count("users")).toBe(1);
          expect(await db.count("sessions")).toBe(strategy === "database" ? 1 : 0);
        });

        it("leaves emailVerified empty when the provider does not vouch for the address", async () => {
          const app = config();
          await signInAtOP(app, newBrowser(), "op", "bob");
          const account = await opened().db.account("op", "bob");
          const user = await opened().db.user(account?.userId as string);
          expect(user?.emailVerified ?? null).toBeNull();
        });

        it("takes no provider's email_verified as proof without trustEmailVerified", async () => {
          const app = config();
          await signInAtOP(app, newBrowser(), "op-b", "alice");
          const user = await opened().db.user((await opened().db.account("op-b", "alice"))?.userId as string);
          expect(user).toMatchObject({ email: "alice@example.test" });
          expect(user?.emailVerified ?? null).toBeNull();
        });

        it("refuses a verified identity at a second provider without allowDangerousEmailAccountLinking", async () => {
          const app = config({
            providers: [
              opProvider({ trustEmailVerified: true }),
              opProvider({ id: "op-b", trustEmailVerified: true }),
            ],
          });
          await signInAtOP(app, newBrowser(), "op", "alice");
          const browser = newBrowser();
          const response = await signInAtOP(app, browser, "op-b", "alice");
          expectRefusedWith(response, "OAuthAccountNotLinked");
          expect(await sessionOf(app, browser)).toBeNull();
          expect(await opened().db.account("op-b", "alice")).toBeNull();
          expect(await opened().db.count("users")).toBe(1);
        });

        it("signs a returning user in to the same user and stores the re-issued tokens", async () => {
          const app = config();
          await signInAtOP(app, newBrowser(), "op", "alice");
          const first = await opened().db.account("op", "alice");
          const browser = newBrowser();
          const response = await signInAtOP(app, browser, "op", "alice");
          await expectSignedIn(app, browser, response, "alice@example.test");
          const second = await opened().db.account("op", "alice");
          expect(second?.userId).toBe(first?.userId);
          expect(second?.access_token).not.toBe(first?.access_token);
          expect(second?.refresh_token).not.toBe(first?.refresh_token);
          expect(await opened().db.count("users")).toBe(1);
        });

        it("refuses an identity whose e-mail belongs to another user (OAuthAccountNotLinked)", async () => {
          const app = config();
          await signInAtOP(app, newBrowser(), "op", "alice");
          const browser = newBrowser();
          const response = await signInAtOP(app, browser, "op", "mallory");
          expectRefusedWith(response, "OAuthAccountNotLinked");
          expect(await sessionOf(app, browser)).toBeNull();
          expect(await opened().db.account("op", "mallory")).toBeNull();
          expect(await opened().db.count("users")).toBe(1);
        });

        it("links by e-mail when the provider sets allowDangerousEmailAccountLinking", async () => {
          const app = config({
            providers: [
              opProvider({ trustEmailVerified: true }),
              opProvider({ id: "op-b", allowDangerousEmailAccountLinking: true }),
            ],
          });
          await signInAtOP(app, newBrowser(), "op", "alice");
          const browser = newBrowser();
          const response = await signInAtOP(app, browser, "op-b", "alice");
          await expectSignedIn(app, browser, response, "alice@example.test");
          const first = await opened().db.account("op", "alice");
          const linked = await opened().db.account("op-b", "alice");
          expect(linked?.userId).toBe(first?.userId);
          expect(await opened().db.count("users")).toBe(1);
        });

        it("links another provider's account to the signed-in user", async () => {
          const app = config();
          const browser = newBrowser();
          await signInAtOP(app, browser, "op", "alice");
          const response = await signInAtOP(app, browser, "op-b", "bob");
          expect(locationOf(response).searchParams.get("error")).toBeNull();
          const alice = await opened().db.account("op", "alice");
          const bob = await opened().db.account("op-b", "bob");
          expect(bob?.userId).toBe(alice?.userId);
          expect(await opened().db.count("users")).toBe(1);
        });

        it("refuses, to a signed-in user, an account that is linked to someone else", async () => {
          const app = config();
          await signInAtOP(app, newBrowser(), "op", "bob");
          const browser = newBrowser();
          await signInAtOP(app, browser, "op", "alice");
          const aliceSession = await sessionOf(app, browser);
          const response = await signInAtOP(app, browser, "op", "bob");
          expectRefusedWith(response, "OAuthAccountNotLinked");
          const bob = await opened().db.account("op", "bob");
          const alice = await opened().db.account("op", "alice");
          expect(bob?.userId).not.toBe(alice?.userId);
          // Still alice, not bob.
          expect((await sessionOf(app, browser))?.user).toEqual(aliceSession?.user);
        });
      });
    }
  });
}

it("knows every test account by the claims the OP asserts", () => {
  expect(ACCOUNTS.mallory?.email).toBe(ACCOUNTS.alice?.email);
});

describe("an OP that keeps the profile claims out of the ID token", () => {
  let bare: TestOP;
  beforeAll(async () => {
    bare = await startOP({ conformIdTokenClaims: true });
  });
  afterAll(() => bare.close());

  it("signs the user in with the name and e-mail of its userinfo endpoint (OpenID Connect Core §5.4)", async () => {
    const app: AuthConfig = { providers: [providerAt(bare)], secret: SECRET, trustHost: true };
    const browser = newBrowser();
    const response = await signInAtOP(app, browser, "op", "alice");
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect((await sessionOf(app, browser))?.user).toMatchObject({
      name: "Alice Liddell",
      email: "alice@example.test",
    });
  });
});
