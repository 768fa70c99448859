/**
 * Forged, bent and replayed WebAuthn responses, posted through `Auth()` as an attacker would: each
 * must end in a clear error, and none may write a user, an account, an authenticator, a counter or
 * a session.
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import type { AdapterAccount } from "../../../src/adapters/types.js";
import { getCsrf, send } from "../../core/helpers.js";
import {
  assertionFor,
  CHALLENGE_COOKIE,
  CookieJar,
  ceremonyOptions,
  errorOf,
  type PasskeyApp,
  passkeyApp,
  postCeremony,
  registerNewUser,
  registrationFor,
  sessionOf,
  signInWithPasskey,
  snapshot,
} from "./harness.js";
import { type Bend, b64url, FLAG_UP, FLAG_UV } from "./soft-authenticator.js";

/** An app with one registered passkey, signed out again. */
async function registered(options: Parameters<typeof passkeyApp>[0] = {}): Promise<PasskeyApp> {
  const app = passkeyApp(options);
  await registerNewUser(app);
  return app;
}

/** Posts a bent assertion from a fresh browser and expects `error`, with nothing written. */
async function expectRefusedAssertion(app: PasskeyApp, bend: Bend, error = "WebAuthnVerificationError") {
  const before = snapshot(app.tables);
  const { response, jar } = await signInWithPasskey(app, new CookieJar(), bend);
  expect(errorOf(response)).toBe(error);
  expect(snapshot(app.tables)).toBe(before);
  expect(await sessionOf(app, jar)).toBeNull();
}

/** Posts a bent registration for a new user and expects `error`, with nothing written. */
async function expectRefusedRegistration(app: PasskeyApp, bend: Bend, error = "WebAuthnVerificationError") {
  const before = snapshot(app.tables);
  const jar = new CookieJar();
  const data = await registrationFor(app, jar, "?action=register&email=eve@example.test", bend);
  const response = await postCeremony(app, jar, { action: "register", data });
  expect(errorOf(response)).toBe(error);
  expect(snapshot(app.tables)).toBe(before);
  expect(await sessionOf(app, jar)).toBeNull();
}

describe("a WebAuthn assertion is refused, and nothing is written, when", () => {
  it("it was made on another origin", async () => {
    const app = await registered();
    await expectRefusedAssertion(app, { origin: "https://evil.test" });
    expect(app.refusals.at(-1)).toMatch(
      /^WebAuthnVerificationError: The passkey's assertion did not verify: .*origin "https:\/\/evil.test"/,
    );
  });

  it("with debug: true, the verifier's own error reaches logger.debug as the cause, and only then", async () => {
    for (const debug of [true, false]) {
      const app = await registered({ config: { debug } });
      await expectRefusedAssertion(app, { origin: "https://evil.test" });
      const causes = app.log.debugs.filter(
        ({ message }) => message === "WebAuthnVerificationError was caused by",
      );
      expect(causes.map(({ metadata }) => (metadata as Error).message)).toEqual(
        debug ? [expect.stringContaining('origin "https://evil.test"')] : [],
      );
    }
  });

  it("its authenticator data hashes another RP ID", async () => {
    await expectRefusedAssertion(await registered(), { rpId: "evil.test" });
  });

  it("the user-present flag is clear", async () => {
    await expectRefusedAssertion(await registered(), { flags: FLAG_UV });
  });

  it("user verification is required and the UV flag is clear", async () => {
    await expectRefusedAssertion(await registered({ provider: { userVerification: "required" } }), {
      flags: FLAG_UP,
    });
  });

  it("its client data was altered after signing", async () => {
    await expectRefusedAssertion(await registered(), {
      alterClientData: (json) => json.replace('"crossOrigin":false', '"crossOrigin":false,"extra":1'),
    });
  });

  it("its authenticator data was altered after signing", async () => {
    const app = await registered();
    await expectRefusedAssertion(app, {
      alterAuthenticatorData: (bytes) => {
        const altered = Buffer.from(bytes);
        altered[36] = (altered[36] ?? 0) ^ 0x01; // the counter's last byte
        return altered;
      },
    });
    // The signature no longer matches: the verifier answers "not verified" rather than throwing.
    expect(app.refusals.at(-1)).toMatch(
      /WebAuthnVerificationError: The passkey's assertion did not verify\. \(see/,
    );
  });

  it("it signs a challenge this server never issued", async () => {
    await expectRefusedAssertion(await registered(), {
      challenge: "bm90LWlzc3VlZC1ieS11cy0wMTIzNDU2Nzg5YWJjZGVm",
    });
  });

  it("it is a registration response posted as an assertion (another ceremony type)", async () => {
    await expectRefusedAssertion(await registered(), { type: "webauthn.create" });
  });

  it("the credential is unknown", async () => {
    const app = await registered();
    // A credential this authenticator made for some other site's options: never registered here.
    app.authenticator.create({
      challenge: "c29tZXdoZXJlLWVsc2U",
      user: { id: "dXNlcg", name: "x", displayName: "" },
    } as never);
    await expectRefusedAssertion(app, {});
    expect(app.refusals.at(-1)).toMatch(/No stored passkey has this credential id/);
  });

  it("the counter went backwards (a cloned authenticator)", async () => {
    const app = await registered();
    const { response } = await signInWithPasskey(app, new CookieJar(), { counter: 7 });
    expect(errorOf(response)).toBeNull();
    await expectRefusedAssertion(app, { counter: 5 });
    expect([...app.tables.authenticators.values()][0]?.counter).toBe(7);
  });

  it("the counter stayed at a non-zero value", async () => {
    const app = await registered();
    expect(errorOf((await signInWithPasskey(app, new CookieJar(), { counter: 3 })).response)).toBeNull();
    await expectRefusedAssertion(app, { counter: 3 });
    expect(app.refusals.at(-1)).toMatch(/counter value 3 was lower than expected 3/);
  });

  it("the counter fell back to 0 after having moved (a clone that keeps none)", async () => {
    const app = await registered();
    expect(errorOf((await signInWithPasskey(app, new CookieJar(), { counter: 5 })).response)).toBeNull();
    await expectRefusedAssertion(app, { counter: 0 });
    expect([...app.tables.authenticators.values()][0]?.counter).toBe(5);
  });

  it("the passkey's account now links another user than the one the passkey was stored for", async () => {
    const app = await registered();
    const bob = await app.adapter.createUser?.({ id: "bob", email: "bob@example.test", emailVerified: null });
    const [account] = [...app.tables.accounts.values()];
    await app.adapter.unlinkAccount?.({
      provider: "passkey",
      providerAccountId: account?.providerAccountId as string,
    });
    await app.adapter.linkAccount?.({ ...(account as AdapterAccount), userId: bob?.id as string });
    await expectRefusedAssertion(app, {});
    expect(app.refusals.at(-1)).toMatch(/not linked to an account of this provider/);
  });
});

