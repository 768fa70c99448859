/**
 * The second-factor code by e-mail, as it leaves latchkey: nodemailer delivers it to a real SMTP
 * server on 127.0.0.1, and what the mail says, what an app's own mailer is handed, and what a
 * failed delivery leaves behind are read from there. TOTP codes come from otpauth.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import type { EmailVerificationRequest } from "../../src/provider-types.js";
import Email from "../../src/providers/email.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { MemoryStore } from "../../src/store/memory.js";
import {
  aliceCredentials,
  type CookieJar,
  getCsrf,
  locationOf,
  recordingLogger,
  send,
  signInWithCredentials,
} from "../core/helpers.js";
import { type SmtpSink, startSmtpSink } from "../e2e/smtp-sink.js";
import { enrolAlice, freezeDateAtStart, nextStep, postCode, setsSession, twoFactorApp } from "./harness.js";

freezeDateAtStart();
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(() => {
  sink.reset();
});

/** An app offering the mailed code, Alice enrolled (her authenticator app on), and its log. */
async function emailCodeApp(mailer: AuthConfig["providers"][number], overrides: Partial<AuthConfig> = {}) {
  const log = recordingLogger();
  const app = await twoFactorApp({
    providers: [aliceCredentials(), mailer],
    twoFactor: { methods: ["totp", "email"], pendingMaxAge: 900 },
    logger: log.logger,
    ...overrides,
  });
  await enrolAlice(app.config);
  nextStep();
  return { ...app, log };
}

const smtpMailer = (port: number) =>
  Nodemailer({
    otp: true,
    server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true },
    from: "latchkey tests <no-reply@app.test>",
  });

/** Alice's password, then "E-mail me a code" on the challenge: the send route's answer. */
async function passwordThenSendCode(config: AuthConfig): Promise<{ jar: CookieJar; sent: Response }> {
  const { jar } = await signInWithCredentials(config);
  const { token } = await getCsrf(config, { cookie: jar });
  const sent = await send(config, "/two-factor-email", { cookie: jar, form: { csrfToken: token } });
  jar.apply(sent);
  return { jar, sent };
}

describe("a second-factor code by e-mail", () => {
  it("the mail says the code lasts as long as the pending sign-in, and that code signs in", async () => {
    const { config } = await emailCodeApp(smtpMailer(sink.port));
    const { jar, sent } = await passwordThenSendCode(config);
    expect(locationOf(sent).searchParams.get("sent")).toBe("1");
    const mail = await sink.nextMessage();
    expect(mail.recipients).toEqual(["alice@example.test"]);
    // pendingMaxAge is 900 seconds.
    expect(mail.text).toContain("The code works once, for 15 minutes.");
    const code = /^\d{6}$/m.exec(mail.text)?.[0] as string;
    const response = await postCode(config, jar, code, { method: "email" });
    expect(setsSession(response)).toBe(true);
  });

  it("an app's own mailer is handed the code, the challenge page and the expiry, and no link token to build a sign-in link from", async () => {
    const requests: EmailVerificationRequest[] = [];
    const { config } = await emailCodeApp(
      Email({ otp: true, sendVerificationRequest: (request) => void requests.push(request) }),
    );
    await passwordThenSendCode(config);
    expect(requests).toHaveLength(1);
    const [request] = requests as [EmailVerificationRequest];
    expect(request).toMatchObject({ identifier: "alice@example.test", token: "", purpose: "secondFactor" });
    expect(request.code).toMatch(/^\d{6}$/);
    expect(new URL(request.url).pathname).toBe("/auth/two-factor");
    expect(request.expires.getTime()).toBe(Date.now() + 900_000);
  });

  it("a delivery the SMTP server never takes fails the send, naming the provider and the reason", async () => {
    // A port that was just free: nothing listens there.
    const closed = await startSmtpSink();
    const port = closed.port;
    await closed.close();
    const { config, log } = await emailCodeApp(smtpMailer(port));
    const { sent } = await passwordThenSendCode(config);
    expect(locationOf(sent).searchParams.get("sent")).toBeNull();
    expect(locationOf(sent).searchParams.get("error")).not.toBeNull();
    const failure = log.errors.find((error) => error.name === "EmailSignInError");
    expect(failure?.message).toMatch(
      /^sendVerificationRequest of provider "nodemailer" failed for a second-factor code\. .*ECONNREFUSED/,
    );
    expect(failure?.cause).toBeInstanceOf(Error);
  });

  it("attack: a code whose mail failed is void: a mailer that throws after seeing it leaves nothing to sign in with", async () => {
    const codes: string[] = [];
    const thrown = { reason: "the mail queue is full" };
    const { config, log } = await emailCodeApp(
      Email({
        otp: true,
        sendVerificationRequest: ({ code }) => {
          codes.push(code as string);
          throw thrown;
        },
      }),
    );
    const { jar, sent } = await passwordThenSendCode(config);
    expect(locationOf(sent).searchParams.get("sent")).toBeNull();
    const failure = log.errors.find((error) => error.name === "EmailSignInError");
    // A thrown value that is no Error has no message to add.
    expect(failure?.message).toMatch(
      /^sendVerificationRequest of provider "email" failed for a second-factor code\.( \(see [^)]+\))?$/,
    );
    expect(failure?.cause).toBe(thrown);

    const response = await postCode(config, jar, codes[0] as string, { method: "email" });
    expect(setsSession(response)).toBe(false);
    expect(locationOf(response).searchParams.get("error")).toBe("InvalidTwoFactorCode");
  });

  it("a code the store refuses to keep is logged naming it", async () => {
    class Refusing extends MemoryStore {
      override async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
        return key.startsWith("2fa-email:") ? false : super.setIfAbsent(key, value, ttlMs);
      }
    }
    const { config, log } = await emailCodeApp(smtpMailer(sink.port), { store: new Refusing() });
    await passwordThenSendCode(config);
    expect(log.text()).toContain("Could not store a second-factor code: the store kept refusing the write.");
    expect(sink.messages).toEqual([]);
  });
});
