/**
 * The two-factor pages as a browser meets them through `Auth()`: which form the challenge shows,
 * where its links and forms lead, what it offers (a mailed code, a passkey, "trust this device")
 * and to whom, and what a refused code says. TOTP codes come from the `otpauth` package.
 */
import { describe, expect, it } from "vitest";
import type { AdapterUser } from "../../src/adapters/types.js";
import { type AuthConfig, confirmTotp, enrollTotp } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import {
  aliceCredentials,
  type CookieJar,
  locationOf,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import {
  codeAt,
  enrolAlice,
  freezeDateAtStart,
  linkTarget,
  nextStep,
  postCode,
  postForms,
  requestWith,
  twoFactorApp,
} from "./harness.js";

freezeDateAtStart();

/** Alice enrolled in an app offering `methods`, with an e-mail provider that sends codes. */
async function enrolledApp(twoFactor: AuthConfig["twoFactor"] = { methods: ["totp", "email"] }) {
  const app = await twoFactorApp({
    providers: [aliceCredentials(), Email({ otp: true, sendVerificationRequest: () => {} })],
    twoFactor,
  });
  const { secret, recoveryCodes } = await enrolAlice(app.config);
  nextStep();
  return { ...app, secret, recoveryCodes };
}

/** The page at `path` (under /auth), as `jar`'s browser sees it. */
const pageText = async (config: AuthConfig, jar: CookieJar, path: string) =>
  (await send(config, path, { cookie: jar })).text();

/** Alice past both factors: a browser holding her session. */
async function signedInAlice(config: AuthConfig, secret: string): Promise<CookieJar> {
  const { jar } = await signInWithCredentials(config);
  jar.apply(await postCode(config, jar, codeAt(secret, Date.now())));
  nextStep();
  return jar;
}

const APP_CODE_FIELD = 'id="input-two-factor-code"';
const RECOVERY_FIELD = 'id="input-recovery-code"';

describe("the challenge page", () => {
  it("opens on the authenticator app's form, even where a mailed code is offered; its links lead to the other forms and back, keeping the callbackUrl", async () => {
    const { config } = await enrolledApp();
    const { jar } = await signInWithCredentials(config);
    const first = await pageText(config, jar, "/two-factor?callbackUrl=%2Fsettings");
    expect(first).toContain(APP_CODE_FIELD);
    expect(postForms(first)[0]?.target).toBe("/two-factor?callbackUrl=%2Fsettings");
    // The app's code is the default: its form is left unnamed in every URL.
    expect(linkTarget(first, "Use a recovery code")).toBe(
      "/two-factor?method=recovery&callbackUrl=%2Fsettings",
    );
    expect(linkTarget(first, "E-mail me a code")).toBe("/two-factor?method=email&callbackUrl=%2Fsettings");

    const recovery = await pageText(config, jar, linkTarget(first, "Use a recovery code"));
    expect(recovery).toContain(RECOVERY_FIELD);
    expect(recovery).not.toContain(APP_CODE_FIELD);
    expect(linkTarget(recovery, "Use your authenticator app")).toBe("/two-factor?callbackUrl=%2Fsettings");

    const byMail = await pageText(config, jar, linkTarget(first, "E-mail me a code"));
    expect(byMail).not.toContain(RECOVERY_FIELD);
    expect(linkTarget(byMail, "Use your authenticator app")).toBe("/two-factor?callbackUrl=%2Fsettings");
    const back = await pageText(config, jar, linkTarget(recovery, "Use your authenticator app"));
    expect(back).toContain(APP_CODE_FIELD);

    // An empty callbackUrl (a form's blank field) is carried nowhere.
    const blank = await pageText(config, jar, "/two-factor?callbackUrl=");
    expect(postForms(blank)[0]?.target).toBe("/two-factor");
    expect(linkTarget(blank, "Use a recovery code")).toBe("/two-factor?method=recovery");
  });

  it("is the second step of a pending sign-in (Verify, a way to start again at the sign-in page), and a step-up for a signed-in user (Confirm, nothing to start again)", async () => {
    const { config, secret } = await enrolledApp({ methods: ["totp"] });
    const { jar } = await signInWithCredentials(config);
    const pending = await pageText(config, jar, "/two-factor");
    expect(pending).toContain("Your account has two-factor authentication.");
    expect(pending).toContain(">Verify</button>");
    expect(linkTarget(pending, "Start again")).toBe("/signin");

    const stepUp = await pageText(config, await signedInAlice(config, secret), "/two-factor");
    expect(stepUp).toContain("Confirm it is you before you change your security settings.");
    expect(stepUp).toContain(">Confirm</button>");
    expect(stepUp).not.toContain("Start again");
  });

  it("offers no method the app leaves out, though its provider is there for signing in", async () => {
    const app = await twoFactorApp({
      providers: [aliceCredentials(), Passkey(), Email({ otp: true, sendVerificationRequest: () => {} })],
      twoFactor: { methods: ["totp"] },
    });
    await enrolAlice(app.config);
    nextStep();
    const { jar } = await signInWithCredentials(app.config);
    for (const path of ["/two-factor", "/two-factor?method=email"]) {
      const page = await pageText(app.config, jar, path);
      expect(page, path).toContain(APP_CODE_FIELD);
      expect(page, path).not.toContain("Use a passkey");
      expect(page, path).not.toContain("E-mail me a code");
    }
  });

  it("offers a mailed code to no user without an address, who cannot ask for one either", async () => {
    const app = await twoFactorApp({
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) =>
            username === "dan" && password === "dan's password" ? { id: "user-dan", name: "Dan" } : null,
        }),
        Email({ otp: true, sendVerificationRequest: () => {} }),
      ],
      twoFactor: { methods: ["totp", "email"] },
    });
    // Stored without an address, as a user of a provider that shares none (the schema's email is optional).
    const dan = { id: "user-dan", name: "Dan", email: null, emailVerified: null };
    await app.adapter.createUser?.(dan as unknown as AdapterUser);
    const fields = { username: "dan", password: "dan's password" };
    const signedIn = (await signInWithCredentials(app.config, fields)).jar;
    const enrolment = await enrollTotp(requestWith(signedIn), app.config);
    expect(
      await confirmTotp(requestWith(signedIn), app.config, codeAt(enrolment.secret, Date.now())),
    ).not.toBeNull();
    nextStep();

    const { response, jar } = await signInWithCredentials(app.config, fields);
    expect(locationOf(response).pathname).toBe("/auth/two-factor");
    const page = await pageText(app.config, jar, "/two-factor");
    expect(page).toContain(APP_CODE_FIELD);
    expect(page).not.toContain("E-mail me a code");
    const csrfToken = postForms(page)[0]?.hidden.csrfToken as string;
    const asked = await send(app.config, "/two-factor-email", { cookie: jar, form: { csrfToken } });
    expect(asked.status).toBe(400);
    expect(await asked.json()).toEqual({
      error: "InvalidRequest",
      message: "This account cannot receive a second-factor code by e-mail.",
    });
  });

  it("offers to trust this device at a sign-in in an app that offers it, never at a step-up nor where the app does not", async () => {
    const trusting = await enrolledApp({ methods: ["totp"], trustDevice: { maxAge: 30 } });
    const { jar } = await signInWithCredentials(trusting.config);
    expect(await pageText(trusting.config, jar, "/two-factor")).toContain("Trust this device");
    const stepUp = await signedInAlice(trusting.config, trusting.secret);
    expect(await pageText(trusting.config, stepUp, "/two-factor")).not.toContain("Trust this device");

    const plain = await enrolledApp({ methods: ["totp"] });
    const pending = (await signInWithCredentials(plain.config)).jar;
    expect(await pageText(plain.config, pending, "/two-factor")).not.toContain("Trust this device");
  });
});