describe("the counter", () => {
  it("is stored after each sign-in", async () => {
    const app = await registered();
    for (const expected of [1, 2, 3]) {
      const { response, jar } = await signInWithPasskey(app);
      expect(errorOf(response)).toBeNull();
      expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
      expect([...app.tables.authenticators.values()][0]?.counter).toBe(expected);
    }
  });

  it("may stay at 0 for authenticators that keep none", async () => {
    const app = await registered({ counterStep: 0 });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(errorOf((await signInWithPasskey(app)).response)).toBeNull();
    }
    expect([...app.tables.authenticators.values()][0]?.counter).toBe(0);
  });
});

describe("challenges are single-use", () => {
  it("a replayed assertion (same cookie, same body) fails even when the counter stays 0", async () => {
    const app = await registered({ counterStep: 0 });
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    const captured = new CookieJar();
    for (const [name, value] of jar.cookies) captured.cookies.set(name, value);

    expect(errorOf(await postCeremony(app, jar, { action: "authenticate", data }))).toBeNull();
    const before = snapshot(app.tables);
    const replay = await postCeremony(app, captured, { action: "authenticate", data });
    expect(errorOf(replay)).toBe("WebAuthnVerificationError");
    expect(snapshot(app.tables)).toBe(before);
    expect(await sessionOf(app, captured)).toBeNull();
  });

  it("a challenge fails a second time even after the first attempt failed", async () => {
    const app = await registered();
    const jar = new CookieJar();
    const forged = await assertionFor(app, jar, { origin: "https://evil.test" });
    const captured = new CookieJar();
    for (const [name, value] of jar.cookies) captured.cookies.set(name, value);
    expect(errorOf(await postCeremony(app, jar, { action: "authenticate", data: forged }))).toBe(
      "WebAuthnVerificationError",
    );
    // An honest assertion of the same challenge, with the same cookie: the challenge is spent.
    const { challenge } = JSON.parse(Buffer.from(forged.response.clientDataJSON, "base64url").toString()) as {
      challenge: string;
    };
    const before = snapshot(app.tables);
    const honest = app.authenticator.get({ challenge, rpId: "app.test" });
    expect(errorOf(await postCeremony(app, captured, { action: "authenticate", data: honest }))).toBe(
      "WebAuthnVerificationError",
    );
    expect(snapshot(app.tables)).toBe(before);
  });

  it("a response without the challenge cookie is an InvalidCheck", async () => {
    const app = await registered();
    const data = await assertionFor(app, new CookieJar());
    const before = snapshot(app.tables);
    expect(errorOf(await postCeremony(app, new CookieJar(), { action: "authenticate", data }))).toBe(
      "InvalidCheck",
    );
    expect(snapshot(app.tables)).toBe(before);
  });

  it("a challenge cookie issued for another WebAuthn provider does not pass", async () => {
    const app = passkeyApp();
    const other = passkeyApp({ provider: { id: "other-passkey" } });
    const config = {
      ...app.config,
      providers: [...(app.config.providers ?? []), ...(other.config.providers ?? [])],
    };
    const both: PasskeyApp = { ...app, config };
    await registerNewUser(both);
    const jar = new CookieJar();
    const { options } = await ceremonyOptions(
      { ...both, providerId: "other-passkey" },
      jar,
      "?action=authenticate",
    );
    const data = app.authenticator.get(options as never);
    const before = snapshot(app.tables);
    expect(errorOf(await postCeremony(both, jar, { action: "authenticate", data }))).toBe("InvalidCheck");
    expect(snapshot(app.tables)).toBe(before);
  });
});

