/**
 * The `twoFactor` option as `Auth()` and the two-factor server functions read it: a value that
 * makes no sense stops the app at its first request with a message that says what to write
 * instead; each bound the docs give (30 to 86400 seconds, 1 to 400 days) is accepted and applied;
 * and the option is read once, so the handler and the server functions act on the same settings.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { type AuthConfig, InvalidConfig, twoFactorStatus } from "../../src/index.js";
import { makeConfig, parseSetCookie, recordingLogger, send, signInWithCredentials } from "../core/helpers.js";
import {
  codeAt,
  enrolAlice,
  freezeDateAtStart,
  nextStep,
  PENDING_COOKIE,
  postCode,
  requestWith,
  setsSession,
  twoFactorApp,
} from "./harness.js";

freezeDateAtStart();

describe("a twoFactor option that makes no sense", () => {
  /** Everything the handler logged when its first request met `twoFactor`, after checking it refused. */
  async function startupError(twoFactor: unknown): Promise<string> {
    const logs = recordingLogger();
    const config = makeConfig({
      adapter: MemoryAdapter(),
      logger: logs.logger,
      twoFactor: twoFactor as AuthConfig["twoFactor"],
    });
    const response = await send(config, "/session");
    expect(response.status).toBe(500);
    expect(logs.errors.map((error) => error.name)).toEqual(["InvalidConfig"]);
    return logs.text();
  }

  it.each([true, "totp", 1])("refuses twoFactor: %j, showing the object to write", async (twoFactor) => {
    expect(await startupError(twoFactor)).toContain(
      'twoFactor must be an object, e.g. twoFactor: { methods: ["totp"] }.',
    );
  });

  it("refuses twoFactor: null in a server function, which has no settings to act on", async () => {
    const config = makeConfig({
      adapter: MemoryAdapter(),
      twoFactor: null as unknown as AuthConfig["twoFactor"],
    });
    const status = twoFactorStatus(new Request("https://app.test/settings"), config);
    await expect(status).rejects.toThrow(InvalidConfig);
    await expect(status).rejects.toThrow(
      'twoFactor must be an object, e.g. twoFactor: { methods: ["totp"] }.',
    );
  });

  it("refuses a server function's call when the config has no twoFactor, showing the option to add", async () => {
    const config = makeConfig({ adapter: MemoryAdapter() });
    const status = twoFactorStatus(new Request("https://app.test/settings"), config);
    await expect(status).rejects.toThrow(InvalidConfig);
    await expect(status).rejects.toThrow(
      'Two-factor functions need `twoFactor` in the config, e.g. twoFactor: { methods: ["totp"] }.',
    );
  });

  it.each([{}, { methods: [] }, { methods: "totp" }, { methods: null }])(
    "refuses %j, asking for the list of second factors",
    async (twoFactor) => {
      expect(await startupError(twoFactor)).toContain(
        'twoFactor.methods must list the second factors offered, e.g. methods: ["totp"].',
      );
    },
  );

  it("refuses a method it does not know (an SMS code is not offered), naming the methods there are", async () => {
    expect(await startupError({ methods: ["totp", "sms"] })).toContain(
      'twoFactor.methods: unknown method "sms"; the methods are "totp", "passkey" and "email".',
    );
  });

  it("refuses a required that is neither a policy name nor a function", async () => {
    expect(await startupError({ methods: ["totp"], required: "sometimes" })).toContain(
      'twoFactor.required must be "always", "enrolled" or a function of the user (got "sometimes").',
    );
  });

  it.each(["", "   ", "Acme:Corp", 42])(
    "refuses issuer %j: authenticator apps show it, and the otpauth:// label reserves the colon",
    async (issuer) => {
      expect(await startupError({ methods: ["totp"], issuer })).toContain(
        "twoFactor.issuer must be a non-empty name without a colon (authenticator apps show it; the otpauth:// label reserves the colon).",
      );
    },
  );

  it.each([
    ["pendingMaxAge", 29, "29"],
    ["pendingMaxAge", 86_401, "86401"],
    ["pendingMaxAge", 60.5, "60.5"],
    ["recentAuthMaxAge", 29, "29"],
    ["recentAuthMaxAge", 86_401, "86401"],
    ["recentAuthMaxAge", "300", "300"],
  ])("refuses %s = %j, naming the bounds and the default", async (name, value, shown) => {
    expect(await startupError({ methods: ["totp"], [name]: value })).toContain(
      `twoFactor.${name} must be a whole number of seconds from 30 to 86400 (got ${shown}); the default is 300.`,
    );
  });

  it.each([
    ["maxAge: 0", { maxAge: 0 }, "0"],
    ["maxAge: 401", { maxAge: 401 }, "401"],
    ["a number of days without the object", 30, "undefined"],
    ["null", null, "undefined"],
    // Only an options object is read: a function that happens to carry `maxAge` is not one.
    ["a function", Object.assign(() => true, { maxAge: 30 }), "undefined"],
  ])("refuses trustDevice as %s, showing the object to write", async (_, trustDevice, shown) => {
    expect(await startupError({ methods: ["totp"], trustDevice })).toContain(
      `twoFactor.trustDevice.maxAge must be a whole number of days from 1 to 400 (got ${shown}), e.g. trustDevice: { maxAge: 30 }.`,
    );
  });
});

describe("the bounds the docs give are accepted and applied", () => {
  it.each([30, 86_400])(
    "pendingMaxAge: %i is how long the browser keeps the sign-in waiting for its second factor",
    async (pendingMaxAge) => {
      const { config } = await twoFactorApp({
        twoFactor: { methods: ["totp"], required: "always", pendingMaxAge },
      });
      const { response } = await signInWithCredentials(config);
      const pending = response.headers
        .getSetCookie()
        .map(parseSetCookie)
        .find((cookie) => cookie.name.startsWith(PENDING_COOKIE));
      expect(pending?.attributes.get("max-age")).toBe(String(pendingMaxAge));
    },
  );

  it.each([30, 86_400])("recentAuthMaxAge: %i is accepted", async (recentAuthMaxAge) => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], recentAuthMaxAge } });
    // Enrolment needs a sign-in within recentAuthMaxAge: the setting is in force.
    await enrolAlice(config);
  });

  it.each([
    [1, 86_400],
    [400, 34_560_000],
  ])("trustDevice: { maxAge: %i } days trusts the browser for %i seconds", async (maxAge, seconds) => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"], trustDevice: { maxAge } } });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    const response = await postCode(config, jar, codeAt(secret, Date.now()), { trustDevice: "on" });
    expect(setsSession(response)).toBe(true);
    const trusted = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((cookie) => cookie.name.startsWith("__Secure-latchkey.trusted-device."));
    expect(trusted?.attributes.get("max-age")).toBe(String(seconds));
  });
});

describe("the option is read once", () => {
  it("twoFactorStatus reports the methods first read, not a change the handler never took up", async () => {
    const { config } = await twoFactorApp({ twoFactor: { methods: ["totp"] } });
    const { jar } = await signInWithCredentials(config);
    expect((await twoFactorStatus(requestWith(jar), config))?.methods).toEqual(["totp"]);
    (config.twoFactor as { methods: string[] }).methods = ["totp", "email"];
    expect((await twoFactorStatus(requestWith(jar), config))?.methods).toEqual(["totp"]);
  });
});
