/**
 * Account pre-hijacking, attacked through `Auth()`: someone sets up a user with the victim's address
 * (a password, a passkey, a provider that does not verify addresses) before the victim arrives. The
 * first proof of the address (an e-mail link, or a provider trusted to vouch for it) must leave
 * the attacker nothing: no linked way in, no session, no way to link or register anything later.
 * The OpenID Provider is a real `oidc-provider` on 127.0.0.1; passkeys come from a software
 * authenticator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig, SessionStrategy } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import type { OIDCConfig } from "../../src/providers/types.js";
import { CookieJar, locationOf, send, signInWithCredentials } from "../core/helpers.js";
import { type Browser, newBrowser, sessionOf, signInAtOP } from "../e2e/oidc/browser.js";
import { providerAt, startOP, type TestOP } from "../e2e/oidc/op.js";
import { confirmLink, lastMail, type Outbox, outboxProvider, requestLink } from "../flows/email/helpers.js";
import {
  type PasskeyApp,
  passkeyApp,
  registerNewUser,
  signInWithPasskey,
} from "../flows/webauthn/harness.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());

/** The victim's address; at the OP, alice owns it (email_verified: true) and mallory claims it unverified. */
const VICTIM = "alice@example.test";
const ATTACKER_PASSWORD = "attacker's password";

/** Sign-up by password with any address, as many apps' registration forms allow. */
const passwordSignUp = Credentials({
  id: "password",
  credentials: {
    email: { label: "Email", type: "email" },
    password: { label: "Password", type: "password" },
  },
  authorize: ({ email, password }) =>
    password === ATTACKER_PASSWORD ? { id: `app-user:${email}`, email: String(email) } : null,
});

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  outbox: Outbox;
  passkeys: PasskeyApp;
}

/**
 * An app with every way in: e-mail links, passwords, passkeys, and two providers at the same OP:
 * `op`, trusted to vouch for addresses, and `op-b` (as configured per test).
 */
function app(
  strategy: SessionStrategy,
  opB: Partial<OIDCConfig> = {},
  adapterOf: (tables: MemoryTables) => Adapter = MemoryAdapter,
): App {
  const tables = createMemoryTables();
  const outbox = outboxProvider();
  const passkeys = passkeyApp({
    config: {
      adapter: adapterOf(tables),
      session: { strategy },
      providers: [
        Passkey(),
        passwordSignUp,
        outbox.provider,
        providerAt(op, { trustEmailVerified: true }),
        providerAt(op, { id: "op-b", name: "Test OP (second)", ...opB }),
      ],
    },
  });
  return { config: passkeys.config, tables, outbox, passkeys };
}

const userByEmail = (tables: MemoryTables, email: string) =>
  [...tables.users.values()].find((user) => user.email === email);
const accountsOf = (tables: MemoryTables, userId: string | undefined) =>
  [...tables.accounts.values()]
    .filter((account) => account.userId === userId)
    .map((account) => `${account.type}:${account.provider}`)
    .sort();

async function signUpWithPassword(config: AuthConfig, email = VICTIM): Promise<CookieJar> {
  const { response, jar } = await signInWithCredentials(
    config,
    { email, password: ATTACKER_PASSWORD },
    { providerId: "password" },
  );
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  return jar;
}

/** The victim proves the address with the link mailed to it, in a browser of their own. */
async function proveByEmail({ config, outbox }: App): Promise<CookieJar> {
  await requestLink(config, VICTIM);
  const victim = new CookieJar();
  const response = await confirmLink(config, lastMail(outbox).url, victim);
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  return victim;
}

async function sessionEmail(config: AuthConfig, jar: CookieJar): Promise<string | null> {
  const session = (await (await send(config, "/session", { cookie: jar })).json()) as {
    user?: { email?: string };
  } | null;
  return session?.user?.email ?? null;
}

describe("a password set up with the victim's address", () => {
  it("stops working once the victim proves the address by e-mail (database sessions)", async () => {
    const target = app("database");
    const attacker = await signUpWithPassword(target.config);
    const squatted = userByEmail(target.tables, VICTIM);
    expect(squatted?.emailVerified).toBeNull();

    const victim = await proveByEmail(target);
    expect(await sessionEmail(target.config, victim)).toBe(VICTIM);
    expect(userByEmail(target.tables, VICTIM)?.id).toBe(squatted?.id);
    expect(accountsOf(target.tables, squatted?.id)).toEqual([]);
    expect(await sessionEmail(target.config, attacker)).toBeNull();

    const again = await signInWithCredentials(
      target.config,
      { email: VICTIM, password: ATTACKER_PASSWORD },
      { providerId: "password" },
    );
    expect(locationOf(again.response).searchParams.get("error")).toBe("AccountNotLinked");
    expect(await sessionEmail(target.config, again.jar)).toBeNull();
  });
});

