/**
 * The example app's two-factor walk in Chromium, on an example of its own (its own database, so
 * the demo user's enrolment does not change the other example tests): the demo user enrols an
 * authenticator app on latchkey's QR page (reading the secret shown for manual entry; codes from
 * the `otpauth` package, never latchkey's), sees the recovery codes once, signs out, signs in with
 * the password and then a code, adds a passkey, signs in with the password and then the passkey,
 * gets new recovery codes and turns two-factor authentication off from the settings page. Then a
 * step-up: ten minutes after enrolling (the server's clock moved on, not the wall clock), new
 * recovery codes first ask for the code again; a wrong one changes nothing, the right one returns
 * to the settings page, and the change then goes through without asking again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { DEMO_USER, type RunningExample, startExample } from "../../examples/app/app.js";
import {
  addVirtualAuthenticator,
  type Browser,
  launchChromium,
  watchPageProblems,
} from "../e2e/support/chromium.js";
import { awayFromStepEnd } from "../support/totp-step-edge.js";

let example: RunningExample;
let chromium: Browser;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "latchkey-example-2fa-"));
  [example, chromium] = await Promise.all([
    startExample({
      port: 0,
      opPort: 0,
      databaseFile: join(directory, "example.db"),
      // Both walks post codes for the one demo user within 15 minutes: more than the default 5.
      rateLimit: { rules: { secondFactor: { perAccount: 20 } } },
    }),
    launchChromium(),
  ]);
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await chromium?.close();
  await example?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A code from the authenticator app (otpauth), `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** A code the authenticator app does not show now: the current one with its first digit changed. */
const wrongCodeFor = (secret: string) => {
  const code = codeFor(secret);
  return `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
};

async function passwordOnHomePage(page: Page): Promise<void> {
  await page.goto(`${example.url}/`);
  await page.getByLabel("Password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in with the password" }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${example.url}/`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByText("Not signed in").waitFor();
}

it("enrols on the QR page, then signs in with the password and a code, and with the password and a passkey", {
  timeout: 90_000,
}, async () => {
  const page = await chromium.context.newPage();
  const problems = watchPageProblems(page);
  await addVirtualAuthenticator(page);
  await passwordOnHomePage(page);
  await page.getByText("Signed in as Demo User").waitFor();

  // Enrolment: the settings page links to latchkey's QR page.
  await page.getByRole("link", { name: "Two-factor authentication" }).click();
  await page.getByText("Two-factor authentication is off").waitFor();
  await page.getByRole("link", { name: "Set up an authenticator app" }).click();
  await page.getByRole("heading", { name: "Set up two-factor authentication" }).waitFor();
  expect(await page.locator('[role="img"] svg').count()).toBe(1);
  const secret = ((await page.locator("code").first().textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The previous step's code (accepted, ±1 step), so the sign-in below can use the current one;
  // typed early enough in the step that it is not two steps old when the server checks it.
  await awayFromStepEnd();
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret, -1));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
  expect(await page.locator("ul.recovery-codes li").count()).toBe(10);
  await page.goto(`${example.url}/account/security`);
  await page.getByText("Two-factor authentication is on").waitFor();
  expect(await page.locator("#recovery-codes-left").textContent()).toBe("10");
  await signOut(page);

  // The password alone leads to latchkey's challenge page; the code signs in.
  await passwordOnHomePage(page);
  await page.waitForURL(`${example.url}/auth/two-factor`);
  expect(await page.getByLabel("Code from your authenticator app").getAttribute("autocomplete")).toBe(
    "one-time-code",
  );
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByText("Signed in as Demo User").waitFor();

  // New recovery codes: the code was proven just now, so no step-up is needed.
  await page.goto(`${example.url}/account/security`);
  await page.getByRole("button", { name: "New recovery codes" }).click();
  await page.getByText("Your new recovery codes").waitFor();
  expect(await page.locator("ul.recovery-codes li").count()).toBe(10);

  // A passkey, added while signed in (no second challenge for the session's own user).
  await page.goto(`${example.url}/account/passkeys`);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect.poll(() => page.locator("li[data-passkey]").count()).toBe(1);
  await signOut(page);

  // The password, then "Use a passkey" on the challenge page.
  await passwordOnHomePage(page);
  await page.waitForURL(`${example.url}/auth/two-factor`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await page.getByText("Signed in as Demo User").waitFor();
  const session = (await (await page.request.get(`${example.url}/auth/session`)).json()) as {
    user?: { email?: string };
  };
  expect(session.user?.email).toBe(DEMO_USER.email);

  // Turning it off (the passkey was a second factor just now).
  await page.goto(`${example.url}/account/security`);
  await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await page.getByText("Two-factor authentication is off").waitFor();
  expect(problems).toEqual([]);
  await page.close();
});

it("steps up a stale session: new recovery codes ask for the code again, refuse a wrong one, then go through", {
  timeout: 60_000,
}, async () => {
  // A browser with no session of its own (the walk above may have left one) and two-factor off.
  await chromium.context.clearCookies();
  const page = await chromium.context.newPage();
  const problems = watchPageProblems(page);
  await passwordOnHomePage(page);
  await page.getByText("Signed in as Demo User").waitFor();
  await page.goto(`${example.url}/auth/two-factor-setup?callbackUrl=%2Faccount%2Fsecurity`);
  const secret = ((await page.locator("code").first().textContent()) ?? "").replace(/\s/g, "");
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
  await page.getByRole("link", { name: "Continue" }).click();
  await page.waitForURL(`${example.url}/account/security`);

  // Ten minutes later on the server's clock (its `Date`; Chromium and the timers keep real time):
  // the code proven at enrolment is now older than the app's 5 minutes.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000, shouldAdvanceTime: true });
  const stepUpPage = `${example.url}/auth/two-factor?callbackUrl=%2Faccount%2Fsecurity`;
  const askForNewCodes = async () => {
    await page.goto(`${example.url}/account/security`);
    await page.getByRole("button", { name: "New recovery codes" }).click();
  };
  await askForNewCodes();
  await page.waitForURL(stepUpPage);
  await page.getByText("Confirm it is you before you change your security settings.").waitFor();

  // A wrong code: refused on the same page, and the session is as stale as before.
  await page.getByLabel("Code from your authenticator app").fill(wrongCodeFor(secret));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByRole("alert").getByText("That code did not work.").waitFor();
  expect(new URL(page.url()).searchParams.get("error")).toBe("InvalidTwoFactorCode");
  await askForNewCodes();
  await page.waitForURL(stepUpPage);

  // Wrong again, then the right code on the page that refused it: back to the settings page.
  await page.getByLabel("Code from your authenticator app").fill(wrongCodeFor(secret));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByRole("alert").waitFor();
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.waitForURL(`${example.url}/account/security`);

  // Just proven: the change goes through without asking, and again right after.
  for (let round = 0; round < 2; round++) {
    await page.getByRole("button", { name: "New recovery codes" }).click();
    await page.getByText("Your new recovery codes").waitFor();
    expect(page.url()).toBe(`${example.url}/account/security/regenerate`);
    expect(await page.locator("ul.recovery-codes li").count()).toBe(10);
  }
  await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await page.getByText("Two-factor authentication is off").waitFor();
  expect(problems).toEqual([]);
  await page.close();
});
