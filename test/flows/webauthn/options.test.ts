/**
 * GET /webauthn-options/:id through `Auth()`: which ceremony the server picks, the options it
 * hands the browser, the relying party they name, and the challenge cookie it sets.
 */
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