describe("a refused code", () => {
  it("lands on the same form, saying what to do about that kind of code: the app's, or a recovery code", async () => {
    const { config, secret, recoveryCodes } = await enrolledApp({ methods: ["totp"] });
    const { jar } = await signInWithCredentials(config);
    const good = codeAt(secret, Date.now());
    const wrongCode = await postCode(config, jar, good === "000000" ? "111111" : "000000");
    expect(locationOf(wrongCode).href).toBe("https://app.test/auth/two-factor?error=InvalidTwoFactorCode");
    const appPage = await send(config, "/two-factor?error=InvalidTwoFactorCode", { cookie: jar });
    expect(appPage.status).toBe(401);
    const appText = await appPage.text();
    expect(appText).toContain(APP_CODE_FIELD);
    expect(appText).toContain("Check the time on your phone");

    // A spent recovery code: this one signs in first, in another browser.
    const [spent] = recoveryCodes as [string];
    const other = (await signInWithCredentials(config)).jar;
    expect((await postCode(config, other, spent, { method: "recovery" })).status).toBe(200);
    const wrongRecovery = await postCode(config, jar, spent, { method: "recovery" });
    expect(locationOf(wrongRecovery).href).toBe(
      "https://app.test/auth/two-factor?method=recovery&error=InvalidTwoFactorCode",
    );
    const recoveryText = await pageText(
      config,
      jar,
      "/two-factor?method=recovery&error=InvalidTwoFactorCode",
    );
    expect(recoveryText).toContain(RECOVERY_FIELD);
    expect(recoveryText).toContain("That recovery code did not work. Each recovery code works once");
    expect(recoveryText).not.toContain("Check the time on your phone");
  });

  it("on the setup page says so beside the code field, and the right code still turns two-factor on", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], required: "always" } });
    const { jar } = await signInWithCredentials(config);
    const page = await pageText(config, jar, "/two-factor-setup");
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(page)?.[1]?.replace(/ /g, "") as string;
    const [form] = postForms(page);
    const good = codeAt(secret, Date.now());
    const confirm = (code: string) =>
      send(config, form?.target as string, { cookie: jar, form: { ...form?.hidden, code } });
    const refused = await confirm(good === "000000" ? "111111" : "000000");
    expect(locationOf(refused).href).toBe(
      "https://app.test/auth/two-factor-setup?error=InvalidTwoFactorCode",
    );
    const again = await send(config, "/two-factor-setup?error=InvalidTwoFactorCode", { cookie: jar });
    expect(again.status).toBe(401);
    const text = await again.text();
    expect(text).toContain('role="alert"');
    expect(text).toContain("Check the time on your phone");
    expect((await confirm(good)).status).toBe(200);
  });
});
