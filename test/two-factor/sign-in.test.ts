import { describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter, AdapterTwoFactor } from "../../src/adapters/types.js";
import { serializeCookie } from "../../src/cookie/header.js";
import {
  Auth,
  type AuthConfig,
  confirmTotp,
  disableTwoFactor,
  enrollTotp,
  listUserSessions,
  regenerateRecoveryCodes,
  requireRecentAuth,
  twoFactorStatus,
} from "../../src/index.js";
import { decode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import { MemoryStore } from "../../src/store/memory.js";
import {
  ALICE,
  aliceCredentials,
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  SECRET,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import {
  codeAt,
  copyOfPendingSignIn,
  enrolAlice,
  formTarget,
  freezeDateAtStart,
  nextStep,
  PENDING_COOKIE,
  postCode,
  requestWith,
  SESSION_COOKIE,
  START,
  sessionOf,
  setsSession,
  twoFactorApp,
} from "./harness.js";

// A fixed clock in the middle of a 30-second step; tests move it a step at a time.
freezeDateAtStart();

describe.each(["jwt", "database"] as const)("two-factor sign-in with %s sessions", (strategy) => {
  async function enrolledApp() {
    const app = await twoFactorApp({ session: { strategy } });
    const enrolled = await enrolAlice(app.config);
    nextStep();
    return { ...app, ...enrolled };
  }

  it("a password alone issues no session: the browser goes to the challenge with a pending cookie", async () => {
    const { config } = await enrolledApp();
    const { response, jar } = await signInWithCredentials(config);
    expect(locationOf(response).pathname).toBe("/auth/two-factor");
    expect(setsSession(response)).toBe(false);
    expect(jar.get(PENDING_COOKIE)).toBeDefined();
    expect(await sessionOf(config, jar)).toBeNull();

    const page = await send(config, "/two-factor", { cookie: jar });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).toContain('inputmode="numeric"');
    expect(html).toContain("Use a recovery code");
  });

  it("a correct code issues a fresh session recording pwd, otp and mfa, and clears the pending cookie", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config, undefined, {});
    const response = await postCode(config, jar, codeAt(secret, Date.now()));
    expect(response.status).toBe(302);
    expect(locationOf(response).href).toBe("https://app.test/");
    jar.apply(response);
    expect(jar.get(PENDING_COOKIE)).toBeUndefined();
    const session = await sessionOf(config, jar);
    expect(session?.user?.email).toBe("alice@example.test");
    const recent = await requireRecentAuth(requestWith(jar), config, { factors: ["mfa"] });
    expect(recent).toMatchObject({ ok: true, amr: ["pwd", "otp", "mfa"] });
    if (strategy === "jwt") {
      const token = await decode({
        token: jar.get(SESSION_COOKIE) as string,
        secret: SECRET,
        salt: SESSION_COOKIE,
      });
      expect(token).toMatchObject({ amr: ["pwd", "otp", "mfa"], auth_time: Math.floor(Date.now() / 1000) });
    }
  });

  it("attack: requireRecentAuth({ factors }) needs every factor asked for: a code alone does not pass a page that asks for a code and a passkey", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    expect(await requireRecentAuth(requestWith(jar), config, { factors: ["otp", "mfa"] })).toMatchObject({
      ok: true,
    });
    expect(await requireRecentAuth(requestWith(jar), config, { factors: ["otp", "hwk"] })).toMatchObject({
      ok: false,
      reason: "missingFactors",
    });
  });

  it("a wrong code is refused on the challenge page and the pending sign-in stays usable", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const good = codeAt(secret, Date.now());
    const wrong = good === "000000" ? "111111" : "000000";
    const refused = await postCode(config, jar, wrong);
    expect(locationOf(refused).searchParams.get("error")).toBe("InvalidTwoFactorCode");
    expect(setsSession(refused)).toBe(false);
    const page = await send(config, `/two-factor${locationOf(refused).search}`, { cookie: jar });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('role="alert"');
    const accepted = await postCode(config, jar, good);
    expect(setsSession(accepted)).toBe(true);
  });

  it("attack: a code two time steps away, earlier or later, is refused; one step away is accepted (RFC 6238 §5.2)", async () => {
    const { config, secret } = await enrolledApp();
    // Far enough from the step the enrolment spent that two steps back is still unspent.
    vi.setSystemTime(Date.now() + 4 * 30_000);
    const { jar } = await signInWithCredentials(config);
    for (const offset of [-2, 2]) {
      const refused = await postCode(config, jar, codeAt(secret, Date.now(), offset));
      expect(locationOf(refused).searchParams.get("error"), `${offset} steps`).toBe("InvalidTwoFactorCode");
      expect(setsSession(refused)).toBe(false);
    }
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now(), -1)))).toBe(true);
  });

  it("the pending cookie replayed after success gets no second session, even with a fresh code", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const saved = new CookieJar();
    saved.apply([`${PENDING_COOKIE}=${jar.get(PENDING_COOKIE)}; Path=/`]);
    const done = await postCode(config, jar, codeAt(secret, Date.now()));
    expect(setsSession(done)).toBe(true);

    nextStep();
    // The attacker holds the copied pending cookie and the victim's CSRF cookie too.
    const replay = new CookieJar();
    replay.apply([
      `${PENDING_COOKIE}=${saved.get(PENDING_COOKIE)}; Path=/`,
      `__Host-authjs.csrf-token=${jar.get("__Host-authjs.csrf-token")}; Path=/`,
    ]);
    const again = await postCode(config, replay, codeAt(secret, Date.now()));
    expect(setsSession(again)).toBe(false);
    expect(locationOf(again).searchParams.get("error")).toBe("InvalidCheck");
  });

  it("a pending cookie moved to another browser (without its CSRF cookie) proves nothing", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const other = new CookieJar();
    other.apply([`${PENDING_COOKIE}=${jar.get(PENDING_COOKIE)}; Path=/`]);
    const page = await send(config, "/two-factor", { cookie: other });
    expect(locationOf(page).searchParams.get("error")).toBe("InvalidCheck");
    const posted = await postCode(config, other, codeAt(secret, Date.now()));
    expect(setsSession(posted)).toBe(false);
    expect(locationOf(posted).searchParams.get("error")).toBe("InvalidCheck");
    // The browser it was minted in still completes.
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(true);
  });

  it("the same code posted twice in parallel yields one session", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const code = codeAt(secret, Date.now());
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(config, "/two-factor", { cookie: jar, form: { csrfToken, code } }),
      ),
    );
    expect(responses.filter(setsSession)).toHaveLength(1);
  });

  it("a code accepted once never works again, for a new sign-in either (RFC 6238 §5.2)", async () => {
    const { config, secret } = await enrolledApp();
    const code = codeAt(secret, Date.now());
    const first = await signInWithCredentials(config);
    expect(setsSession(await postCode(config, first.jar, code))).toBe(true);
    const second = await signInWithCredentials(config);
    const reused = await postCode(config, second.jar, code);
    expect(setsSession(reused)).toBe(false);
    // A code of the previous step is refused too, once a later step was spent.
    expect(setsSession(await postCode(config, second.jar, codeAt(secret, Date.now(), -1)))).toBe(false);
    nextStep();
    expect(setsSession(await postCode(config, second.jar, codeAt(secret, Date.now())))).toBe(true);
  });

  it("a recovery code signs in once, says how many remain, and is refused the second time", async () => {
    const { config, recoveryCodes } = await enrolledApp();
    expect(recoveryCodes).toHaveLength(10);
    const [code] = recoveryCodes as [string];
    const first = await signInWithCredentials(config);
    const used = await postCode(config, first.jar, code.toUpperCase(), { method: "recovery" });
    expect(used.status).toBe(200);
    expect(setsSession(used)).toBe(true);
    expect(await used.text()).toContain("9 recovery codes left");

    const second = await signInWithCredentials(config);
    const reused = await postCode(config, second.jar, code, { method: "recovery" });
    expect(setsSession(reused)).toBe(false);
    expect(locationOf(reused).searchParams.get("error")).toBe("InvalidTwoFactorCode");

    const json = await postCode(
      config,
      second.jar,
      recoveryCodes[1] as string,
      { method: "recovery" },
      {
        "X-Auth-Return-Redirect": "1",
      },
    );
    expect(await json.json()).toEqual({ url: "https://app.test/", recoveryCodesRemaining: 8 });
  });

  it("guessing codes hits the per-user rate limit", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const good = codeAt(secret, Date.now());
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess++) {
      const code = String(100000 + guess);
      if (code === good) continue;
      statuses.push((await postCode(config, jar, code)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(statuses.at(-1)).toBe(429);
    // Even the right code is refused until the window ends.
    expect((await postCode(config, jar, good)).status).toBe(429);
  });

  it("attack: signing in with the password again does not reset the second-factor guesses, which count per user", async () => {
    const { config, secret } = await enrolledApp();
    const good = codeAt(secret, Date.now());
    const wrong = ["100000", "100001", "100002", "100003", "100004", "100005", "100006"]
      .filter((code) => code !== good)
      .slice(0, 6);
    const statuses: number[] = [];
    for (const code of wrong) {
      // A new pending sign-in for every guess.
      const { response, jar } = await signInWithCredentials(config);
      expect(locationOf(response).pathname).toBe("/auth/two-factor");
      statuses.push((await postCode(config, jar, code)).status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    const { jar } = await signInWithCredentials(config);
    expect((await postCode(config, jar, good)).status).toBe(429);
  });

  it("JSON callers get { twoFactorRequired, methods } instead of the redirect", async () => {
    const { config } = await enrolledApp();
    const { response } = await signInWithCredentials(config, undefined, {
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: "https://app.test/auth/two-factor",
      twoFactorRequired: true,
      methods: ["totp", "recovery"],
    });
    expect(setsSession(response)).toBe(false);
  });

  it("attack: a session from before the enrolment does not stand in for the second factor at the next password sign-in", async () => {
    const { config } = await twoFactorApp({ session: { strategy } });
    // Signed in with the password alone, before Alice turned two-factor on (in another browser).
    const before = (await signInWithCredentials(config)).jar;
    nextStep();
    const { secret } = await enrolAlice(config);
    nextStep();
    const again = await signInWithCredentials(config, undefined, { cookie: before });
    expect(locationOf(again.response).pathname).toBe("/auth/two-factor");
    expect(setsSession(again.response)).toBe(false);
    // A session that passed the second step since does: the browser is not asked again.
    again.jar.apply(await postCode(config, again.jar, codeAt(secret, Date.now())));
    nextStep();
    const third = await signInWithCredentials(config, undefined, { cookie: again.jar });
    expect(setsSession(third.response)).toBe(true);
  });

  it("the signIn event fires only once the second factor is proven", async () => {
    const signIn = vi.fn();
    const app = await twoFactorApp({ session: { strategy }, events: { signIn } });
    const { secret } = await enrolAlice(app.config);
    nextStep();
    signIn.mockClear();
    const { jar } = await signInWithCredentials(app.config);
    expect(signIn).not.toHaveBeenCalled();
    await postCode(app.config, jar, codeAt(secret, Date.now()));
    expect(signIn).toHaveBeenCalledTimes(1);
    // Alice was stored before: the held sign-in hands on that she is no new user.
    expect(signIn.mock.calls[0]?.[0]).toMatchObject({ user: { id: "user-alice" }, isNewUser: false });
  });

  it.runIf(strategy === "database")(
    "a session's amr cookie copied beside another session proves nothing for it",
    async () => {
      const { config, secret } = await enrolledApp();
      const older = await signInWithCredentials(config);
      older.jar.apply(await postCode(config, older.jar, codeAt(secret, Date.now())));
      vi.setSystemTime(Date.now() + 600_000);
      const newer = await signInWithCredentials(config);
      newer.jar.apply(await postCode(config, newer.jar, codeAt(secret, Date.now())));
      const AUTH_COOKIE = "__Secure-latchkey.session-auth";
      expect(newer.jar.get(AUTH_COOKIE)).toBeDefined();
      expect((await requireRecentAuth(requestWith(older.jar), config, { factors: ["mfa"] })).ok).toBe(false);
      older.jar.apply([`${AUTH_COOKIE}=${newer.jar.get(AUTH_COOKIE)}; Path=/`]);
      expect((await requireRecentAuth(requestWith(older.jar), config, { factors: ["mfa"] })).ok).toBe(false);
      expect((await requireRecentAuth(requestWith(newer.jar), config, { factors: ["mfa"] })).ok).toBe(true);
    },
  );

  it("turning two-factor off or new recovery codes need a recent second factor", async () => {
    const { config, secret } = await enrolledApp();
    // A password-only session (from before enrolment counts as stale too) is refused.
    const passwordOnly = await twoFactorApp({ session: { strategy } });
    const { jar: plain } = await signInWithCredentials(passwordOnly.config);
    await expect(disableTwoFactor(requestWith(plain), passwordOnly.config)).rejects.toMatchObject({
      type: "StepUpRequired",
    });

    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    const codes = await regenerateRecoveryCodes(requestWith(jar), config);
    expect(codes).toHaveLength(10);

    vi.setSystemTime(Date.now() + 301_000);
    await expect(regenerateRecoveryCodes(requestWith(jar), config)).rejects.toMatchObject({
      type: "StepUpRequired",
    });
    await expect(disableTwoFactor(requestWith(jar), config)).rejects.toMatchObject({
      type: "StepUpRequired",
    });
    const recent = await requireRecentAuth(requestWith(jar), config, {
      factors: ["mfa"],
      callbackUrl: "/settings",
    });
    expect(recent.ok).toBe(false);
    const stepUpUrl = new URL((recent as { stepUpUrl: string }).stepUpUrl);
    expect(stepUpUrl.pathname).toBe("/auth/two-factor");

    // Step-up: the signed-in user proves the second factor again on the same page.
    const page = await send(config, `/two-factor${stepUpUrl.search}`, { cookie: jar });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm it is you");
    const stepped = await postCode(config, jar, codeAt(secret, Date.now()), { callbackUrl: "/settings" });
    expect(locationOf(stepped).href).toBe("https://app.test/settings");
    jar.apply(stepped);
    await disableTwoFactor(requestWith(jar), config);
    expect(await twoFactorStatus(requestWith(jar), config)).toMatchObject({
      enabled: false,
      recoveryCodesRemaining: 0,
    });
    // Off: the password alone signs in again.
    expect(setsSession((await signInWithCredentials(config)).response)).toBe(true);
  });

  it("attack: enrolling again while two-factor is on shows the confirmed secret neither to enrollTotp nor on the setup page", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    // A session that has just proven both factors: recent enough for anything but this.
    expect(await requireRecentAuth(requestWith(jar), config, { factors: ["mfa"] })).toMatchObject({
      ok: true,
    });
    await expect(enrollTotp(requestWith(jar), config)).rejects.toMatchObject({ type: "InvalidRequest" });
    const page = await send(config, "/two-factor-setup", { cookie: jar });
    expect(page.status).toBe(400);
    const html = (await page.text()).replace(/\s/g, "");
    expect(html).not.toContain(secret);
    expect(html).not.toContain("otpauth");
    // The authenticator in use stays the one confirmed.
    nextStep();
    const again = await signInWithCredentials(config);
    expect(setsSession(await postCode(config, again.jar, codeAt(secret, Date.now())))).toBe(true);
  });

  it("a step-up keeps its callbackUrl past a wrong code, as the page's form posts it (in the action URL)", async () => {
    const { config, secret } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    vi.setSystemTime(Date.now() + 301_000);
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    /** Posts `code` where the step-up page at `pageUrl` (under /auth) sends its form. */
    const submitOn = async (pageUrl: string, code: string) => {
      const page = await send(config, pageUrl, { cookie: jar });
      return send(config, formTarget(await page.text()), {
        cookie: jar,
        form: { csrfToken, method: "totp", code },
      });
    };
    const good = codeAt(secret, Date.now());
    const refused = await submitOn(
      "/two-factor?callbackUrl=%2Fsettings",
      good === "000000" ? "111111" : "000000",
    );
    const again = locationOf(refused);
    expect(again.searchParams.get("error")).toBe("InvalidTwoFactorCode");
    expect(again.searchParams.get("callbackUrl")).toBe("/settings");
    const stepped = await submitOn(`${again.pathname.slice("/auth".length)}${again.search}`, good);
    expect(locationOf(stepped).href).toBe("https://app.test/settings");
  });
});