describe("malformed callbacks get a clear 400 and write nothing", () => {
  async function expect400(
    app: PasskeyApp,
    fields: { action: unknown; data: unknown },
    reason: RegExp,
    query = "?action=authenticate",
  ) {
    const jar = new CookieJar();
    await ceremonyOptions(app, jar, query);
    const before = snapshot(app.tables);
    const response = await postCeremony(app, jar, fields);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe("InvalidRequest");
    expect(body.message).toMatch(reason);
    expect(snapshot(app.tables)).toBe(before);
    expect(await sessionOf(app, jar)).toBeNull();
  }

  it("data that is not JSON", async () => {
    await expect400(await registered(), { action: "authenticate", data: "{not json" }, /not valid JSON/);
  });

  it("data that is JSON but not a credential", async () => {
    const app = await registered();
    await expect400(app, { action: "authenticate", data: "[1,2]" }, /`data` must be a JSON object/);
    await expect400(app, { action: "authenticate", data: "7" }, /`data` must be a JSON object/);
    await expect400(app, { action: "authenticate", data: '"abc"' }, /`data` must be a JSON object/);
    await expect400(app, { action: "authenticate", data: { id: "a b" } }, /credential id/);
    await expect400(app, { action: "authenticate", data: { id: "abc", rawId: "abd" } }, /rawId/);
    await expect400(
      app,
      { action: "authenticate", data: { id: "abc", rawId: "abc", type: "password" } },
      /public-key/,
    );
    await expect400(
      app,
      {
        action: "authenticate",
        data: { id: "abc", rawId: "abc", type: "public-key", response: { clientDataJSON: 1 } },
      },
      /clientDataJSON/,
    );
  });

  const credential = { id: "abc", rawId: "abc", type: "public-key" };
  const assertion = { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" };

  it.each<[string, Record<string, unknown>, RegExp]>([
    ["an empty credential id", { ...credential, id: "", rawId: "" }, /data.id must be the credential id/],
    [
      "a credential id longer than 1023 bytes",
      { ...credential, id: "a".repeat(1365), rawId: "a".repeat(1365) },
      /data.id must be the credential id/,
    ],
    [
      "a credential id with padding",
      { ...credential, id: "abc=", rawId: "abc=" },
      /data.id must be the credential id/,
    ],
    [
      "a response that is not an object",
      { ...credential, response: "e30" },
      /data.response must be a JSON object/,
    ],
    ["a response that is a list", { ...credential, response: [] }, /data.response must be a JSON object/],
    [
      "extension results that are not an object",
      { ...credential, clientExtensionResults: "x", response: assertion },
      /data.clientExtensionResults must be a JSON object/,
    ],
    [
      "client data with three padding characters",
      { ...credential, response: { ...assertion, clientDataJSON: "e30===" } },
      /data.response.clientDataJSON must be a base64url string/,
    ],
    [
      "client data in standard base64",
      { ...credential, response: { ...assertion, clientDataJSON: "e3+/" } },
      /data.response.clientDataJSON must be a base64url string/,
    ],
    [
      "no authenticator data",
      { ...credential, response: { ...assertion, authenticatorData: undefined } },
      /data.response.authenticatorData must be a base64url string/,
    ],
    [
      "no signature",
      { ...credential, response: { ...assertion, signature: 7 } },
      /data.response.signature must be a base64url string/,
    ],
    [
      "a user handle that is not base64url",
      { ...credential, response: { ...assertion, userHandle: "not base64" } },
      /data.response.userHandle must be a base64url string/,
    ],
    ["a response that is null", { ...credential, response: null }, /data.response must be a JSON object/],
    [
      "a user handle that is a number",
      { ...credential, response: { ...assertion, userHandle: 7 } },
      /data.response.userHandle must be a base64url string/,
    ],
  ])("an assertion with %s", async (_what, data, reason) => {
    await expect400(await registered(), { action: "authenticate", data }, reason);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "no attestation object",
      { ...credential, response: { clientDataJSON: "e30" } },
      /data.response.attestationObject must be a base64url string/,
    ],
    [
      "transports that are not a list",
      { ...credential, response: { clientDataJSON: "e30", attestationObject: "AA", transports: "usb" } },
      /data.response.transports must be a list of strings/,
    ],
    [
      "transports that are not strings",
      { ...credential, response: { clientDataJSON: "e30", attestationObject: "AA", transports: ["usb", 1] } },
      /data.response.transports must be a list of strings/,
    ],
  ])("a registration with %s", async (_what, data, reason) => {
    await expect400(passkeyApp(), { action: "register", data }, reason, "?email=ada%40example.test");
  });

  it("an action that is not a string names what was sent", async () => {
    await expect400(await registered(), { action: "", data: {} }, /not ""/);
  });

  it("data in a JSON body that is not an object", async () => {
    const app = await registered();
    for (const data of [7, true]) {
      const jar = new CookieJar();
      await ceremonyOptions(app, jar, "?action=authenticate");
      const { token } = await getCsrf(app.config, { cookie: jar });
      const response = await send(app.config, "/callback/passkey", {
        cookie: jar,
        json: { csrfToken: token, action: "authenticate", data },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /^`data` must be a JSON object/,
      );
    }
  });

  it("no data at all", async () => {
    await expect400(await registered(), { action: "authenticate", data: undefined }, /missing/);
  });

  it("an unknown action", async () => {
    await expect400(
      await registered(),
      { action: "delete-everything", data: {} },
      /"register" or "authenticate"/,
    );
    await expect400(await registered(), { action: undefined, data: {} }, /"register" or "authenticate"/);
  });

  it("an action other than the one the challenge was issued for", async () => {
    const app = await registered();
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    const before = snapshot(app.tables);
    const response = await postCeremony(app, jar, { action: "register", data });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/issued to authenticate/);
    expect(snapshot(app.tables)).toBe(before);
  });

  it("a GET to the callback, which also expires the challenge it carried", async () => {
    const app = await registered();
    const jar = new CookieJar();
    await ceremonyOptions(app, jar, "?action=authenticate");
    expect(jar.get(CHALLENGE_COOKIE)).toBeTruthy();
    const before = snapshot(app.tables);
    const response = await send(app.config, "/callback/passkey?action=authenticate&data=%7B%7D", {
      cookie: jar,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "InvalidRequest",
      message: expect.stringMatching(/never sent in a URL/),
    });
    expect(snapshot(app.tables)).toBe(before);
    // Refused before the challenge was spent: the failed callback clears it as the flow's check cookie.
    expect(jar.apply(response).get(CHALLENGE_COOKIE)).toBeUndefined();
  });
});

