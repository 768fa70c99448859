/**
 * `latchkey/client`'s two-factor helpers in Chromium against the real handler over HTTP: a user
 * enrols an authenticator app on the handler's enrolment page (codes from `otpauth`, not
 * latchkey's), then signs in with a password and each second factor: a code, a recovery code, a
 * passkey (a virtual authenticator).
 */
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addVirtualAuthenticator,
  type Browser,
  launchChromium,
  watchPageProblems,
} from "../e2e/support/chromium.js";
import { awayFromStepEnd } from "../support/totp-step-edge.js";
import { type ClientApp, PASSWORD, startClientApp } from "./app/server.js";

let browser: Browser;
let app: ClientApp;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startClientApp()]);
  // A stored user: two-factor records and passkeys belong to one.
  await app.adapter.createUser?.({
    id: "user-dora",
    name: "dora",
    email: "dora@example.test",
    emailVerified: null,
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const codeFor = (secret: string, offsetSteps: number) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const signInWithPassword = (page: Page) =>
  page.evaluate(
    (password) => window.latchkey.signIn("credentials", { username: "dora", password, redirect: false }),
    PASSWORD,
  );

it("signIn reports twoFactorRequired with the methods; a code, a recovery code and a passkey each complete the sign-in", async () => {
  const page = await browser.context.newPage();
  const problems = watchPageProblems(page);
  await page.goto(`${app.origin}/`);
  await page.waitForFunction(() => window.latchkey !== undefined);
  expect(await signInWithPassword(page)).toMatchObject({ ok: true });

  // Enrolment on the handler's own page: the secret shown for manual entry, confirmed with a code
  // of the previous time step, so the sign-in below can use the current one (each step works once).
  const setup = await (await page.request.get(`${app.origin}/api/auth/two-factor-setup`)).text();
  const secret = (/<code>([A-Z2-7 ]+)<\/code>/.exec(setup)?.[1] ?? "").replace(/ /g, "");
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(setup)?.[1] as string;
  expect(secret, setup.slice(0, 3000)).toMatch(/^[A-Z2-7]{32}$/);
  await awayFromStepEnd();
  const confirmed = await page.request.post(`${app.origin}/api/auth/two-factor-setup`, {
    form: { csrfToken, code: codeFor(secret, -1) },
  });
  const recoveryCodes = [...(await confirmed.text()).matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map(
    (m) => m[1],
  );
  expect(recoveryCodes).toHaveLength(10);

  // A passkey too, while signed in.
  await addVirtualAuthenticator(page);
  expect(await page.evaluate(() => window.latchkey.registerPasskey({ redirect: false }))).toMatchObject({
    ok: true,
  });
  await page.evaluate(() => window.latchkey.signOut({ redirect: false }));

  // 1. A code from the app.
  const held = await signInWithPassword(page);
  expect(held).toMatchObject({ ok: false, error: undefined, twoFactorRequired: true });
  expect(held.methods).toEqual(["totp", "passkey", "recovery"]);
  expect(new URL(held.url as string).pathname).toBe("/api/auth/two-factor");
  expect(await page.evaluate(() => window.latchkey.getSession())).toBeNull();
  const wrong = await page.evaluate(() => window.latchkey.submitTwoFactorCode("000000", { redirect: false }));
  expect(wrong).toMatchObject({ ok: false, error: "InvalidTwoFactorCode" });
  const right = await page.evaluate(
    (code) => window.latchkey.submitTwoFactorCode(code, { redirect: false }),
    codeFor(secret, 0),
  );
  expect(right).toMatchObject({ ok: true, error: undefined });
  expect((await page.evaluate(() => window.latchkey.getSession()))?.user?.name).toBe("dora");
  await page.evaluate(() => window.latchkey.signOut({ redirect: false }));

  // 2. A recovery code: the answer says how many are left.
  await signInWithPassword(page);
  const recovered = await page.evaluate(
    (code) => window.latchkey.submitRecoveryCode(code, { redirect: false }),
    recoveryCodes[0] as string,
  );
  expect(recovered).toMatchObject({ ok: true, recoveryCodesRemaining: 9 });
  await page.evaluate(() => window.latchkey.signOut({ redirect: false }));

  // 3. The passkey as the second factor.
  await signInWithPassword(page);
  const byPasskey = await page.evaluate(() =>
    window.latchkey.verifyTwoFactorWithPasskey({ redirect: false }),
  );
  expect(byPasskey).toMatchObject({ ok: true });
  expect((await page.evaluate(() => window.latchkey.getSession()))?.user?.name).toBe("dora");
  expect(problems).toEqual([]);
  await page.close();
});
