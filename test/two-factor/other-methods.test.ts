/**
 * Passkeys and mailed codes as the second factor, and "trust this device", through the public
 * handler. Passkeys come from the test's soft authenticator (node:crypto, not latchkey's code),
 * TOTP codes from otpauth.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { type AuthConfig, requireRecentAuth, revokeUserSessions } from "../../src/index.js";
import { decode, encode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import { MemoryStore } from "../../src/store/memory.js";
import {
  ALICE,
  APP,
  aliceCredentials,
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  SECRET,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import { confirmLink, lastMail, outboxProvider, requestLink } from "../flows/email/helpers.js";
import { FLAG_UP, SoftAuthenticator } from "../flows/webauthn/soft-authenticator.js";
import {
  codeAt,
  enrolAlice,
  freezeDateAtStart,
  nextStep,
  PENDING_COOKIE,
  postCode,
  postForms,
  SESSION_COOKIE,
  sessionOf,
  setsSession,
  twoFactorApp,
} from "./harness.js";

freezeDateAtStart();

const BOB = { id: "user-bob", name: "Bob", email: "bob@example.test", image: null };

/** Credentials for alice and bob, each with their own password. */
const twoUsers = () =>
  Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username, password }) => {
      if (username === "alice" && password === "correct horse") return { ...ALICE };
      if (username === "bob" && password === "battery staple") return { ...BOB };
      return null;
    },
  });

const BOB_FIELDS = { username: "bob", password: "battery staple" };

async function sessionClaims(jar: CookieJar) {
  const token = jar.get(SESSION_COOKIE) as string;
  return decode<{ amr?: string[] }>({ token, secret: SECRET, salt: SESSION_COOKIE });
}

/** Registers a passkey for the user signed in on `jar` (the passkey flow's own ceremony). */
async function addPasskey(config: AuthConfig, jar: CookieJar, authenticator: SoftAuthenticator) {
  const optionsResponse = await send(config, "/webauthn-options/passkey", { cookie: jar });
  jar.apply(optionsResponse);
  const { action, options } = (await optionsResponse.json()) as { action: string; options: never };
  expect(action).toBe("register");
  const data = authenticator.create(options);
  const { token } = await getCsrf(config, { cookie: jar });
  const response = await send(config, "/callback/passkey", {
    cookie: jar,
    form: { csrfToken: token, action: "register", data: JSON.stringify(data) },
  });
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  jar.apply(response);
  return authenticator.credentials.at(-1);
}

/** The second-factor passkey options for the pending sign-in in `jar`. */
async function passkeyOptions(config: AuthConfig, jar: CookieJar) {
  const response = await send(config, "/two-factor-passkey", { cookie: jar });
  jar.apply(response);
  return {
    response,
    body: (await response.clone().json()) as {
      action: string;
      options: PublicKeyCredentialRequestOptionsJSON;
    },
  };
}

