/**
 * Two-factor sign-in after an OpenID Connect first factor, against a real OpenID Provider: the
 * provider's callback issues no session while a second factor is required; the user enrols an
 * authenticator (codes from the `otpauth` package), gets the session, and the next sign-in at the
 * provider is held for a code again, with JWT and database sessions, on MemoryAdapter and on
 * PrismaAdapter with each shipped database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig, SessionStrategy } from "../../../src/index.js";
import { locationOf, SECRET, send } from "../../core/helpers.js";
import { SESSION_STORES, useStore } from "../../session/stores.js";
import { codeAt, setsSession } from "../../two-factor/harness.js";
import { APP, newBrowser, sessionOf, signInAtOP } from "./browser.js";
import { providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());

async function postForm(
  config: AuthConfig,
  jar: ReturnType<typeof newBrowser>["app"],
  path: string,
  code: string,
) {
  const csrf = await send(config, "/csrf", { origin: APP, cookie: jar });
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await send(config, path, { origin: APP, cookie: jar, form: { csrfToken, code } });
  jar.apply(response);
  return response;
}

describe.each(SESSION_STORES)("$name", (store) => {
  const opened = useStore(store);
  it.each<SessionStrategy>(["jwt", "database"])(
    "with %s sessions, an OpenID Connect sign-in is held until the second factor: enrolment first, then a code at every sign-in",
    async (strategy) => {
      const config: AuthConfig = {
        providers: [providerAt(op, { trustEmailVerified: true })],
        adapter: opened().adapter,
        session: { strategy },
        secret: SECRET,
        trustHost: true,
        twoFactor: { methods: ["totp"], required: "always" },
      };
      const browser = newBrowser();
      const held = await signInAtOP(config, browser, "op", "alice");
      expect(locationOf(held).pathname).toBe("/auth/two-factor-setup");
      expect(setsSession(held)).toBe(false);
      expect(await sessionOf(config, browser)).toBeNull();

      const page = await send(config, "/two-factor-setup", { origin: APP, cookie: browser.app });
      const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(await page.text())?.[1]?.replace(/ /g, "") as string;
      const used = codeAt(secret, Date.now());
      const enrolled = await postForm(config, browser.app, "/two-factor-setup", used);
      expect(enrolled.status).toBe(200);
      expect(await sessionOf(config, browser)).toMatchObject({ user: { email: "alice@example.test" } });

      // Signed out, the next sign-in at the provider is held for a code; the one just used is spent.
      const next = newBrowser();
      const again = await signInAtOP(config, next, "op", "alice");
      expect(locationOf(again).pathname).toBe("/auth/two-factor");
      // The very code used (not the code of the time now: a 30-second step may have begun since).
      const reused = await postForm(config, next.app, "/two-factor", used);
      expect(setsSession(reused)).toBe(false);
      const fresh = await postForm(config, next.app, "/two-factor", codeAt(secret, Date.now(), 1));
      expect(setsSession(fresh)).toBe(true);
      expect(await sessionOf(config, next)).toMatchObject({ user: { email: "alice@example.test" } });
    },
  );
});

it("the provider's profile and a new user's isNewUser, held with the pending sign-in, reach the signIn event and the jwt callback once the second factor is proven", async () => {
  const signIn = vi.fn();
  const profiles: unknown[] = [];
  const config: AuthConfig = {
    providers: [providerAt(op, { trustEmailVerified: true })],
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    secret: SECRET,
    trustHost: true,
    twoFactor: { methods: ["totp"], required: "always" },
    events: { signIn },
    callbacks: {
      jwt: ({ token, profile }) => {
        if (profile !== undefined) profiles.push(profile);
        return token;
      },
    },
  };
  const browser = newBrowser();
  const held = await signInAtOP(config, browser, "op", "alice");
  expect(locationOf(held).pathname).toBe("/auth/two-factor-setup");
  expect(signIn).not.toHaveBeenCalled();
  const page = await send(config, "/two-factor-setup", { origin: APP, cookie: browser.app });
  const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(await page.text())?.[1]?.replace(/ /g, "") as string;
  const enrolled = await postForm(config, browser.app, "/two-factor-setup", codeAt(secret, Date.now()));
  expect(enrolled.status).toBe(200);
  const alice = { sub: "alice", email: "alice@example.test", name: "Alice Liddell" };
  expect(signIn).toHaveBeenCalledTimes(1);
  expect(signIn.mock.calls[0]?.[0]).toMatchObject({
    profile: alice,
    account: { provider: "op" },
    isNewUser: true,
  });
  expect(profiles).toEqual([expect.objectContaining(alice)]);
});
