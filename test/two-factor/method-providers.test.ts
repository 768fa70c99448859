/**
 * The provider a second factor leans on is checked at startup; a provider object the site edits
 * out of its role afterwards fails the method's routes with a configuration error that names the
 * second factor, logged, and proves nothing.
 */
import { expect, it, vi } from "vitest";
import type { EmailConfig, WebAuthnConfig } from "../../src/provider-types.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import {
  aliceCredentials,
  getCsrf,
  locationOf,
  recordingLogger,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import { enrolAlice, freezeDateAtStart, postCode, setsSession, twoFactorApp } from "./harness.js";

freezeDateAtStart();

it("an e-mail provider that stops sending codes after startup: the mailed code's route names the method", async () => {
  const log = recordingLogger();
  // `Auth` works on a copy of each e-mail provider; the mailer is handed that copy, and edits it.
  const mailer = Email({
    otp: true,
    sendVerificationRequest: ({ provider }) => {
      (provider as EmailConfig).otp = false;
    },
  });
  const { config } = await twoFactorApp({
    providers: [aliceCredentials(), mailer],
    twoFactor: { methods: ["totp", "email"] },
    logger: log.logger,
  });
  await enrolAlice(config);
  vi.setSystemTime(Date.now() + 30_000);
  const { jar } = await signInWithCredentials(config);
  const sendCode = async () => {
    const { token } = await getCsrf(config, { cookie: jar });
    return send(config, "/two-factor-email", { cookie: jar, form: { csrfToken: token } });
  };
  expect(locationOf(await sendCode()).searchParams.get("sent")).toBe("1");
  expect(log.text()).toBe("");

  expect(locationOf(await sendCode()).searchParams.get("error")).toBe("Configuration");
  expect(log.text()).toContain('The "email" second factor has no provider.');
});

it("a passkey provider edited into another type after startup: its options and its proof name the method", async () => {
  const log = recordingLogger();
  const passkey = Passkey() as WebAuthnConfig;
  const { config } = await twoFactorApp({
    providers: [aliceCredentials(), passkey],
    twoFactor: { methods: ["totp", "passkey"] },
    logger: log.logger,
  });
  await enrolAlice(config);
  vi.setSystemTime(Date.now() + 30_000);
  const { jar } = await signInWithCredentials(config);
  (passkey as { type: string }).type = "oidc";

  const options = await send(config, "/two-factor-passkey", { cookie: jar });
  expect(options.status).toBe(500);
  expect(log.text()).toContain('The "passkey" second factor has no provider.');

  log.errors.length = 0;
  const proof = await postCode(config, jar, "", { method: "passkey", data: "{}" });
  expect(setsSession(proof)).toBe(false);
  expect(log.text()).toContain('The "passkey" second factor has no provider.');
});