describe("two-factor sign-in: configuration and other first factors", () => {
  it("refuses to start when the adapter lacks the two-factor methods, naming them", async () => {
    const { getTwoFactor: _get, spendTotpStep: _spend, ...adapter } = MemoryAdapter();
    const errors: string[] = [];
    const config = makeConfig({
      adapter,
      twoFactor: { methods: ["totp"] },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    const response = await send(config, "/session");
    expect(response.status).toBe(500);
    expect(errors.join("\n")).toMatch(
      /twoFactor is configured, but the adapter lacks getTwoFactor and spendTotpStep\./,
    );
  });

  it("refuses to start without an adapter, naming twoFactor as what needs one", async () => {
    const errors: string[] = [];
    const config = makeConfig({
      session: { strategy: "jwt" },
      twoFactor: { methods: ["totp"] },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    expect((await send(config, "/session")).status).toBe(500);
    expect(errors.join("\n")).toContain(
      "`twoFactor` needs an `adapter`; pass one, e.g. PrismaAdapter(prisma).",
    );
  });

  it("refuses a method list without an authenticator app", async () => {
    const errors: string[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(),
      twoFactor: { methods: ["passkey"] },
      logger: { error: (error) => errors.push(String((error as Error).message)) },
    });
    await send(config, "/session");
    expect(errors.join("\n")).toMatch(/twoFactor.methods must include "totp"/);
  });

  it("a record whose secret an admin cleared (a lost phone) asks for no code no one can make: the password signs in", async () => {
    const { config, adapter } = await twoFactorApp();
    await enrolAlice(config);
    const record = await adapter.getTwoFactor?.(ALICE.id as string);
    expect(record?.totpEnabledAt).toBeInstanceOf(Date);
    await adapter.setTwoFactor?.({ ...(record as AdapterTwoFactor), totpSecret: null });
    const { response, jar } = await signInWithCredentials(config);
    expect(setsSession(response)).toBe(true);
    expect(jar.get(PENDING_COOKIE)).toBeUndefined();
    expect((await sessionOf(config, jar))?.user?.email).toBe("alice@example.test");
  });

  it("JSON callers that must enrol first get { url, twoFactorRequired, enrolmentRequired, methods }", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], required: "always" } });
    const { response } = await signInWithCredentials(config, undefined, {
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: "https://app.test/auth/two-factor-setup",
      twoFactorRequired: true,
      enrolmentRequired: true,
      methods: ["totp"],
    });
    expect(setsSession(response)).toBe(false);
  });

  it("required as a function of the user: enrolment first for whom it says true, a session for the others", async () => {
    const asked: string[] = [];
    const { config } = await twoFactorApp({
      twoFactor: {
        methods: ["totp"],
        required: async (user) => {
          asked.push(user.id);
          return user.email === "alice@example.test";
        },
      },
    });
    const alice = await signInWithCredentials(config);
    expect(locationOf(alice.response).pathname).toBe("/auth/two-factor-setup");
    expect(setsSession(alice.response)).toBe(false);
    expect(asked).toEqual(["user-alice"]);

    const { config: lenient } = await twoFactorApp({
      twoFactor: { methods: ["totp"], required: () => false },
    });
    const other = await signInWithCredentials(lenient);
    expect(setsSession(other.response)).toBe(true);
  });

  it("a session that a required enrolment issued stands in for the second factor at a sign-in in the same second", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], required: "always" } });
    const { jar } = await signInWithCredentials(config);
    const page = await (await send(config, "/two-factor-setup", { cookie: jar })).text();
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(page)?.[1]?.replace(/ /g, "") as string;
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const confirmed = await send(config, "/two-factor-setup", {
      cookie: jar,
      form: { csrfToken, code: codeAt(secret, Date.now()) },
    });
    expect(setsSession(confirmed)).toBe(true);
    jar.apply(confirmed);
    // The clock has not moved: the session's sign-in and the authenticator's start share a second.
    const again = await signInWithCredentials(config, undefined, { cookie: jar });
    expect(setsSession(again.response)).toBe(true);
    expect(again.jar.get(PENDING_COOKIE)).toBeUndefined();
  });

  it("requireRecentAuth refuses a maxAge that is not positive seconds", async () => {
    const { config } = await twoFactorApp();
    for (const maxAge of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(requireRecentAuth(new Request("https://app.test/x"), config, { maxAge })).rejects.toThrow(
        new RangeError("requireRecentAuth: maxAge must be positive seconds."),
      );
    }
  });

  it("requireRecentAuth sends a signed-out browser to the sign-in page, with the callbackUrl", async () => {
    const { config } = await twoFactorApp();
    expect(
      await requireRecentAuth(new Request("https://app.test/x"), config, { callbackUrl: "/billing" }),
    ).toEqual({
      ok: false,
      reason: "signedOut",
      stepUpUrl: "https://app.test/auth/signin?callbackUrl=%2Fbilling",
    });
  });

  it("requireRecentAuth counts a sign-in exactly maxAge seconds old as recent, and one a second older as stale", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    vi.setSystemTime(START + 300_000);
    expect(await requireRecentAuth(requestWith(jar), config)).toMatchObject({ ok: true });
    vi.setSystemTime(START + 301_000);
    expect(await requireRecentAuth(requestWith(jar), config)).toMatchObject({ ok: false, reason: "stale" });
  });

  it("with required: always, a user without an id (nothing to enrol a factor for) is refused, saying why", async () => {
    const log = recordingLogger();
    const { config } = await twoFactorApp({
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: () => ({ email: "walk-in@example.test" }),
        }),
      ],
      twoFactor: { methods: ["totp"], required: "always" },
      logger: log.logger,
    });
    const { response, jar } = await signInWithCredentials(config);
    expect(locationOf(response).href).toBe("https://app.test/auth/error?error=AccessDenied");
    expect(jar.get(PENDING_COOKIE)).toBeUndefined();
    expect(setsSession(response)).toBe(false);
    expect(log.warningLines).toContain(
      "AccessDenied: Two-factor sign-in is required, but the signed-in user has no id to enrol. (see docs/errors.md#accessdenied)",
    );
  });

  it("a database session's second factor still counts minutes later: its record lasts as long as the session", async () => {
    const { config } = await twoFactorApp({ session: { strategy: "database" } });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    vi.setSystemTime(Date.now() + 120_000);
    expect(await requireRecentAuth(requestWith(jar), config, { factors: ["mfa"] })).toMatchObject({
      ok: true,
    });
  });

  it("a database session's second factor counts no longer than its record's cookie says: a copy kept past that expiry proves nothing", async () => {
    const { config } = await twoFactorApp({ session: { strategy: "database" } });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
    const signedInAt = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const recently = { maxAge: 60 * 24 * 60 * 60, factors: ["mfa"] };
    // Visits every other day extend the session past its first 30 days; the cookie that records the
    // second factor is written at the step-up only, and expires with the session's first expiry. This
    // jar keeps it past that, as a client that ignores Expires would.
    for (let days = 2; days <= 28; days += 2) {
      vi.setSystemTime(signedInAt + days * day);
      jar.apply(await send(config, "/session", { cookie: jar }));
    }
    expect(await requireRecentAuth(requestWith(jar), config, recently)).toMatchObject({ ok: true });
    vi.setSystemTime(signedInAt + 30 * day + 60_000);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: ALICE.email } });
    expect(await requireRecentAuth(requestWith(jar), config, recently)).toMatchObject({ ok: false });
  });

  it("the authenticator app's label carries the issuer without the spaces around it", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], issuer: "  Test App  " } });
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    expect(enrolment.uri).toMatch(
      /^otpauth:\/\/totp\/Test%20App:alice%40example\.test\?secret=[A-Z2-7]+&issuer=Test%20App$/,
    );
  });

  it("a pending sign-in completed twice is refused the second time, and the log says it was already completed", async () => {
    const log = recordingLogger();
    const { config } = await twoFactorApp({ logger: log.logger });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    const copy = copyOfPendingSignIn(jar);
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(true);
    nextStep();
    expect(setsSession(await postCode(config, copy, codeAt(secret, Date.now())))).toBe(false);
    expect(log.warningLines).toContain(
      "InvalidCheck: This pending two-factor sign-in was already completed. (see docs/errors.md#invalidcheck)",
    );
  });

  it("a store that fails while spending the pending sign-in issues no session, and the log names the failure and its cause", async () => {
    const log = recordingLogger();
    class FailingStore extends MemoryStore {
      override setIfAbsent(...args: Parameters<MemoryStore["setIfAbsent"]>): Promise<boolean> {
        if (args[0].startsWith("2fa-spent:")) return Promise.reject(new Error("the store is down"));
        return super.setIfAbsent(...args);
      }
    }
    const { config } = await twoFactorApp({ logger: log.logger, store: new FailingStore() });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(false);
    const failure = log.errors.find((error) => (error as { type?: string }).type === "StoreUnavailable");
    expect(failure?.message).toContain("The store failed while spending a pending two-factor sign-in.");
    expect((failure?.cause as Error | undefined)?.message).toBe("the store is down");
  });

  it("with required: always, a user without a second factor enrols before any session", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], required: "always" } });
    const { response, jar } = await signInWithCredentials(config);
    expect(locationOf(response).pathname).toBe("/auth/two-factor-setup");
    expect(setsSession(response)).toBe(false);
    const page = await send(config, "/two-factor-setup", { cookie: jar });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<svg");
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replace(/ /g, "") as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The pending enrolment cookie cannot be used at the challenge instead.
    expect(locationOf(await send(config, "/two-factor", { cookie: jar })).searchParams.get("error")).toBe(
      "InvalidCheck",
    );
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const confirmed = await send(config, "/two-factor-setup", {
      cookie: jar,
      form: { csrfToken, code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.status).toBe(200);
    expect(setsSession(confirmed)).toBe(true);
    const codesPage = await confirmed.text();
    expect(codesPage.match(/<li><code>/g)).toHaveLength(10);
    expect(codesPage).toContain('download="recovery-codes.txt"');
    expect(codesPage).toContain('href="data:text/plain;charset=utf-8,');
  });

  it("holds back an e-mail sign-in as well", async () => {
    let link = "";
    const app = await twoFactorApp({
      session: { strategy: "database" },
      providers: [
        aliceCredentials(),
        Email({
          sendVerificationRequest: async ({ url }) => {
            link = url;
          },
          confirm: false,
        }),
      ],
    });
    // Alice's address is proven already: a first proof would run the pre-hijack defence, which
    // removes a second factor set up before it.
    await app.adapter.updateUser?.({ id: "user-alice", emailVerified: new Date() });
    await enrolAlice(app.config);
    nextStep();
    const { token, jar } = await getCsrf(app.config);
    const started = await send(app.config, "/signin/email", {
      cookie: jar,
      form: { csrfToken: token, email: "alice@example.test" },
    });
    expect(started.status).toBe(302);
    const landed = await Auth(new Request(link, { headers: { cookie: jar.header() } }), app.config);
    expect(locationOf(landed).pathname).toBe("/auth/two-factor");
    expect(setsSession(landed)).toBe(false);
  });
});