describe("a JWT session issued before the address was first proven", () => {
  /** Mallory signs up at op-b (which does not vouch) with the victim's address; the victim then proves it. */
  async function squatThenProve() {
    const target = app("jwt");
    const attacker = newBrowser();
    await signInAtOP(target.config, attacker, "op-b", "mallory");
    const squatted = userByEmail(target.tables, VICTIM);
    expect(squatted?.emailVerified).toBeNull();
    expect((await sessionOf(target.config, snapshot(attacker)))?.user).toMatchObject({ email: VICTIM });
    await proveByEmail(target);
    expect(userByEmail(target.tables, VICTIM)?.emailVerified).toBeInstanceOf(Date);
    return { target, attacker, squattedId: squatted?.id };
  }

  /** A copy of the browser, so one request's Set-Cookie does not clear what the next attack replays. */
  function snapshot(browser: Browser): Browser {
    const copy = newBrowser();
    for (const [name, value] of browser.app.cookies) copy.app.cookies.set(name, value);
    return copy;
  }

  it("ends at its next GET /session, and its cookie is cleared", async () => {
    const { target, attacker } = await squatThenProve();
    const response = await send(target.config, "/session", {
      origin: "http://app.test",
      cookie: attacker.app,
    });
    expect(await response.json()).toBeNull();
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token=;")),
    ).toBe(true);
  });

  it("cannot link the attacker's IdP account to the user", async () => {
    const { target, attacker, squattedId } = await squatThenProve();
    const response = await signInAtOP(target.config, snapshot(attacker), "op-b", "bob");
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    const bob = [...target.tables.accounts.values()].find((account) => account.providerAccountId === "bob");
    expect(bob?.userId).toBeDefined();
    expect(bob?.userId).not.toBe(squattedId);
    expect(accountsOf(target.tables, squattedId)).toEqual([]);
  });

  it("registers passkeys for its own user until the proof, and for nobody after it", async () => {
    const target = app("jwt");
    const attacker = newBrowser();
    await signInAtOP(target.config, attacker, "op-b", "mallory");
    const registerOptions = (browser: Browser) =>
      send(target.config, "/webauthn-options/passkey?action=register", {
        origin: "http://app.test",
        cookie: browser.app,
      });
    const before = await registerOptions(snapshot(attacker));
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(VICTIM);

    await proveByEmail(target);
    // Signed out, registration options need an address, and the victim's is taken.
    const after = await registerOptions(snapshot(attacker));
    expect(after.status).toBe(400);
    expect(await after.text()).not.toContain(VICTIM);
  });
});

describe("an unverified squatter, when the owner signs in with a provider trusted to vouch for the address", () => {
  it("loses a passkey planted on the address: the owner's sign-in is the first proof", async () => {
    const target = app("database");
    const squatter = await registerNewUser(target.passkeys, VICTIM);
    const squatted = userByEmail(target.tables, VICTIM);
    expect(squatted?.emailVerified).toBeNull();

    const owner = newBrowser();
    const response = await signInAtOP(target.config, owner, "op", "alice");
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect((await sessionOf(target.config, owner))?.user).toMatchObject({ email: VICTIM });
    const user = userByEmail(target.tables, VICTIM);
    expect(user?.id).toBe(squatted?.id);
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(accountsOf(target.tables, user?.id)).toEqual(["oidc:op"]);

    expect(await sessionEmail(target.config, squatter.jar)).toBeNull();
    const again = await signInWithPasskey(target.passkeys);
    expect(locationOf(again.response).searchParams.get("error")).not.toBeNull();
    expect(await sessionEmail(target.config, again.jar)).toBeNull();
  });

  it("is refused, naming the provider's proof, when the adapter cannot unlink what the squatter linked", async () => {
    const target = app("database", {}, (tables) => {
      const { listAccountsByUserId: _, ...adapter } = MemoryAdapter(tables);
      return adapter;
    });
    await signUpWithPassword(target.config);
    const response = await signInAtOP(target.config, newBrowser(), "op", "alice");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(target.passkeys.log.text()).toContain(
      'A sign-in with "op", which vouches for the address, proved the address of user',
    );
    expect(userByEmail(target.tables, VICTIM)?.emailVerified).toBeNull();
  });

  it("loses a password planted on the address", async () => {
    const target = app("database");
    const squatter = await signUpWithPassword(target.config);
    const owner = newBrowser();
    const response = await signInAtOP(target.config, owner, "op", "alice");
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    const user = userByEmail(target.tables, VICTIM);
    expect(accountsOf(target.tables, user?.id)).toEqual(["oidc:op"]);
    expect(await sessionEmail(target.config, squatter)).toBeNull();
  });
});

describe("a provider that is not trusted to vouch for addresses", () => {
  it("never joins the owner to a squatter's user, even with allowDangerousEmailAccountLinking", async () => {
    const target = app("database", { allowDangerousEmailAccountLinking: true });
    await registerNewUser(target.passkeys, VICTIM);
    const squatted = userByEmail(target.tables, VICTIM);

    // alice's email_verified is true at the OP, but op-b is not trusted to say so.
    const response = await signInAtOP(target.config, newBrowser(), "op-b", "alice");
    expect(locationOf(response).searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(target.passkeys.log.warningLines.join("\n")).toContain(
      "allowDangerousEmailAccountLinking of op-b links only to a user whose address was proven",
    );
    expect(accountsOf(target.tables, squatted?.id)).toEqual(["webauthn:passkey"]);
    expect(userByEmail(target.tables, VICTIM)?.emailVerified).toBeNull();
  });

  it("leaves a new user's address unproven, however the provider flags it", async () => {
    const target = app("database");
    await signInAtOP(target.config, newBrowser(), "op-b", "alice");
    expect(userByEmail(target.tables, VICTIM)?.emailVerified ?? null).toBeNull();
  });
});
