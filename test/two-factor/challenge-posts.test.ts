/**
 * What a POST to the challenge must carry, and whom it counts against, through `Auth()`: a method
 * the app takes, a code of a sane length, a sign-in pending in this browser (or a session); the
 * `secondFactor` rate-limit rule counts per user, so one user's guesses never hold back another.
 * TOTP codes come from the `otpauth` package.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { confirmTotp, enrollTotp } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import {
  ALICE,
  aliceCredentials,
  CookieJar,
  getCsrf,
  locationOf,
  recordingLogger,
  signInWithCredentials,
} from "../core/helpers.js";
import {
  codeAt,
  enrolAlice,
  freezeDateAtStart,
  nextStep,
  postCode,
  requestWith,
  setsSession,
  twoFactorApp,
} from "./harness.js";

freezeDateAtStart();

describe("a POST to the challenge", () => {
  it("naming a method the app does not take is refused before its code is checked, with the methods it takes", async () => {
    const { config } = await twoFactorApp({
      providers: [aliceCredentials(), Email({ otp: true, sendVerificationRequest: () => {} })],
      twoFactor: { methods: ["totp", "email"] },
    });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    const code = codeAt(secret, Date.now());
    const refused = await postCode(config, jar, code, { method: "sms" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "InvalidRequest",
      message: '`method` must be one of "totp", "recovery", "email".',
    });
    // The code was not spent: it still signs in under the method it belongs to.
    expect(setsSession(await postCode(config, jar, code, { method: "totp" }))).toBe(true);
  });

  it("carrying an empty code, or one over 64 characters, is refused unread; a recovery code padded to 64 still signs in", async () => {
    const { config } = await twoFactorApp();
    const { recoveryCodes } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    const [code] = recoveryCodes as [string];
    const malformed = {
      error: "InvalidRequest",
      message: "`code` must be the code the user typed, as a string.",
    };
    for (const typed of ["", code.padEnd(65)]) {
      const refused = await postCode(config, jar, typed, { method: "recovery" });
      expect(refused.status, JSON.stringify(typed)).toBe(400);
      expect(await refused.json()).toEqual(malformed);
    }
    // Spaces are dropped when a recovery code is read: left unspent above, it signs in now.
    const padded = await postCode(config, jar, code.padEnd(64), { method: "recovery" });
    expect(setsSession(padded)).toBe(true);
    expect(await padded.text()).toContain("9 recovery codes left");
  });

  it("with no sign-in pending and nobody signed in is told to sign in again, however many others were told so too", async () => {
    const log = recordingLogger();
    const { config } = await twoFactorApp({ rateLimit: { trustForwardedFor: true }, logger: log.logger });
    await enrolAlice(config);
    // Strangers at six addresses, none with a pending sign-in: each counts only per address.
    for (let stranger = 1; stranger <= 6; stranger++) {
      const { jar } = await getCsrf(config, { cookie: new CookieJar() });
      const response = await postCode(
        config,
        jar,
        "123456",
        {},
        { "x-forwarded-for": `203.0.113.${stranger}` },
      );
      expect(locationOf(response).searchParams.get("error"), `stranger ${stranger}`).toBe("InvalidCheck");
    }
    expect(log.warningLines).toContainEqual(
      expect.stringMatching(
        /^InvalidCheck: Two-factor: no sign-in is pending in this browser \(.*\) and nobody is signed in\./,
      ),
    );
  });

  it("counts wrong codes per user: one user's guesses do not hold back another user's sign-in", async () => {
    const adapter = MemoryAdapter();
    const BOB = { id: "user-bob", name: "Bob", email: "bob@example.test" };
    await adapter.createUser({ ...BOB, emailVerified: null });
    const bobFields = { username: "bob", password: "battery staple" };
    const { config } = await twoFactorApp({
      adapter,
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) => {
            if (username === "alice" && password === "correct horse") return { ...ALICE };
            if (username === "bob" && password === bobFields.password) return { ...BOB };
            return null;
          },
        }),
      ],
    });
    const alice = await enrolAlice(config);
    const bobSession = (await signInWithCredentials(config, bobFields)).jar;
    const bobEnrolment = await enrollTotp(requestWith(bobSession), config);
    expect(
      await confirmTotp(requestWith(bobSession), config, codeAt(bobEnrolment.secret, Date.now())),
    ).not.toBeNull();
    nextStep();

    const aliceJar = (await signInWithCredentials(config)).jar;
    const right = codeAt(alice.secret, Date.now());
    const guesses = ["100000", "100001", "100002", "100003", "100004", "100005", "100006"]
      .filter((guess) => guess !== right)
      .slice(0, 6);
    const statuses: number[] = [];
    for (const guess of guesses) statuses.push((await postCode(config, aliceJar, guess)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);

    const bobJar = (await signInWithCredentials(config, bobFields)).jar;
    const bob = await postCode(config, bobJar, codeAt(bobEnrolment.secret, Date.now()));
    expect(setsSession(bob)).toBe(true);
  });
});
