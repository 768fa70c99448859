/**
 * Account pre-hijacking through the second step, attacked through `Auth()`: a squatter sets up a
 * user with the victim's address (a password sign-up that stores any address), turns two-factor on
 * for it, and waits for the owner to prove the address by e-mail. The pre-hijack defence must leave
 * the squatter nothing there either: no pending sign-in that completes on the owner's user, no
 * session issued through `/two-factor` that outlives the proof, no authenticator the owner is asked
 * for. TOTP codes come from the `otpauth` package (independent of latchkey's).
 */
import { describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import type { AdapterUser } from "../../src/adapters/types.js";
import {
  type AuthConfig,
  confirmTotp,
  enrollTotp,
  type SessionStrategy,
  twoFactorStatus,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import { MemoryStore } from "../../src/store/memory.js";
import {
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import { confirmLink, lastMail, type Outbox, outboxProvider, requestLink } from "../flows/email/helpers.js";
import {
  codeAt,
  freezeDateAtStart,
  nextStep,
  PENDING_COOKIE,
  postCode,
  requestWith,
  setsSession,
} from "./harness.js";

freezeDateAtStart();

const VICTIM = "victim@example.test";
const SQUATTER = { email: VICTIM, password: "squatter's password" };

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  outbox: Outbox;
}

/**
 * An app whose sign-up form stores any address, unproven, and checks the password itself (the
 * adapter's own user is what `authorize` returns, so JWT and database sessions both see a stored
 * user); e-mail links prove addresses. As README advises for passwords kept outside accounts, the
 * password is voided once the address is first proven.
 */
function app(strategy: SessionStrategy, options: Partial<AuthConfig> = {}): App {
  const tables = createMemoryTables();
  const adapter = MemoryAdapter(tables);
  const outbox = outboxProvider({ otp: true });
  const passwords = new Map<string, string>();
  const signUpForm = Credentials({
    id: "password",
    credentials: { email: { type: "email" }, password: { type: "password" } },
    authorize: async ({ email, password }) => {
      const address = String(email);
      const existing = await adapter.getUserByEmail(address);
      if (existing) return passwords.get(existing.id) === password ? existing : null;
      const created = await adapter.createUser({
        id: crypto.randomUUID(),
        email: address,
        emailVerified: null,
      } as AdapterUser);
      passwords.set(created.id, String(password));
      return created;
    },
  });
  const config = makeConfig({
    adapter,
    session: { strategy },
    providers: [signUpForm, outbox.provider, Passkey()],
    twoFactor: { methods: ["totp", "email"] },
    events: {
      updateUser: ({ user }) => {
        if (user.emailVerified) passwords.delete(user.id);
      },
    },
    ...options,
  });
  return { config, tables, outbox };
}

const victimUser = (tables: MemoryTables) => [...tables.users.values()].find((user) => user.email === VICTIM);

/** The squatter signs up with the victim's address and turns two-factor on; returns the TOTP secret. */
async function squatWithTotp({ config }: App): Promise<string> {
  const { response, jar } = await signInWithCredentials(config, SQUATTER, { providerId: "password" });
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  const enrolment = await enrollTotp(requestWith(jar), config);
  expect(await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
  nextStep();
  return enrolment.secret;
}

/** The squatter's password, which holds the sign-in for the second factor: the pending sign-in's browser. */
async function squatterPending({ config }: App): Promise<CookieJar> {
  const { response, jar } = await signInWithCredentials(config, SQUATTER, { providerId: "password" });
  expect(locationOf(response).pathname).toBe("/auth/two-factor");
  expect(jar.get(PENDING_COOKIE)).toBeDefined();
  return jar;
}

/** The owner proves the address with the link mailed to it, in a browser of their own. */
async function ownerProves({ config, outbox }: App): Promise<{ jar: CookieJar; response: Response }> {
  await requestLink(config, VICTIM);
  const jar = new CookieJar();
  const response = await confirmLink(config, lastMail(outbox).url, jar);
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  return { jar, response };
}

const sessionEmail = async (config: AuthConfig, jar: CookieJar): Promise<string | null> => {
  const response = await send(config, "/session", { cookie: jar });
  jar.apply(response);
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return session?.user?.email ?? null;
};

const STRATEGIES: Array<{ name: string; strategy: SessionStrategy; store?: () => MemoryStore }> = [
  { name: "JWT sessions without a store", strategy: "jwt" },
  { name: "JWT sessions with a store", strategy: "jwt", store: () => new MemoryStore() },
  { name: "database sessions", strategy: "database" },
];

describe.each(STRATEGIES)("a squatter's pending two-factor sign-in, with $name", ({ strategy, store }) => {
  const target = () => app(strategy, store ? { store: store() } : {});

  it("attack: completed with the squatter's own code after the owner proved the address, gets no session, and the log says why", async () => {
    const log = recordingLogger();
    const victim = app(strategy, { logger: log.logger, ...(store ? { store: store() } : {}) });
    const secret = await squatWithTotp(victim);
    const pending = await squatterPending(victim);

    await ownerProves(victim);
    expect(victimUser(victim.tables)?.emailVerified).toBeInstanceOf(Date);

    const completed = await postCode(victim.config, pending, codeAt(secret, Date.now()));
    expect(setsSession(completed)).toBe(false);
    expect(locationOf(completed).searchParams.get("error")).toBe("InvalidCheck");
    expect(log.warningLines).toContainEqual(
      expect.stringMatching(
        /^InvalidCheck: Two-factor: the sign-in pending in this browser no longer stands .*; sign in again\./,
      ),
    );
    expect(await sessionEmail(victim.config, pending)).toBeNull();
  });

  it("attack: held for enrolment (required), it cannot enrol the squatter's phone on the owner's user once the address is proven", async () => {
    const victim = app(strategy, {
      twoFactor: { methods: ["totp"], required: "always" },
      ...(store ? { store: store() } : {}),
    });
    const { response, jar } = await signInWithCredentials(victim.config, SQUATTER, {
      providerId: "password",
    });
    expect(locationOf(response).pathname).toBe("/auth/two-factor-setup");
    const page = await (await send(victim.config, "/two-factor-setup", { cookie: jar })).text();
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(page)?.[1]?.replace(/ /g, "") as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await ownerProves(victim);
    const user = victimUser(victim.tables) as AdapterUser;
    expect(user.emailVerified).toBeInstanceOf(Date);

    // Neither the page (which would store a new secret) nor the confirmation works any more.
    const again = await send(victim.config, "/two-factor-setup", { cookie: jar });
    expect(locationOf(again).searchParams.get("error")).toBe("InvalidCheck");
    const { token } = await getCsrf(victim.config, { cookie: jar });
    const confirmed = await send(victim.config, "/two-factor-setup", {
      cookie: jar,
      form: { csrfToken: token, code: codeAt(secret, Date.now()) },
    });
    expect(setsSession(confirmed)).toBe(false);
    expect(locationOf(confirmed).searchParams.get("error")).toBe("InvalidCheck");
    expect(victim.tables.twoFactors.get(user.id)).toBeUndefined();
  });

  it("attack: the owner who proves the address is not asked for the squatter's second factor, which is gone", async () => {
    const victim = target();
    await squatWithTotp(victim);
    const user = victimUser(victim.tables) as AdapterUser;
    expect(victim.tables.twoFactors.get(user.id)).toBeDefined();
    expect([...victim.tables.recoveryCodes.values()].filter((code) => code.userId === user.id)).toHaveLength(
      10,
    );

    const owner = await ownerProves(victim);
    expect(locationOf(owner.response).href).toBe("https://app.test/");
    expect(setsSession(owner.response)).toBe(true);
    expect(await sessionEmail(victim.config, owner.jar)).toBe(VICTIM);
    expect(victim.tables.twoFactors.get(user.id)).toBeUndefined();
    expect([...victim.tables.recoveryCodes.values()].filter((code) => code.userId === user.id)).toEqual([]);
    expect(await twoFactorStatus(requestWith(owner.jar), victim.config)).toMatchObject({
      enabled: false,
      recoveryCodesRemaining: 0,
    });
  });
});

describe("a JWT session the squatter got through /two-factor, without a store", () => {
  it("attack: carries the unproven-address mark, so it ends at the owner's proof and registers no passkey on the owner's user", async () => {
    const victim = app("jwt");
    const secret = await squatWithTotp(victim);
    const squatter = await squatterPending(victim);
    squatter.apply(await postCode(victim.config, squatter, codeAt(secret, Date.now())));
    expect(await sessionEmail(victim.config, squatter)).toBe(VICTIM);
    // A re-issue moves `iat` on, so only the mark can tell this session from one after the proof.
    const { token: csrfToken } = await getCsrf(victim.config, { cookie: squatter });
    squatter.apply(
      await send(victim.config, "/session", { cookie: squatter, json: { csrfToken, data: {} } }),
    );

    await ownerProves(victim);
    const copy = new CookieJar();
    for (const [name, value] of squatter.cookies) copy.cookies.set(name, value);
    expect(await sessionEmail(victim.config, copy)).toBeNull();
    const register = await send(victim.config, "/webauthn-options/passkey?action=register", {
      cookie: squatter,
    });
    expect(await register.text()).not.toContain(VICTIM);
    expect(register.status).toBe(400);
  });
});

describe("a pending sign-in through a linked account", () => {
  it("attack: completes no more once that account was unlinked from the user", async () => {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    await adapter.createUser({ id: "user-ada", email: "ada@example.test", emailVerified: new Date() });
    // With database sessions, a credentials identity is linked to its stored user.
    const linkedPassword = Credentials({
      credentials: { username: {}, password: {} },
      authorize: ({ password }) =>
        password === "right" ? { id: "login-ada", email: "ada@example.test" } : null,
    });
    await adapter.linkAccount({
      userId: "user-ada",
      type: "credentials",
      provider: "credentials",
      providerAccountId: "login-ada",
    });
    const config = makeConfig({
      adapter,
      session: { strategy: "database" },
      providers: [linkedPassword],
      twoFactor: { methods: ["totp"] },
    });
    const { response: first, jar: enrolling } = await signInWithCredentials(config, {
      username: "ada",
      password: "right",
    });
    expect(locationOf(first).searchParams.get("error")).toBeNull();
    const enrolment = await enrollTotp(requestWith(enrolling), config);
    await confirmTotp(requestWith(enrolling), config, codeAt(enrolment.secret, Date.now()));
    nextStep();

    const { jar } = await signInWithCredentials(config, { username: "ada", password: "right" });
    expect(jar.get(PENDING_COOKIE)).toBeDefined();
    await adapter.unlinkAccount({ provider: "credentials", providerAccountId: "login-ada" });
    const completed = await postCode(config, jar, codeAt(enrolment.secret, Date.now()));
    expect(setsSession(completed)).toBe(false);
    expect(locationOf(completed).searchParams.get("error")).toBe("InvalidCheck");
  });
});