describe("registration is refused, and nothing is written, when", () => {
  it("the attestation comes from another origin", async () => {
    const app = passkeyApp();
    await expectRefusedRegistration(app, { origin: "https://evil.test" });
    expect(app.refusals.at(-1)).toMatch(
      /^WebAuthnVerificationError: The new passkey's attestation did not verify: .*origin "https:\/\/evil.test"/,
    );
  });

  it("with debug: true, the verifier's own error reaches logger.debug as the cause", async () => {
    const app = passkeyApp({ config: { debug: true } });
    await expectRefusedRegistration(app, { origin: "https://evil.test" });
    expect(app.log.debugs).toContainEqual({
      message: "WebAuthnVerificationError was caused by",
      metadata: expect.objectContaining({ message: expect.stringContaining('origin "https://evil.test"') }),
    });
  });

  it("its attestation statement's signature does not verify", async () => {
    const app = passkeyApp();
    const before = snapshot(app.tables);
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=eve%40example.test");
    // A "packed" self-attestation (WebAuthn Level 3 §8.2) whose signature is not the credential's.
    const otherKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const attestation = isoCBOR.decodeFirst<Map<string, unknown>>(
      new Uint8Array(Buffer.from(data.response.attestationObject, "base64url")),
    );
    attestation.set("fmt", "packed");
    attestation.set(
      "attStmt",
      new Map<string, unknown>([
        ["alg", -7],
        ["sig", new Uint8Array(sign("sha256", Buffer.from("other data"), otherKey))],
      ]),
    );
    const forged = {
      ...data,
      response: { ...data.response, attestationObject: b64url(isoCBOR.encode(attestation as never)) },
    };
    expect(errorOf(await postCeremony(app, jar, { action: "register", data: forged }))).toBe(
      "WebAuthnVerificationError",
    );
    expect(app.refusals.at(-1)).toMatch(/The new passkey's attestation did not verify\. \(see/);
    expect(snapshot(app.tables)).toBe(before);
  });

  it("the credential's algorithm is not one the provider allows", async () => {
    const app = passkeyApp({ provider: { supportedAlgorithmIDs: [-257] } });
    await expectRefusedRegistration(app, {});
    expect(app.refusals.at(-1)).toMatch(/attestation did not verify: .*alg/);
  });

  it("the authenticator data hashes another RP ID", async () => {
    await expectRefusedRegistration(passkeyApp(), { rpId: "evil.test" });
  });

  it("the user-present flag is clear", async () => {
    await expectRefusedRegistration(passkeyApp(), { flags: FLAG_UV });
  });

  it("user verification is required and the UV flag is clear", async () => {
    await expectRefusedRegistration(passkeyApp({ provider: { userVerification: "required" } }), {
      flags: FLAG_UP,
    });
  });

  it("its client data was altered", async () => {
    await expectRefusedRegistration(passkeyApp(), {
      alterClientData: (json) => json.replace("webauthn.create", "webauthn.get"),
    });
  });

  it("its authenticator data was altered (the RP ID hash flipped)", async () => {
    await expectRefusedRegistration(passkeyApp(), {
      alterAuthenticatorData: (bytes) => {
        const altered = Buffer.from(bytes);
        altered[0] = (altered[0] ?? 0) ^ 0xff;
        return altered;
      },
    });
  });

  it("it answers a challenge this server never issued", async () => {
    await expectRefusedRegistration(passkeyApp(), {
      challenge: "bm90LWlzc3VlZC1ieS11cy0wMTIzNDU2Nzg5YWJjZGVm",
    });
  });
});

describe("what the browser may leave out", () => {
  it("an assertion without extension results, and with a null user handle, signs in", async () => {
    const app = await registered();
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    const { clientExtensionResults: _, ...bare } = data;
    const sent = { ...bare, response: { ...bare.response, userHandle: null } };
    expect(errorOf(await postCeremony(app, jar, { action: "authenticate", data: sent }))).toBeNull();
    expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
  });

  it("an assertion without a user handle (optional for a non-discoverable credential) signs in", async () => {
    const app = await registered();
    const jar = new CookieJar();
    const data = await assertionFor(app, jar);
    const { userHandle: _, ...response } = data.response;
    const sent = { ...data, response };
    expect(errorOf(await postCeremony(app, jar, { action: "authenticate", data: sent }))).toBeNull();
    expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
  });

  it("a registration without extension results is stored", async () => {
    const app = passkeyApp();
    const jar = new CookieJar();
    const { clientExtensionResults: _, ...data } = await registrationFor(
      app,
      jar,
      "?email=ada%40example.test",
    );
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
    expect(app.tables.authenticators.size).toBe(1);
  });
});

it("user verification preferred (the default) accepts a response whose UV flag is clear", async () => {
  const app = await registered();
  const { response, jar } = await signInWithPasskey(app, new CookieJar(), { flags: FLAG_UP });
  expect(errorOf(response)).toBeNull();
  expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
});

describe("the limiter, against a passkey's owner", () => {
  it("junk assertions naming a credential, from rotating addresses, never lock its owner out", async () => {
    const app = passkeyApp({ config: { rateLimit: { trustForwardedFor: true } } });
    const { data } = await registerNewUser(app);
    // Credential ids are not secret (the options route and the browser show them); a signature
    // cannot be guessed, so these can only fail, and fail they must without counting against the owner.
    const junk = JSON.stringify({ id: data.id, rawId: data.id, type: "public-key", response: {} });
    for (let i = 0; i < 12; i++) {
      const { token, jar } = await getCsrf(app.config);
      const response = await send(app.config, `/callback/${app.providerId}`, {
        cookie: jar,
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        form: { csrfToken: token, action: "authenticate", data: junk },
      });
      expect(errorOf(response)).not.toBe("RateLimited");
    }
    const { response, jar } = await signInWithPasskey(app);
    expect(errorOf(response)).toBeNull();
    expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
  });
});
