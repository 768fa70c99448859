/**
 * The first credentials sign-in of a user, raced: a double click or two tabs send several sign-ins
 * for a user the store does not have yet. Every one of them must end signed in, as the same single
 * user with a single credentials account, whether the adapter creates user and account together
 * (createUserAndLinkAccount) or one after the other. An e-mail address that already belongs to a
 * stored user is still never linked on its own.
 */
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import {
  type CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  setCookieNamed,
} from "../core/helpers.js";
import { SESSION_STORES, type SessionStore, useStore } from "./stores.js";

const SESSION_COOKIE = "__Secure-authjs.session-token";
const PARALLEL_SIGN_INS = 8;
const NEW_USER = { id: "user-new", email: "new@example.test", name: "New" };

function config(adapter: Adapter): AuthConfig {
  return makeConfig({
    adapter,
    session: { strategy: "database" },
    logger: recordingLogger().logger,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ password }) => (password === "right" ? { ...NEW_USER } : null),
      }),
    ],
  });
}

/** One browser's sign-in: its own CSRF cookie and token, posted when `go` is called. */
async function preparedSignIn(auth: AuthConfig): Promise<{ go(): Promise<Response>; jar: CookieJar }> {
  const { token, jar } = await getCsrf(auth);
  return {
    jar,
    go: () =>
      send(auth, "/callback/credentials", {
        cookie: jar,
        form: { csrfToken: token, username: "new", password: "right" },
      }),
  };
}

/** The same adapter without createUserAndLinkAccount: the core must fall back to createUser, then linkAccount. */
function withoutCreateUserAndLinkAccount(adapter: Adapter): Adapter {
  const { createUserAndLinkAccount: _transactional, ...rest } = adapter;
  return rest;
}

/** Fires `PARALLEL_SIGN_INS` first sign-ins at once; returns each browser's session token. */
async function raceFirstSignIns(auth: AuthConfig): Promise<string[]> {
  const browsers = await Promise.all(Array.from({ length: PARALLEL_SIGN_INS }, () => preparedSignIn(auth)));
  const responses = await Promise.all(browsers.map((browser) => browser.go()));
  const locations = responses.map((response) => response.headers.get("location"));
  // Every one of them is a success redirect: none ends on an error page.
  expect(responses.map((response) => response.status)).toEqual(responses.map(() => 302));
  expect(locations.filter((location) => location === null || location.includes("error="))).toEqual([]);
  return responses.map((response) => setCookieNamed(response, SESSION_COOKIE).value);
}

function describeStores(stores: SessionStore[], title: string, adapterFor: (adapter: Adapter) => Adapter) {
  describe.each(stores)(`${title} on $name`, (store) => {
    const opened = useStore(store);
    const db = () => opened().db;
    const adapter = () => adapterFor(opened().adapter);

    it(`${PARALLEL_SIGN_INS} parallel first sign-ins all succeed as one user with one account`, async () => {
      const auth = config(adapter());
      const tokens = await raceFirstSignIns(auth);
      expect(new Set(tokens).size).toBe(PARALLEL_SIGN_INS);
      // Each browser that was told it signed in really holds a session (none was lost to a rollback).
      const sessions = await Promise.all(
        tokens.map(async (token) =>
          (await send(auth, "/session", { cookie: `${SESSION_COOKIE}=${token}` })).json(),
        ),
      );
      expect(sessions.filter((session) => session === null)).toEqual([]);
      for (const session of sessions) expect(session).toMatchObject({ user: { email: NEW_USER.email } });
      expect(await db().count("users")).toBe(1);
      expect(await db().count("accounts")).toBe(1);
      expect(await db().count("sessions")).toBe(PARALLEL_SIGN_INS);

      const owners = new Set<unknown>();
      for (const token of tokens) owners.add((await db().session(token))?.userId);
      expect(owners.size).toBe(1);
      const [userId] = [...owners] as [string];
      expect(await db().user(userId)).toMatchObject({ email: NEW_USER.email, name: NEW_USER.name });
      expect(await db().account("credentials", NEW_USER.id)).toMatchObject({ userId, type: "credentials" });
    });

    it("refuses an id no stored user has with an e-mail that one has (AccountNotLinked), creating nobody", async () => {
      const owner = await (adapter().createUser as NonNullable<Adapter["createUser"]>)({
        id: "user-owner",
        email: NEW_USER.email,
        emailVerified: null,
        name: "Owner",
        image: null,
      });
      const response = await (await preparedSignIn(config(adapter()))).go();
      const location = locationOf(response);
      expect(location.pathname).toBe("/auth/signin");
      expect(location.searchParams.get("error")).toBe("AccountNotLinked");
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(
        false,
      );
      expect(await db().count("users")).toBe(1);
      expect(await db().count("accounts")).toBe(0);
      expect(await db().count("sessions")).toBe(0);
      expect(await db().userByEmail(NEW_USER.email)).toMatchObject({ id: owner.id, name: "Owner" });
    });
  });
}

describeStores(SESSION_STORES, "first sign-ins with createUserAndLinkAccount", (adapter) => adapter);

describeStores(
  SESSION_STORES.filter(
    (store) => store.name === "MemoryAdapter" || store.name === "PrismaAdapter on SQLite",
  ),
  "first sign-ins with createUser then linkAccount",
  withoutCreateUserAndLinkAccount,
);
