/**
 * GET /webauthn-options/:id through `Auth()`: which ceremony the server picks, the options it
 * hands the browser, the relying party they name, and the challenge cookie it sets.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { send, setCookieNamed } from "../../core/helpers.js";
import {
  CookieJar,
  ceremonyOptions,
  errorOf,
  fetchOptions,
  passkeyApp,
  postCeremony,
  registerNewUser,
  sessionOf,
} from "./harness.js";
import { SoftAuthenticator } from "./soft-authenticator.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("without `action`, the server decides as Auth.js does", () => {
  it("signed out and no address: authenticate with any discoverable credential", async () => {
    const app = passkeyApp();
    const { action, options } = await ceremonyOptions(app, new CookieJar());
    expect(action).toBe("authenticate");
    expect(options).toMatchObject({ rpId: "app.test", userVerification: "preferred", timeout: 300000 });
    expect("allowCredentials" in options ? options.allowCredentials : undefined).toEqual([]);
  });

  it("signed out with an unknown address: register a new user under it", async () => {
    const app = passkeyApp();
    const { action, options } = await ceremonyOptions(
      app,
      new CookieJar(),
      "?email=%20New%40Example.test%20",
    );
    expect(action).toBe("register");
    expect(options).toMatchObject({
      rp: { id: "app.test", name: "app.test" },
      user: { name: "new@example.test" },
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
  });

  it("signed out with a known address: authenticate with that user's passkeys", async () => {
    const app = passkeyApp();
    const { data } = await registerNewUser(app, "ada@example.test");
    const { action, options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect(action).toBe("authenticate");
    expect("allowCredentials" in options && options.allowCredentials).toEqual([
      { id: data.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("signed in: register another passkey for the signed-in user, never for a typed address", async () => {
    const app = passkeyApp();
    const { jar, data } = await registerNewUser(app, "ada@example.test");
    const { action, options } = await ceremonyOptions(app, jar, "?email=mallory%40example.test");
    expect(action).toBe("register");
    expect(options).toMatchObject({ user: { name: "ada@example.test" } });
    expect("excludeCredentials" in options && options.excludeCredentials).toEqual([
      { id: data.id, type: "public-key", transports: ["internal"] },
    ]);
  });
});

describe("an explicit `action`", () => {
  it("authenticate is always honoured, signed in or not", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    expect((await ceremonyOptions(app, jar, "?action=authenticate")).action).toBe("authenticate");
  });

  it("register while signed out needs an address", async () => {
    const app = passkeyApp();
    const response = await fetchOptions(app, new CookieJar(), "?action=register");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "InvalidRequest",
      message: expect.stringMatching(/e-mail/),
    });
  });

  it.each([
    ["an unknown action", "?action=delete"],
    ["an address that is not one", "?email=not-an-address"],
    ["an address with spaces inside", "?email=a%20b%40example.test"],
  ])("%s answers 400 and sets no challenge", async (_what, query) => {
    const app = passkeyApp();
    const response = await fetchOptions(app, new CookieJar(), query);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("InvalidRequest");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the challenge", () => {
  it("travels in an encrypted, HttpOnly, short-lived cookie and is never cached", async () => {
    const app = passkeyApp();
    const response = await fetchOptions(app, new CookieJar());
    const { options } = (await response.json()) as { options: { challenge: string } };
    const cookie = setCookieNamed(response, "__Secure-authjs.challenge");
    expect(cookie.attributes.get("max-age")).toBe("360");
    expect([...cookie.attributes.keys()]).toEqual(
      expect.arrayContaining(["httponly", "secure", "path", "samesite"]),
    );
    expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(cookie.value).not.toContain(options.challenge);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("is new for every request, and only the newest one a browser holds is accepted", async () => {
    const app = passkeyApp();
    await registerNewUser(app);
    const jar = new CookieJar();
    const first = await ceremonyOptions(app, jar, "?action=authenticate");
    const second = await ceremonyOptions(app, jar, "?action=authenticate");
    expect(first.options.challenge).not.toBe(second.options.challenge);
    const stale = app.authenticator.get(first.options as never);
    expect(errorOf(await postCeremony(app, jar, { action: "authenticate", data: stale }))).toBe(
      "WebAuthnVerificationError",
    );
  });

  it("lives as long as the ceremony's timeout plus a minute", async () => {
    const app = passkeyApp({ provider: { timeout: 30_000 } });
    const response = await fetchOptions(app, new CookieJar());
    expect(setCookieNamed(response, "__Secure-authjs.challenge").attributes.get("max-age")).toBe("90");
    expect(((await response.json()) as { options: { timeout: number } }).options.timeout).toBe(30000);
  });
});

describe("the relying party", () => {
  it("comes from the provider's relyingParty when set, and only that origin verifies", async () => {
    const relyingParty = { id: "example.test", name: "Example", origin: "https://login.example.test" };
    const app = passkeyApp({ provider: { relyingParty } });
    const jar = new CookieJar();
    const { options } = await ceremonyOptions(app, jar, "?email=ada%40example.test");
    expect(options).toMatchObject({ rp: { id: "example.test", name: "Example" } });

    const elsewhere = new SoftAuthenticator({ origin: "https://app.test", rpId: "example.test" });
    const refused = await postCeremony(app, jar, {
      action: "register",
      data: elsewhere.create(options as never),
    });
    expect(errorOf(refused)).toBe("WebAuthnVerificationError");

    const right = new SoftAuthenticator({ origin: "https://login.example.test", rpId: "example.test" });
    const again = new CookieJar();
    const fresh = await ceremonyOptions(app, again, "?email=ada%40example.test");
    const accepted = await postCeremony(app, again, {
      action: "register",
      data: right.create(fresh.options as never),
    });
    expect(errorOf(accepted)).toBeNull();
    expect((await sessionOf(app, again))?.user?.email).toBe("ada@example.test");
  });

  it("accepts a response from any configured origin, the RP ID covering them all", async () => {
    const relyingParty = {
      id: "example.test",
      origin: ["https://example.test", "https://login.example.test"],
    };
    const app = passkeyApp({ provider: { relyingParty } });
    const jar = new CookieJar();
    const { options } = await ceremonyOptions(app, jar, "?email=ada%40example.test");
    // Without a name, the browser shows the first origin's host.
    expect(options).toMatchObject({ rp: { id: "example.test", name: "example.test" } });
    const second = new SoftAuthenticator({ origin: "https://login.example.test", rpId: "example.test" });
    const data = second.create(options as never);
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
  });

  it("is named after the app's host, port included, when unnamed", async () => {
    const app = passkeyApp({ provider: { relyingParty: { origin: "https://app.test:8443" } } });
    const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect(options).toMatchObject({ rp: { id: "app.test", name: "app.test:8443" } });
  });

  it("the configured spelling wins over Auth.js's", async () => {
    const app = passkeyApp({
      provider: {
        relyingParty: { id: "example.test", origin: "https://example.test" },
        relayingParty: { id: "other.test", origin: "https://other.test" },
      },
    });
    const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect(options).toMatchObject({ rp: { id: "example.test" } });
  });

  it("accepts Auth.js's `relayingParty` spelling", async () => {
    const app = passkeyApp({
      provider: { relayingParty: { id: "example.test", origin: "https://example.test" } },
    });
    const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect(options).toMatchObject({ rp: { id: "example.test", name: "example.test" } });
  });

  it("comes from AUTH_URL, never from X-Forwarded-Host", async () => {
    vi.stubEnv("AUTH_URL", "https://app.test/auth");
    const app = passkeyApp({ config: { trustHost: true } });
    const response = await send(app.config, "/webauthn-options/passkey?email=ada%40example.test", {
      headers: { "X-Forwarded-Host": "evil.test", "X-Forwarded-Proto": "https" },
    });
    expect(((await response.json()) as { options: { rp: { id: string } } }).options.rp.id).toBe("app.test");
  });

  it("is refused when the host is not trusted and AUTH_URL is unset", async () => {
    const app = passkeyApp({ config: { trustHost: false } });
    const response = await send(app.config, "/webauthn-options/passkey", {
      headers: { "X-Forwarded-Host": "evil.test" },
    });
    expect(response.status).toBe(500);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

it("an unknown or non-WebAuthn provider id answers 400", async () => {
  const app = passkeyApp();
  expect((await send(app.config, "/webauthn-options/nope")).status).toBe(400);
  expect((await send(app.config, "/webauthn-options/credentials")).status).toBe(400);
});

describe("the `email` and `action` parameters", () => {
  it.each([
    ["an empty address", "?email="],
    ["an address of spaces only", "?email=%20%20"],
    ["an empty action", "?action="],
  ])("%s counts as none: authenticate with any discoverable credential", async (_what, query) => {
    const app = passkeyApp();
    await registerNewUser(app);
    const { action, options } = await ceremonyOptions(app, new CookieJar(), query);
    expect(action).toBe("authenticate");
    expect("allowCredentials" in options && options.allowCredentials).toEqual([]);
  });

  it.each([
    ["a 64-octet local part", `${"a".repeat(64)}@example.test`],
    ["a 255-octet domain", `ada@${"d".repeat(250)}.test`],
  ])("accepts %s (RFC 5321 §4.5.3.1)", async (_what, email) => {
    const { action, options } = await ceremonyOptions(
      passkeyApp(),
      new CookieJar(),
      `?email=${encodeURIComponent(email)}`,
    );
    expect(action).toBe("register");
    expect(options).toMatchObject({ user: { name: email } });
  });

  it.each([
    ["a 65-octet local part", `${"a".repeat(65)}@example.test`],
    ["a 256-octet domain", `ada@${"d".repeat(251)}.test`],
    ["no local part", "@example.test"],
    ["no domain", "ada@"],
    ["two at signs", "ada@home@example.test"],
    ["a space in the domain", "ada@exa mple.test"],
    ["angle brackets", "<ada@example.test>"],
    ["a quote", 'a"da@example.test'],
  ])("refuses %s with a 400 and no challenge", async (_what, email) => {
    const app = passkeyApp();
    const response = await fetchOptions(app, new CookieJar(), `?email=${encodeURIComponent(email)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "InvalidRequest",
      message: expect.stringMatching(/e-mail address/),
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("action=authenticate with a known address allows only that user's passkeys", async () => {
    const app = passkeyApp();
    const { data: adas } = await registerNewUser(app, "ada@example.test");
    await registerNewUser(app, "bob@example.test");
    const { action, options } = await ceremonyOptions(
      app,
      new CookieJar(),
      "?action=authenticate&email=ADA%40example.test",
    );
    expect(action).toBe("authenticate");
    expect("allowCredentials" in options && options.allowCredentials).toEqual([
      { id: adas.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("action=authenticate answers an unknown address as a known one: ids alike, the same each time", async () => {
    const app = passkeyApp();
    await registerNewUser(app, "ada@example.test");
    const allowed = async (email: string) => {
      const query = `?action=authenticate&email=${encodeURIComponent(email)}`;
      const { options } = await ceremonyOptions(app, new CookieJar(), query);
      return ("allowCredentials" in options && options.allowCredentials) || [];
    };
    const known = await allowed("ada@example.test");
    const unknown = await allowed("nobody@example.test");
    expect(unknown).toHaveLength(known.length);
    expect(Object.keys(unknown[0] ?? {}).sort()).toEqual(Object.keys(known[0] ?? {}).sort());
    expect(unknown[0]?.type).toBe("public-key");
    expect(unknown[0]?.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Asked again, the same: a list that changed on every request would give the unknown address away.
    expect(await allowed("Nobody@Example.test")).toEqual(unknown);
    expect((await allowed("someone-else@example.test"))[0]?.id).not.toBe(unknown[0]?.id);
    expect(app.tables.users.size).toBe(1);
    expect(app.tables.authenticators.size).toBe(1);
  });

  it("a decoy credential id signs nobody in: it fails as any unknown credential does", async () => {
    const app = passkeyApp();
    await registerNewUser(app, "ada@example.test");
    const jar = new CookieJar();
    const { options } = await ceremonyOptions(app, jar, "?action=authenticate&email=nobody%40example.test");
    const decoy = ("allowCredentials" in options && options.allowCredentials?.[0]?.id) || "";
    const data = await app.authenticator.get(options as PublicKeyCredentialRequestOptionsJSON);
    const response = await postCeremony(app, jar, {
      action: "authenticate",
      data: { ...data, id: decoy, rawId: decoy },
    });
    expect(errorOf(response)).toBe("WebAuthnVerificationError");
  });

  it("action=register while signed out registers the new address, and the passkey then signs in as it", async () => {
    const app = passkeyApp();
    const jar = new CookieJar();
    const { action, options } = await ceremonyOptions(app, jar, "?action=register&email=new%40example.test");
    expect(action).toBe("register");
    expect(options).toMatchObject({
      user: { name: "new@example.test", displayName: "" },
      excludeCredentials: [],
    });
    const data = app.authenticator.create(options as never);
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
    expect((await sessionOf(app, jar))?.user?.email).toBe("new@example.test");
  });
});

describe("the options a signed-in user gets to add a passkey", () => {
  async function optionsForEditedUser(edit: Record<string, unknown>) {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app, "ada@example.test");
    const [user] = [...app.tables.users.values()];
    Object.assign(user as object, edit);
    const { action, options } = await ceremonyOptions(app, jar, "?action=register");
    expect(action).toBe("register");
    return { options: options as { user: { id: string; name: string; displayName: string } }, user };
  }

  it("name the user by address, and show their name when they have one", async () => {
    const { options } = await optionsForEditedUser({ name: "Ada Lovelace" });
    expect(options.user).toMatchObject({ name: "ada@example.test", displayName: "Ada Lovelace" });
  });

  it("name a user without an address by their name", async () => {
    const { options } = await optionsForEditedUser({ email: "", name: "Ada Lovelace" });
    expect(options.user).toMatchObject({ name: "Ada Lovelace", displayName: "Ada Lovelace" });
  });

  it("name a user with neither by their id", async () => {
    const { options, user } = await optionsForEditedUser({ email: "", name: null });
    expect(options.user).toMatchObject({ name: user?.id, displayName: "" });
  });
});

describe("provider settings reach the options", () => {
  it("user verification, resident key and timeout, in both ceremonies", async () => {
    const app = passkeyApp({
      provider: { userVerification: "required", residentKey: "discouraged", timeout: 60_000 },
    });
    const register = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect(register.options).toMatchObject({
      timeout: 60000,
      authenticatorSelection: { residentKey: "discouraged", userVerification: "required" },
    });
    const authenticate = await ceremonyOptions(app, new CookieJar(), "?action=authenticate");
    expect(authenticate.options).toMatchObject({ timeout: 60000, userVerification: "required" });
  });

  it("supportedAlgorithmIDs lists only those algorithms, in that order", async () => {
    const app = passkeyApp({ provider: { supportedAlgorithmIDs: [-8, -7] } });
    const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    expect("pubKeyCredParams" in options && options.pubKeyCredParams).toEqual([
      { alg: -8, type: "public-key" },
      { alg: -7, type: "public-key" },
    ]);
  });

  it("a provider that names no resident key requirement prefers a discoverable credential", async () => {
    const { options } = await ceremonyOptions(
      passkeyApp({ provider: { residentKey: undefined } }),
      new CookieJar(),
      "?email=ada%40example.test",
    );
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    });
  });

  it("WebAuthn() prefers, Passkey() requires, a discoverable credential", async () => {
    const { options } = await ceremonyOptions(
      passkeyApp({ provider: { residentKey: "preferred" } }),
      new CookieJar(),
      "?email=ada%40example.test",
    );
    expect(options).toMatchObject({ authenticatorSelection: { residentKey: "preferred" } });
  });
});

describe("stored transports reach the browser as a list", () => {
  async function allowedFor(transports: string | null) {
    const app = passkeyApp();
    const { data } = await registerNewUser(app, "ada@example.test");
    const [row] = [...app.tables.authenticators.values()];
    (row as { transports: string | null }).transports = transports;
    const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
    return { id: data.id, allowed: "allowCredentials" in options ? options.allowCredentials : undefined };
  }

  it("split at commas, empty entries dropped", async () => {
    const { id, allowed } = await allowedFor("usb,,nfc");
    expect(allowed).toEqual([{ id, type: "public-key", transports: ["usb", "nfc"] }]);
  });

  it.each([null, ""])("and left out when none were stored (%j)", async (transports) => {
    const { id, allowed } = await allowedFor(transports);
    expect(allowed).toEqual([{ id, type: "public-key" }]);
  });
});