describe("enrolling from a signed-in session", () => {
  it.each([
    ["database sessions", { session: { strategy: "database" } }],
    ["JWT sessions with a store", { session: { strategy: "jwt" }, store: new MemoryStore() }],
  ] as const)(
    "signs out everywhere else, with %s: the sessions from before the enrolment end",
    async (_, options) => {
      const { config } = await twoFactorApp(options as Partial<AuthConfig>);
      const elsewhere = (await signInWithCredentials(config)).jar;
      nextStep();
      const { jar: enrolling } = await signInWithCredentials(config);
      const enrolment = await enrollTotp(requestWith(enrolling), config);
      const confirmed = await confirmTotp(
        requestWith(enrolling),
        config,
        codeAt(enrolment.secret, Date.now()),
      );
      expect(confirmed).not.toBeNull();
      enrolling.apply(confirmed?.cookies.map(serializeCookie) ?? []);
      expect(await sessionOf(config, elsewhere)).toBeNull();
      expect(await sessionOf(config, enrolling)).not.toBeNull();
    },
  );

  it("attack: a wrong code confirms nothing: null, two-factor stays off, and the right code still confirms", async () => {
    const { config, adapter } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const right = codeAt(enrolment.secret, Date.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(await confirmTotp(requestWith(jar), config, wrong)).toBeNull();
    expect((await adapter.getTwoFactor?.("user-alice"))?.totpEnabledAt).toBeNull();
    expect(await twoFactorStatus(requestWith(jar), config)).toMatchObject({ enabled: false });
    expect(await confirmTotp(requestWith(jar), config, right)).not.toBeNull();
  });

  it("confirming says why it is refused: nothing pending (a record whose secret is gone), or already on", async () => {
    const { config, adapter } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    await adapter.setTwoFactor?.({
      userId: "user-alice",
      totpSecret: null,
      totpEnabledAt: null,
      lastTotpStep: null,
      trustedDevicesSince: null,
    });
    await expect(confirmTotp(requestWith(jar), config, "123456")).rejects.toThrow(
      "No authenticator enrolment is pending for this user; start one first (enrollTotp).",
    );
    const enrolment = await enrollTotp(requestWith(jar), config);
    expect(await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    nextStep();
    await expect(confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).rejects.toThrow(
      "Two-factor authentication is already on for this user.",
    );
    await expect(enrollTotp(requestWith(jar), config)).rejects.toThrow(
      "Two-factor authentication is already on for this user; turn it off first (disableTwoFactor) to enrol another authenticator.",
    );
  });

  it("with database sessions and an adapter that cannot list them, enrolment still confirms and ends nothing", async () => {
    const { listSessionsByUserId: _list, ...adapter } = MemoryAdapter();
    const { config } = await twoFactorApp({ adapter, session: { strategy: "database" } });
    const elsewhere = (await signInWithCredentials(config)).jar;
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    expect(await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    expect(await sessionOf(config, elsewhere)).not.toBeNull();
  });

  it("a storage failure while ending the other sessions fails the confirmation, naming it", async () => {
    const log = recordingLogger();
    const adapter = MemoryAdapter();
    const { config } = await twoFactorApp({ adapter, session: { strategy: "database" }, logger: log.logger });
    await signInWithCredentials(config);
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    adapter.deleteSession = () => {
      throw new Error("the database is down");
    };
    await expect(
      confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now())),
    ).rejects.toMatchObject({ type: "AdapterError" });
  });

  it("a storage failure while turning two-factor on or off says what failed", async () => {
    const { config, adapter } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const failing = adapter as Required<Adapter>;
    const { setTwoFactor } = failing;
    failing.setTwoFactor = () => {
      throw new Error("the database is down");
    };
    await expect(confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).rejects.toThrow(
      /failed to turn two-factor sign-in on/,
    );
    failing.setTwoFactor = setTwoFactor;
    nextStep();
    expect(await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()))).not.toBeNull();
    // Turning it off needs a recent second factor: a sign-in with the code.
    nextStep();
    const { jar: stepped } = await signInWithCredentials(config);
    stepped.apply(await postCode(config, stepped, codeAt(enrolment.secret, Date.now())));
    failing.deleteTwoFactor = () => {
      throw new Error("the database is down");
    };
    await expect(disableTwoFactor(requestWith(stepped), config)).rejects.toThrow(
      /failed to delete the two-factor record/,
    );
  });

  it("needs a recent sign-in: a stale session cookie cannot enrol its thief's phone", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    vi.setSystemTime(Date.now() + 301_000);
    await expect(enrollTotp(requestWith(jar), config)).rejects.toMatchObject({ type: "StepUpRequired" });
    const page = await send(config, "/two-factor-setup", { cookie: jar });
    const signin = locationOf(page);
    expect(signin.pathname).toBe("/auth/signin");
    expect(signin.searchParams.get("callbackUrl")).toBe("https://app.test/auth/two-factor-setup");
    // Opened from a page of the app, it goes back there once enrolled.
    const opened = await send(config, "/two-factor-setup?callbackUrl=%2Fsettings", { cookie: jar });
    const back = new URL(locationOf(opened).searchParams.get("callbackUrl") ?? "");
    expect(back.pathname).toBe("/auth/two-factor-setup");
    expect(back.searchParams.get("callbackUrl")).toBe("/settings");
  });

  it("attack: a code from an authenticator still being enrolled proves no second factor: no step-up to mfa with a phone just added", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const stepUp = await postCode(config, jar, codeAt(enrolment.secret, Date.now()));
    expect(locationOf(stepUp).searchParams.get("error")).toBe("InvalidTwoFactorCode");
    jar.apply(stepUp);
    expect(await requireRecentAuth(requestWith(jar), config, { factors: ["mfa"] })).toMatchObject({
      ok: false,
      reason: "missingFactors",
    });
    // Only confirming the enrolment turns the authenticator on (and ends the other sessions).
    const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
    expect(confirmed).not.toBeNull();
  });

  it("a database session that records no sign-in (its marks cookie gone, or from before latchkey wrote one) counts as signed in when its row was made: stale, it cannot enrol a phone", async () => {
    const { config } = await twoFactorApp({ session: { strategy: "database" } });
    const { jar } = await signInWithCredentials(config);
    jar.cookies.delete("__Secure-latchkey.session-auth");
    expect(await requireRecentAuth(requestWith(jar), config)).toMatchObject({
      ok: true,
      amr: [],
      authTime: Math.floor(Date.now() / 1000),
    });
    vi.setSystemTime(Date.now() + 301_000);
    expect(await requireRecentAuth(requestWith(jar), config)).toMatchObject({ ok: false, reason: "stale" });
    await expect(enrollTotp(requestWith(jar), config)).rejects.toMatchObject({ type: "StepUpRequired" });
  });

  it("a step-up keeps a database session's expiry: the authentication cookie ends with the session, not maxAge after the step-up", async () => {
    const { config } = await twoFactorApp({ session: { strategy: "database" } });
    const { jar } = await signInWithCredentials(config);
    const [stored] = await listUserSessions(config, "user-alice");
    vi.setSystemTime(Date.now() + 200_000);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
    const cookie = confirmed?.cookies.find(({ name }) => name.endsWith("latchkey.session-auth"));
    expect(cookie?.options.expires?.valueOf()).toBe(stored?.expires.valueOf());
  });

  it("a recent session enrols on the setup page; the recovery codes page needs no script", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const page = await send(config, "/two-factor-setup", { cookie: jar });
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(await page.text())?.[1]?.replace(/ /g, "") as string;
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const confirmed = await send(config, "/two-factor-setup", {
      cookie: jar,
      form: { csrfToken, code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).not.toContain("<script");
    expect(await twoFactorStatus(requestWith(jar), config)).toMatchObject({
      enabled: true,
      recoveryCodesRemaining: 10,
    });
    // The session now records the code just proven: regenerating codes needs no further step-up.
    jar.apply(confirmed);
    expect(await regenerateRecoveryCodes(requestWith(jar), config)).toHaveLength(10);
  });

  it("returns to the callbackUrl the setup page was opened with, once the code turns it on; a JSON caller gets the recovery codes beside it", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const page = await send(config, "/two-factor-setup?callbackUrl=%2Fsettings", { cookie: jar });
    const html = await page.text();
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replace(/ /g, "") as string;
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const confirmed = await send(config, formTarget(html), {
      cookie: jar,
      form: { csrfToken, code: codeAt(secret, Date.now()) },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    const answer = (await confirmed.json()) as { url: string; recoveryCodes: string[] };
    expect(Object.keys(answer).sort()).toEqual(["recoveryCodes", "url"]);
    expect(answer.url).toBe("https://app.test/settings");
    expect(answer.recoveryCodes).toHaveLength(10);
    // They are the codes now stored: one signs in at the next password sign-in.
    nextStep();
    const next = await signInWithCredentials(config);
    const used = await postCode(config, next.jar, answer.recoveryCodes[0] as string, { method: "recovery" });
    expect(setsSession(used)).toBe(true);
  });
  it("reads a database session once per enrolment POST: the recency check and the step-up reuse what it read", async () => {
    const { config, adapter } = await twoFactorApp({ session: { strategy: "database" } });
    const { jar } = await signInWithCredentials(config);
    const page = await send(config, "/two-factor-setup", { cookie: jar });
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(await page.text())?.[1]?.replace(/ /g, "") as string;
    const csrf = await send(config, "/csrf", { cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const reads = vi.spyOn(adapter, "getSessionAndUser");
    const confirmed = await send(config, "/two-factor-setup", {
      cookie: jar,
      form: { csrfToken, code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.status).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

describe("a storage failure during two-factor sign-in", () => {
  it("is logged naming what the adapter failed to do: read the record, spend a code's step, spend a recovery code", async () => {
    const log = recordingLogger();
    const { config, adapter } = await twoFactorApp({ logger: log.logger });
    const { secret, recoveryCodes } = await enrolAlice(config);
    nextStep();
    const down = () => {
      throw new Error("the database is down");
    };
    const failing = adapter as Required<Adapter>;
    const { getTwoFactor, spendTotpStep } = failing;

    failing.getTwoFactor = down;
    await signInWithCredentials(config);
    expect(log.text()).toContain("The adapter failed to read the two-factor record.");
    failing.getTwoFactor = getTwoFactor;

    failing.spendTotpStep = down;
    const { jar } = await signInWithCredentials(config);
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(false);
    expect(log.text()).toContain("The adapter failed to spend a TOTP step.");
    failing.spendTotpStep = spendTotpStep;

    failing.useRecoveryCode = down;
    expect(setsSession(await postCode(config, jar, recoveryCodes[0] as string, { method: "recovery" }))).toBe(
      false,
    );
    expect(log.text()).toContain("The adapter failed to spend a recovery code.");
  });
});

describe("the sealed TOTP secret across an AUTH_SECRET rotation", () => {
  it("is resealed with the newest secret at the first code after the rotation, so it still opens once the old one is dropped", async () => {
    const app = await twoFactorApp();
    const { secret } = await enrolAlice(app.config);
    const oldSecret = app.config.secret as string;
    const sealedBefore = (await app.adapter.getTwoFactor?.("user-alice"))?.totpSecret;

    // Rotation: the new secret first, the old one kept for what it sealed.
    nextStep();
    const rotated = { ...app.config, secret: ["a-brand-new-auth-secret-0123456789abcdef", oldSecret] };
    const first = await signInWithCredentials(rotated);
    expect(setsSession(await postCode(rotated, first.jar, codeAt(secret, Date.now())))).toBe(true);
    const sealedAfter = (await app.adapter.getTwoFactor?.("user-alice"))?.totpSecret;
    expect(sealedAfter).not.toBe(sealedBefore);
    // The step spent by that sign-in stays spent across the rewrite.
    expect((await app.adapter.getTwoFactor?.("user-alice"))?.lastTotpStep).toBe(
      Math.floor(Date.now() / 30_000),
    );

    // The old secret leaves the list: the authenticator app still works.
    nextStep();
    const dropped = { ...app.config, secret: "a-brand-new-auth-secret-0123456789abcdef" };
    const second = await signInWithCredentials(dropped);
    expect(setsSession(await postCode(dropped, second.jar, codeAt(secret, Date.now())))).toBe(true);
  });

  it("a secret dropped from the list before the reseal leaves a code refused, with a warning that says why", async () => {
    const log = recordingLogger();
    const app = await twoFactorApp({ logger: log.logger });
    const { secret } = await enrolAlice(app.config);
    nextStep();
    const replaced = { ...app.config, secret: "a-brand-new-auth-secret-0123456789abcdef" };
    const { jar } = await signInWithCredentials(replaced);
    const refused = await postCode(replaced, jar, codeAt(secret, Date.now()));
    expect(setsSession(refused)).toBe(false);
    expect(log.warningLines).toEqual([
      expect.stringMatching(
        /^TwoFactorSecretUnreadable: The TOTP secret of user user-alice cannot be opened with the configured secrets .*docs\/errors\.md#twofactorsecretunreadable\.$/,
      ),
    ]);
  });

  it("a reseal the store fails is logged naming it", async () => {
    const log = recordingLogger();
    const app = await twoFactorApp({ logger: log.logger });
    const { secret } = await enrolAlice(app.config);
    nextStep();
    const rotated = {
      ...app.config,
      secret: ["a-brand-new-auth-secret-0123456789abcdef", app.config.secret as string],
    };
    (app.adapter as Required<Adapter>).setTwoFactor = () => {
      throw new Error("the database is down");
    };
    const { jar } = await signInWithCredentials(rotated);
    await postCode(rotated, jar, codeAt(secret, Date.now()));
    expect(log.text()).toContain("The adapter failed to reseal the TOTP secret.");
  });
});