describe("a passkey as the second factor", () => {
  async function passkeyApp() {
    const adapter = MemoryAdapter();
    await adapter.createUser?.({ ...BOB, emailVerified: null });
    const app = await twoFactorApp({
      adapter,
      providers: [twoUsers(), Passkey()],
      twoFactor: { methods: ["totp", "passkey"] },
    });
    const authenticator = new SoftAuthenticator({ origin: APP, rpId: "app.test", counterStep: 1 });
    // Alice adds a passkey while signed in with her password, then turns on her authenticator app.
    const { jar } = await signInWithCredentials(app.config);
    const alicePasskey = await addPasskey(app.config, jar, authenticator);
    const { secret } = await enrolAlice(app.config);
    nextStep();
    return { ...app, authenticator, alicePasskey, secret };
  }

  it("the challenge offers it; the options allow only the user's passkeys and discourage user verification; the session records pwd, hwk, mfa", async () => {
    const { config, authenticator, alicePasskey } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    const page = await (await send(config, "/two-factor", { cookie: jar })).text();
    expect(page).toContain("Use a passkey");
    expect(page).toContain('data-options-url="https://app.test/auth/two-factor-passkey"');
    expect(page).toContain('src="https://app.test/auth/webauthn-script?lang=en"');

    const { body } = await passkeyOptions(config, jar);
    expect(body.action).toBe("authenticate");
    expect(body.options.userVerification).toBe("discouraged");
    expect(body.options.allowCredentials?.map((c) => c.id)).toEqual([
      Buffer.from(alicePasskey?.id as Uint8Array).toString("base64url"),
    ]);
    // Touch only, no PIN or biometrics: enough for a second factor.
    const data = authenticator.get(body.options, { flags: FLAG_UP });
    const response = await postCode(config, jar, "", { method: "passkey", data: JSON.stringify(data) });
    expect(locationOf(response).href).toBe("https://app.test/");
    jar.apply(response);
    expect(jar.get(PENDING_COOKIE)).toBeUndefined();
    expect((await sessionClaims(jar))?.amr).toEqual(["pwd", "hwk", "mfa"]);
  });

  it("attack: another user's passkey is refused as the second factor, and no session is issued", async () => {
    const { config, authenticator } = await passkeyApp();
    // Bob signs in with his password and adds his own passkey to the same authenticator.
    const bobJar = (await signInWithCredentials(config, BOB_FIELDS)).jar;
    const bobPasskey = await addPasskey(config, bobJar, authenticator);

    const { jar } = await signInWithCredentials(config);
    const { body } = await passkeyOptions(config, jar);
    const data = authenticator.get(body.options, {}, bobPasskey);
    const response = await postCode(config, jar, "", { method: "passkey", data: JSON.stringify(data) });
    expect(setsSession(response)).toBe(false);
    expect(locationOf(response).searchParams.get("error")).toBe("InvalidTwoFactorPasskey");
    jar.apply(response);
    expect(await sessionOf(config, jar)).toBeNull();
    const page = await send(
      config,
      `${locationOf(response).pathname.replace("/auth", "")}${locationOf(response).search}`,
      { cookie: jar },
    );
    expect(await page.text()).toContain("That passkey was not accepted");
  });

  it("attack: a second-factor challenge is no first factor: the passkey flow's callback refuses its assertion", async () => {
    const { config, authenticator } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    const { body } = await passkeyOptions(config, jar);
    const data = authenticator.get(body.options);
    const fresh = new CookieJar();
    fresh.cookies.set("__Secure-authjs.challenge", jar.cookies.get("__Secure-authjs.challenge") as string);
    const { token } = await getCsrf(config, { cookie: fresh });
    const response = await send(config, "/callback/passkey", {
      cookie: fresh,
      form: { csrfToken: token, action: "authenticate", data: JSON.stringify(data) },
    });
    expect(setsSession(response)).toBe(false);
    // The response names "authenticate"; the challenge was issued for a second factor.
    expect(response.status).toBe(400);
  });

  it("attack: a replayed assertion is refused (its challenge was spent)", async () => {
    const { config, authenticator } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    const { body } = await passkeyOptions(config, jar);
    const data = JSON.stringify(authenticator.get(body.options));
    const pendingJar = new CookieJar();
    for (const name of [PENDING_COOKIE, "__Secure-authjs.challenge", "__Host-authjs.csrf-token"]) {
      pendingJar.cookies.set(name, jar.cookies.get(name) as string);
    }
    const first = await postCode(config, jar, "", { method: "passkey", data });
    expect(setsSession(first)).toBe(true);
    const replay = await postCode(config, pendingJar, "", { method: "passkey", data });
    expect(setsSession(replay)).toBe(false);
  });

  it("a signed-in user adds another passkey without a second challenge; another user's session skips nothing", async () => {
    const { config, authenticator, secret } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    expect(await sessionOf(config, jar)).not.toBeNull();
    await addPasskey(config, jar, authenticator);
    expect(authenticator.credentials).toHaveLength(2);

    // Bob's session in this browser, then Alice's password: held for Alice's second factor.
    const bobJar = (await signInWithCredentials(config, BOB_FIELDS)).jar;
    const asAlice = await signInWithCredentials(config, undefined, { cookie: bobJar });
    expect(locationOf(asAlice.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(asAlice.response)).toBe(false);
  });

  it("attack: a passkey first factor cannot be its own second factor", async () => {
    const { config, authenticator } = await passkeyApp();
    const jar = new CookieJar();
    const options = await send(config, "/webauthn-options/passkey?action=authenticate", { cookie: jar });
    jar.apply(options);
    const { options: request } = (await options.json()) as { options: PublicKeyCredentialRequestOptionsJSON };
    const { token } = await getCsrf(config, { cookie: jar });
    const held = await send(config, "/callback/passkey", {
      cookie: jar,
      form: { csrfToken: token, action: "authenticate", data: JSON.stringify(authenticator.get(request)) },
    });
    jar.apply(held);
    expect(locationOf(held).pathname).toBe("/auth/two-factor");
    expect(await (await send(config, "/two-factor", { cookie: jar })).text()).not.toContain("Use a passkey");
    // A JSON caller is told the same: no passkey among the methods.
    const jsonJar = new CookieJar();
    const again = await send(config, "/webauthn-options/passkey?action=authenticate", { cookie: jsonJar });
    jsonJar.apply(again);
    const { options: second } = (await again.json()) as { options: PublicKeyCredentialRequestOptionsJSON };
    const csrf = await getCsrf(config, { cookie: jsonJar });
    const asJson = await send(config, "/callback/passkey", {
      cookie: jsonJar,
      form: {
        csrfToken: csrf.token,
        action: "authenticate",
        data: JSON.stringify(authenticator.get(second)),
      },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(await asJson.json()).toMatchObject({ twoFactorRequired: true, methods: ["totp", "recovery"] });
    expect((await send(config, "/two-factor-passkey", { cookie: jar })).status).toBe(400);
    const posted = await postCode(config, jar, "", { method: "passkey", data: "{}" });
    expect(posted.status).toBe(400);
    expect(await posted.json()).toEqual({
      error: "InvalidRequest",
      message: "A passkey cannot be the second factor of this sign-in: its first factor was one already.",
    });
    expect(setsSession(posted)).toBe(false);
  });

  it("attack: a passkey answer that is not JSON proves nothing, and leaves the challenge to the real answer", async () => {
    const { config, authenticator } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    const { body } = await passkeyOptions(config, jar);
    const garbled = await postCode(config, jar, "", { method: "passkey", data: "{not json" });
    expect(setsSession(garbled)).toBe(false);
    expect(locationOf(garbled).searchParams.get("error")).toBe("InvalidTwoFactorPasskey");
    jar.apply(garbled);
    expect(await sessionOf(config, jar)).toBeNull();
    const data = JSON.stringify(authenticator.get(body.options));
    const response = await postCode(config, jar, "", { method: "passkey", data });
    expect(setsSession(response)).toBe(true);
  });

  it("a passkey answer must be there and at most 16 KiB: an empty or longer one is refused unread, and leaves the challenge to one of 16 KiB", async () => {
    const { config, authenticator } = await passkeyApp();
    const { jar } = await signInWithCredentials(config);
    const { body } = await passkeyOptions(config, jar);
    const assertion = JSON.stringify(authenticator.get(body.options));
    for (const data of ["", assertion.padEnd(16_385)]) {
      const refused = await postCode(config, jar, "", { method: "passkey", data });
      expect(refused.status, `${data.length} characters`).toBe(400);
      expect(await refused.json()).toEqual({
        error: "InvalidRequest",
        message: "`data` must be the passkey's assertion, as JSON text.",
      });
    }
    // JSON text may end in spaces: the same answer padded to exactly 16 KiB is read, and signs in.
    const accepted = await postCode(config, jar, "", { method: "passkey", data: assertion.padEnd(16_384) });
    expect(setsSession(accepted)).toBe(true);
  });

  it("without a pending sign-in there are no options, and a user without passkeys gets none", async () => {
    const { config } = await passkeyApp();
    const none = await send(config, "/two-factor-passkey", { cookie: new CookieJar() });
    expect(none.status).toBe(400);
  });

  it("refuses passkey without a Passkey provider at startup", async () => {
    const errors: string[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(),
      twoFactor: { methods: ["totp", "passkey"] },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    expect((await send(config, "/session")).status).toBe(500);
    expect(errors.join("\n")).toMatch(/no Passkey \(WebAuthn\) provider is configured/);
  });
});

describe("a code by e-mail as the second factor", () => {
  async function emailApp(adapter: Adapter = MemoryAdapter(), pendingMaxAge?: number, store?: MemoryStore) {
    const mails: Array<{ to: string; code?: string; url: string }> = [];
    const app = await twoFactorApp({
      adapter,
      providers: [
        aliceCredentials(),
        Email({
          otp: true,
          sendVerificationRequest: ({ identifier, code, url }) => {
            mails.push({ to: identifier, url, ...(code ? { code } : {}) });
          },
        }),
      ],
      twoFactor: { methods: ["totp", "email"], ...(pendingMaxAge ? { pendingMaxAge } : {}) },
      ...(store ? { store } : {}),
    });
    const { secret } = await enrolAlice(app.config);
    nextStep();
    return { ...app, mails, secret };
  }

  async function sendCode(config: AuthConfig, jar: CookieJar) {
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/two-factor-email", { cookie: jar, form: { csrfToken: token } });
    jar.apply(response);
    return response;
  }

  it("mails a 6-digit code to the pending user's address; the code signs in once, recording otp and mfa", async () => {
    const { config, mails } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    const page = await (await send(config, "/two-factor", { cookie: jar })).text();
    expect(page).toContain("E-mail me a code");
    const sent = await sendCode(config, jar);
    expect(locationOf(sent).search).toContain("method=email");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("alice@example.test");
    expect(mails[0]?.code).toMatch(/^\d{6}$/);
    const form = await (await send(config, "/two-factor?method=email&sent=1", { cookie: jar })).text();
    expect(form).toContain('autocomplete="one-time-code"');

    const response = await postCode(config, jar, mails[0]?.code as string, { method: "email" });
    expect(locationOf(response).href).toBe("https://app.test/");
    jar.apply(response);
    expect((await sessionClaims(jar))?.amr).toEqual(["pwd", "otp", "mfa"]);
  });

  it("attack: a mailed code used once never counts again, even in another pending sign-in", async () => {
    const { config, mails } = await emailApp();
    const first = (await signInWithCredentials(config)).jar;
    await sendCode(config, first);
    const code = mails[0]?.code as string;
    expect(setsSession(await postCode(config, first, code, { method: "email" }))).toBe(true);

    const second = (await signInWithCredentials(config)).jar;
    const reused = await postCode(config, second, code, { method: "email" });
    expect(setsSession(reused)).toBe(false);
    expect(locationOf(reused).searchParams.get("error")).toBe("InvalidTwoFactorCode");
  });

  it("attack: the same code twice in parallel signs in once", async () => {
    const { config, mails } = await emailApp();
    const jars = [(await signInWithCredentials(config)).jar, (await signInWithCredentials(config)).jar];
    await sendCode(config, jars[1] as CookieJar);
    const code = mails[0]?.code as string;
    const answers = await Promise.all(jars.map((jar) => postCode(config, jar, code, { method: "email" })));
    expect(answers.filter(setsSession)).toHaveLength(1);
  });

  it("a newer mail voids the older code; a wrong code says so on the e-mail page", async () => {
    const { config, mails } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    await sendCode(config, jar);
    await sendCode(config, jar);
    const old = await postCode(config, jar, mails[0]?.code as string, { method: "email" });
    if (mails[0]?.code !== mails[1]?.code) expect(setsSession(old)).toBe(false);
    const wrong = await send(config, `/two-factor${locationOf(old).search}`, { cookie: jar });
    expect(locationOf(old).searchParams.get("method")).toBe("email");
    expect(await wrong.text()).toContain("Enter the code from the latest e-mail");
    expect(setsSession(await postCode(config, jar, mails[1]?.code as string, { method: "email" }))).toBe(
      true,
    );
  });

  it("attack: 5 wrong codes void the mailed code; the right one then fails too", async () => {
    const { config, mails } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    await sendCode(config, jar);
    const right = mails[0]?.code as string;
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(setsSession(await postCode(config, jar, wrong, { method: "email" }))).toBe(false);
    }
    expect(setsSession(await postCode(config, jar, right, { method: "email" }))).toBe(false);
  });

  it("attack: a code that lives an hour still has 5 tries in all, however the guesses are spread", async () => {
    const { config, mails } = await emailApp(MemoryAdapter(), 3600);
    const { jar } = await signInWithCredentials(config);
    await sendCode(config, jar);
    const right = mails[0]?.code as string;
    const wrong = right === "000000" ? "111111" : "000000";
    // Three now, two more after the rate limiter's 15-minute window: the fifth voids the code.
    for (let attempt = 0; attempt < 3; attempt++) await postCode(config, jar, wrong, { method: "email" });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(setsSession(await postCode(config, jar, wrong, { method: "email" }))).toBe(false);
    }
    const late = await postCode(config, jar, right, { method: "email" });
    expect(locationOf(late).searchParams.get("error")).toBe("InvalidTwoFactorCode");
    expect(setsSession(late)).toBe(false);
  });

  it("a code the store refuses to keep is never mailed (it could never be used)", async () => {
    class Refusing extends MemoryStore {
      override async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
        return key.startsWith("2fa-email:") ? false : super.setIfAbsent(key, value, ttlMs);
      }
    }
    const { config, mails } = await emailApp(MemoryAdapter(), undefined, new Refusing());
    const { jar } = await signInWithCredentials(config);
    const response = await sendCode(config, jar);
    expect(mails).toEqual([]);
    expect(locationOf(response).searchParams.get("sent")).toBeNull();
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
  });

  it("attack: after an e-mail first factor, a mailed code is no second factor", async () => {
    const { config, mails, adapter } = await emailApp();
    // Proven before: a first proof would remove the second factor set up without it.
    await adapter.updateUser?.({ id: "user-alice", emailVerified: new Date(Date.now() - 60_000) });
    const jar = new CookieJar();
    const { token } = await getCsrf(config, { cookie: jar });
    await send(config, "/signin/email", {
      cookie: jar,
      form: { csrfToken: token, email: "alice@example.test" },
    });
    const code = mails.at(-1)?.code as string;
    const held = await send(config, "/callback/email", {
      cookie: jar,
      form: { csrfToken: token, email: "alice@example.test", code },
    });
    jar.apply(held);
    expect(locationOf(held).pathname).toBe("/auth/two-factor");
    expect(await (await send(config, "/two-factor", { cookie: jar })).text()).not.toContain(
      "E-mail me a code",
    );
    const noMailedCode = {
      error: "InvalidRequest",
      message:
        "A code by e-mail cannot be the second factor of this sign-in: its first factor was one already.",
    };
    const asked = await sendCode(config, jar);
    expect(asked.status).toBe(400);
    expect(await asked.json()).toEqual(noMailedCode);
    const posted = await postCode(config, jar, "123456", { method: "email" });
    expect(posted.status).toBe(400);
    expect(await posted.json()).toEqual(noMailedCode);
  });

  it.each(["jwt", "database"] as const)(
    "attack: with %s sessions, a session signed in by e-mail (a trusted device skipped the second factor) cannot step up with a mailed code, nor turn two-factor off",
    async (strategy) => {
      const mails: Array<{ code?: string }> = [];
      const app = await twoFactorApp({
        session: { strategy },
        providers: [
          aliceCredentials(),
          Email({
            otp: true,
            sendVerificationRequest: ({ code }) => void mails.push({ ...(code ? { code } : {}) }),
          }),
        ],
        twoFactor: { methods: ["totp", "email"], trustDevice: { maxAge: 30 } },
      });
      await app.adapter.updateUser?.({ id: "user-alice", emailVerified: new Date(Date.now() - 60_000) });
      const { config } = app;
      const { secret } = await enrolAlice(config);
      nextStep();
      const { jar } = await signInWithCredentials(config);
      jar.apply(await postCode(config, jar, codeAt(secret, Date.now()), { trustDevice: "on" }));
      jar.cookies.delete(SESSION_COOKIE);
      nextStep();

      // A sign-in by a mailed code in the trusted browser: the mailbox alone, one factor.
      const { token } = await getCsrf(config, { cookie: jar });
      await send(config, "/signin/email", {
        cookie: jar,
        form: { csrfToken: token, email: ALICE.email as string },
      });
      const signedIn = await send(config, "/callback/email", {
        cookie: jar,
        form: { csrfToken: token, email: ALICE.email as string, code: mails.at(-1)?.code as string },
      });
      expect(setsSession(signedIn)).toBe(true);
      jar.apply(signedIn);

      expect(await (await send(config, "/two-factor", { cookie: jar })).text()).not.toContain(
        "E-mail me a code",
      );
      expect((await sendCode(config, jar)).status).toBe(400);
      const req = new Request("https://app.test/settings", { headers: { cookie: jar.header() } });
      const { disableTwoFactor } = await import("../../src/index.js");
      await expect(disableTwoFactor(req, config)).rejects.toMatchObject({ type: "StepUpRequired" });
    },
  );

  it("a signed-in user whose session recorded no amr (an OAuth sign-in) steps up with a mailed code", async () => {
    const { config, mails } = await emailApp();
    const jar = new CookieJar();
    const token = await encode({
      token: { sub: ALICE.id, name: ALICE.name, email: ALICE.email },
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    jar.cookies.set(SESSION_COOKIE, token);
    const page = await (await send(config, "/two-factor", { cookie: jar })).text();
    expect(page).toContain("E-mail me a code");
    expect(locationOf(await sendCode(config, jar)).searchParams.get("sent")).toBe("1");
    const response = await postCode(config, jar, mails.at(-1)?.code as string, { method: "email" });
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    jar.apply(response);
    expect((await sessionClaims(jar))?.amr).toEqual(["otp", "mfa"]);
  });

  it("the e-mail form asks to send a code first and takes the code once one is sent; a step-up returns to its callbackUrl through the mail", async () => {
    const { config, mails, secret } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    nextStep();
    const open = async (path: string) => (await send(config, path, { cookie: jar })).text();

    const page = await open("/two-factor?method=email&callbackUrl=%2Fsettings");
    expect(page).not.toContain('autocomplete="one-time-code"');
    const [sendForm] = postForms(page);
    expect(sendForm?.target).toBe("/two-factor-email");
    const sent = await send(config, sendForm?.target as string, { cookie: jar, form: sendForm?.hidden });
    expect(locationOf(sent).href).toBe(
      "https://app.test/auth/two-factor?method=email&callbackUrl=%2Fsettings&sent=1",
    );

    const sentPage = await open(`/two-factor${locationOf(sent).search}`);
    expect(sentPage).toContain("We sent a code to your e-mail address.");
    expect(sentPage).toContain('autocomplete="one-time-code"');
    const [codeForm] = postForms(sentPage);
    const stepped = await send(config, codeForm?.target as string, {
      cookie: jar,
      form: { ...codeForm?.hidden, code: mails.at(-1)?.code as string },
    });
    expect(locationOf(stepped).href).toBe("https://app.test/settings");
  });

  it("a JSON caller asking for a mailed code is answered with the page that takes it, and that the code was sent", async () => {
    const { config, mails } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/two-factor-email", {
      cookie: jar,
      form: { csrfToken: token },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: "https://app.test/auth/two-factor?method=email&sent=1",
      sent: true,
    });
    expect(mails).toHaveLength(1);
  });

  it("a signed-in user whose session proved a password and an authenticator code (pwd, otp, mfa) steps up with a mailed code", async () => {
    const { config, mails, secret } = await emailApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    expect((await sessionClaims(jar))?.amr).toEqual(["pwd", "otp", "mfa"]);
    // Its "otp" was the authenticator app's, not the mailbox's: a mailed code proves something new.
    const page = await (await send(config, "/two-factor", { cookie: jar })).text();
    expect(page).toContain("E-mail me a code");
    expect(locationOf(await sendCode(config, jar)).searchParams.get("sent")).toBe("1");
    const response = await postCode(config, jar, mails.at(-1)?.code as string, { method: "email" });
    expect(locationOf(response).searchParams.get("error")).toBeNull();
  });

  it("is not accepted when the app does not offer it, and needs an e-mail provider with codes", async () => {
    const app = await twoFactorApp();
    await enrolAlice(app.config);
    const { jar } = await signInWithCredentials(app.config);
    const refused = await postCode(app.config, jar, "123456", { method: "email" });
    expect(refused.status).toBe(400);
    expect(setsSession(refused)).toBe(false);

    const errors: string[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [aliceCredentials(), Email({ sendVerificationRequest: () => undefined })],
      twoFactor: { methods: ["totp", "email"] },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    expect((await send(config, "/session")).status).toBe(500);
    expect(errors.join("\n")).toMatch(/no e-mail provider sends codes/);
  });
});

describe("trust this device", () => {
  async function trustingApp(overrides: Partial<AuthConfig> = {}) {
    const adapter = MemoryAdapter();
    await adapter.createUser?.({ ...BOB, emailVerified: null });
    const app = await twoFactorApp({
      adapter,
      providers: [twoUsers()],
      twoFactor: { methods: ["totp"], trustDevice: { maxAge: 30 } },
      ...overrides,
    });
    const alice = await enrolAlice(app.config);
    nextStep();
    return { ...app, secret: alice.secret };
  }

  /** Signs in with password and code, ticking "trust this device"; returns the browser's jar. */
  async function signInTrusting(config: AuthConfig, secret: string, fields?: Record<string, string>) {
    const { jar } = await signInWithCredentials(config, fields);
    const response = await postCode(config, jar, codeAt(secret, Date.now()), { trustDevice: "on" });
    expect(setsSession(response)).toBe(true);
    jar.apply(response);
    // Signed out again: the next sign-in is a new one, with the trusted-device cookie kept.
    jar.cookies.delete(SESSION_COOKIE);
    nextStep();
    return { jar, response };
  }

  const trustedCookies = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith("__Secure-latchkey.trusted-device."));

  it("the challenge offers it; a ticked box sets a sealed, per-user cookie; the next password sign-in there skips the second factor", async () => {
    const { config, secret } = await trustingApp();
    const { jar: pendingJar } = await signInWithCredentials(config);
    expect(await (await send(config, "/two-factor", { cookie: pendingJar })).text()).toContain(
      "Trust this device",
    );

    const { jar, response } = await signInTrusting(config, secret);
    const [cookie] = trustedCookies(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toContain("user-alice");
    // Named by a short hash of the user id: one cookie per user, the id not in clear text.
    expect(cookie).toMatch(/^__Secure-latchkey\.trusted-device\.[0-9a-f]{16}=/);

    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).href).toBe("https://app.test/");
    expect(setsSession(again.response)).toBe(true);
    // Only the password was proven this time: a step-up still asks for the second factor.
    again.jar.apply(again.response);
    const recent = await requireRecentAuth(
      new Request("https://app.test/x", { headers: { cookie: again.jar.header() } }),
      config,
      { factors: ["mfa"] },
    );
    expect(recent.ok).toBe(false);
  });

  it("the box may be ticked as a form's 1 or a JSON caller's true", async () => {
    const { config, secret } = await trustingApp();
    const byForm = (await signInWithCredentials(config)).jar;
    const ticked = await postCode(config, byForm, codeAt(secret, Date.now()), { trustDevice: "1" });
    expect(setsSession(ticked)).toBe(true);
    expect(trustedCookies(ticked)).toHaveLength(1);

    nextStep();
    const byJson = (await signInWithCredentials(config)).jar;
    const { token } = await getCsrf(config, { cookie: byJson });
    const asJson = await send(config, "/two-factor", {
      cookie: byJson,
      json: { csrfToken: token, code: codeAt(secret, Date.now()), trustDevice: true },
    });
    expect(setsSession(asJson)).toBe(true);
    expect(trustedCookies(asJson)).toHaveLength(1);
  });

  it("attack: a step-up trusts no browser, even with the box ticked: only a sign-in's second factor does", async () => {
    const { config, secret } = await trustingApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    nextStep();
    const stepUp = await postCode(config, jar, codeAt(secret, Date.now()), { trustDevice: "on" });
    expect(locationOf(stepUp).href).toBe("https://app.test/");
    expect(trustedCookies(stepUp)).toEqual([]);
  });

  it("without the box ticked, nothing is trusted", async () => {
    const { config, secret } = await trustingApp();
    const { jar } = await signInWithCredentials(config);
    const response = await postCode(config, jar, codeAt(secret, Date.now()));
    expect(trustedCookies(response)).toEqual([]);
    jar.apply(response);
    jar.cookies.delete(SESSION_COOKIE);
    nextStep();
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
  });

  it("attack: once the app stops offering trustDevice, a browser trusted before must pass the second factor again", async () => {
    const { config, secret } = await trustingApp();
    const { jar } = await signInTrusting(config, secret);
    // The same app, users and secret, with "trust this device" taken out of its settings.
    const untrusting: AuthConfig = { ...config, twoFactor: { methods: ["totp"], issuer: "Test App" } };
    const again = await signInWithCredentials(untrusting, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(again.response)).toBe(false);
  });

  it("attack: user A's trusted-device cookie does not skip the second factor for user B, even renamed to B's cookie", async () => {
    const { config, secret, adapter } = await trustingApp();
    const { jar } = await signInTrusting(config, secret);
    // Bob enrols too (his own authenticator), then signs in from Alice's trusted browser.
    const bobJar = (await signInWithCredentials(config, BOB_FIELDS)).jar;
    const { enrollTotp, confirmTotp } = await import("../../src/index.js");
    const req = () => new Request("https://app.test/settings", { headers: { cookie: bobJar.header() } });
    const enrolment = await enrollTotp(req(), config);
    expect(await confirmTotp(req(), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    nextStep();
    expect(await adapter.getTwoFactor?.("user-bob")).not.toBeNull();

    const asBob = await signInWithCredentials(config, BOB_FIELDS, { cookie: jar });
    expect(locationOf(asBob.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(asBob.response)).toBe(false);

    // Alice's sealed value under the name Bob's cookie would have.
    const aliceName = [...jar.cookies.keys()].find((name) =>
      name.startsWith("__Secure-latchkey.trusted-device."),
    ) as string;
    const bobTrusting = await signInTrusting(config, enrolment.secret, BOB_FIELDS);
    const bobName = [...bobTrusting.jar.cookies.keys()].find(
      (name) => name.startsWith("__Secure-latchkey.trusted-device.") && name !== aliceName,
    ) as string;
    expect(bobName).toBeDefined();
    const forged = new CookieJar();
    forged.cookies.set(bobName, jar.cookies.get(aliceName) as string);
    const forgedTry = await signInWithCredentials(config, BOB_FIELDS, { cookie: forged });
    expect(locationOf(forgedTry.response).pathname).toBe("/auth/two-factor");
  });

  it("attack: after revokeUserSessions the trusted browser must pass the second factor again", async () => {
    // JWT sessions are ended through a shared store; without one revokeUserSessions refuses.
    const { config, secret } = await trustingApp({ store: new MemoryStore() });
    const { jar } = await signInTrusting(config, secret);
    vi.setSystemTime(Date.now() + 1000);
    await revokeUserSessions(config, "user-alice");
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(again.response)).toBe(false);
  });

  it("attack: revokeUserSessions in the very millisecond the browser was trusted voids it too", async () => {
    const { config, secret } = await trustingApp({ store: new MemoryStore() });
    const { jar } = await signInTrusting(config, secret);
    // Back to the instant the code was posted and the cookie minted (signInTrusting moved a step on).
    vi.setSystemTime(Date.now() - 30_000);
    await revokeUserSessions(config, "user-alice");
    vi.setSystemTime(Date.now() + 30_000);
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
  });

  it("attack: when the address is first proven (pre-hijack defence), the browsers trusted before must pass the owner's second factor", async () => {
    const outbox = outboxProvider();
    const { config, secret, adapter } = await trustingApp({ providers: [twoUsers(), outbox.provider] });
    const { jar } = await signInTrusting(config, secret);
    expect((await adapter.getUser?.("user-alice"))?.emailVerified).toBeNull();
    vi.setSystemTime(Date.now() + 1000);
    // Whoever owns the address proves it (from another browser): everything set up before ends,
    // the authenticator it was trusted for included.
    await requestLink(config, "alice@example.test");
    const owner = new CookieJar();
    await confirmLink(config, lastMail(outbox).url, owner);
    expect((await adapter.getUser?.("user-alice"))?.emailVerified).not.toBeNull();
    expect(await adapter.getTwoFactor?.("user-alice")).toBeNull();
    // The owner enrols an authenticator of their own: the browser trusted before is not spared it.
    const { enrollTotp, confirmTotp } = await import("../../src/index.js");
    const req = () => new Request("https://app.test/settings", { headers: { cookie: owner.header() } });
    const enrolment = await enrollTotp(req(), config);
    expect(await confirmTotp(req(), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    nextStep();
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(again.response)).toBe(false);
  });

  it("after revokeOtherSessions, and after two-factor is turned off and on again, the browser is trusted no more", async () => {
    // Database sessions: "sign out everywhere else" needs them (or a shared store).
    const { config, secret } = await trustingApp({ session: { strategy: "database" } });
    const { jar } = await signInTrusting(config, secret);
    // Another device of Alice's signs everyone else out.
    const other = (await signInWithCredentials(config)).jar;
    other.apply(await postCode(config, other, codeAt(secret, Date.now())));
    vi.setSystemTime(Date.now() + 1000);
    const { revokeOtherSessions } = await import("../../src/index.js");
    await revokeOtherSessions(
      new Request("https://app.test/x", { headers: { cookie: other.header() } }),
      config,
    );
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");

    // Trusted anew, then two-factor off and on: the old cookie is void.
    nextStep();
    const { jar: trusted } = await signInTrusting(config, secret);
    const { disableTwoFactor, enrollTotp, confirmTotp } = await import("../../src/index.js");
    const skipped = await signInWithCredentials(config, undefined, { cookie: trusted });
    expect(setsSession(skipped.response)).toBe(true);
    // Turning it off needs a fresh second factor: the step-up, with a code.
    trusted.apply(await postCode(config, trusted, codeAt(secret, Date.now())));
    const req = () => new Request("https://app.test/settings", { headers: { cookie: trusted.header() } });
    await disableTwoFactor(req(), config);
    nextStep();
    const enrolment = await enrollTotp(req(), config);
    expect(await confirmTotp(req(), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    nextStep();
    trusted.cookies.delete(SESSION_COOKIE);
    const afterReenrol = await signInWithCredentials(config, undefined, { cookie: trusted });
    expect(locationOf(afterReenrol.response).pathname).toBe("/auth/two-factor");
  });

  it("a storage failure while voiding trusted devices fails revokeUserSessions, naming what the adapter failed to do", async () => {
    // An admin must learn that the trusted browsers may still skip the second factor.
    const { config, adapter } = await trustingApp({ store: new MemoryStore() });
    const failing = adapter as Required<Adapter>;
    const { getTwoFactor, setTwoFactor } = failing;
    const down = () => {
      throw new Error("the database is down");
    };

    failing.getTwoFactor = down;
    await expect(revokeUserSessions(config, "user-alice")).rejects.toThrow(
      "The adapter failed to read the two-factor record.",
    );
    failing.getTwoFactor = getTwoFactor;

    failing.setTwoFactor = down;
    await expect(revokeUserSessions(config, "user-alice")).rejects.toThrow(
      "The adapter failed to void trusted devices.",
    );
    failing.setTwoFactor = setTwoFactor;
  });

  it("refuses a trustDevice.maxAge that is not a whole number of days", async () => {
    const errors: string[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(),
      twoFactor: { methods: ["totp"], trustDevice: { maxAge: 0.5 } },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    expect((await send(config, "/session")).status).toBe(500);
    expect(errors.join("\n")).toMatch(/trustDevice.maxAge must be a whole number of days/);
  });
});
