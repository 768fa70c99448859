/**
 * Configuring WebAuthn providers, the sign-in page's passkey block, the script the handler serves
 * for it, and the account key the rate limiter counts.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthContext } from "../../../src/core/context.js";
import { CARRIED_FLOW } from "../../../src/flows/types.js";
import { webauthnFlow } from "../../../src/flows/webauthn/index.js";
import type { AuthConfig } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import type { WebAuthnConfig } from "../../../src/providers/types.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import { makeConfig, recordingLogger, send } from "../../core/helpers.js";
import { byTag, findAll, parseHtml } from "../../pages/html.js";

describe("providers", () => {
  it("Passkey() is a WebAuthn provider that asks for discoverable credentials and brings its flow", () => {
    expect(Passkey()).toEqual({
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      residentKey: "required",
      [CARRIED_FLOW]: webauthnFlow,
    });
    expect(WebAuthn()).toEqual({
      id: "webauthn",
      name: "WebAuthn",
      type: "webauthn",
      residentKey: "preferred",
      [CARRIED_FLOW]: webauthnFlow,
    });
    expect(Passkey({ id: "key", userVerification: "required" })).toMatchObject({
      id: "key",
      type: "webauthn",
      userVerification: "required",
    });
  });

  it("works passed uncalled, as Auth.js apps write `providers: [Passkey]`", async () => {
    const config = makeConfig({ adapter: MemoryAdapter(), providers: [Passkey] });
    expect(await (await send(config, "/providers")).json()).toEqual({
      passkey: {
        id: "passkey",
        name: "Passkey",
        type: "webauthn",
        signinUrl: "https://app.test/auth/signin/passkey",
        callbackUrl: "https://app.test/auth/callback/passkey",
      },
    });
  });
});

/** Four 60-octet labels and their dots: 244 octets of an RP ID. */
const LONG_LABELS = ["a", "b", "c", "d"].map((letter) => letter.repeat(60)).join(".");

describe("configuration mistakes are named at startup", () => {
  async function configurationError(config: AuthConfig): Promise<string> {
    const log = recordingLogger();
    const response = await send({ ...config, logger: log.logger }, "/providers");
    expect(response.status).toBe(500);
    return log.text();
  }
  const withProvider = (provider: Partial<WebAuthnConfig> | Record<string, unknown>) =>
    makeConfig({ adapter: MemoryAdapter(), providers: [Passkey(provider as Partial<WebAuthnConfig>)] });

  it("no adapter", async () => {
    expect(await configurationError(makeConfig({ providers: [Passkey()] }))).toMatch(
      /MissingAdapter: provider "passkey" needs an `adapter`/,
    );
  });

  it("a WebAuthn provider written as a plain object, which brings no flow", async () => {
    const plain: WebAuthnConfig = { id: "passkey", name: "Passkey", type: "webauthn" };
    expect(await configurationError(makeConfig({ adapter: MemoryAdapter(), providers: [plain] }))).toMatch(
      /InvalidConfig: Provider "passkey" of type "webauthn" has no flow: build it with WebAuthn\(\) from "latchkey\/providers\/webauthn" or Passkey\(\)/,
    );
  });

  it("an adapter without the Authenticator methods", async () => {
    const { createAuthenticator: _, getAuthenticator: __, ...adapter } = MemoryAdapter();
    expect(await configurationError(makeConfig({ adapter, providers: [Passkey()] }))).toMatch(
      /lacks methods .*createAuthenticator, getAuthenticator/,
    );
  });

  it.each([
    "getUser",
    "getUserByEmail",
    "getUserByAccount",
    "createUser",
    "linkAccount",
    "createAuthenticator",
    "getAuthenticator",
    "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter",
  ] as const)("an adapter without %s, whatever the session strategy", async (method) => {
    const { [method]: _, ...adapter } = MemoryAdapter();
    expect(
      await configurationError(makeConfig({ adapter, session: { strategy: "jwt" }, providers: [Passkey()] })),
    ).toMatch(new RegExp(`lacks methods .*${method}`));
  });

  it.each([
    [
      "registrationOptions",
      { registrationOptions: { authenticatorSelection: { userVerification: "required" } } },
      /set userVerification, residentKey/,
    ],
    [
      "verifyAuthenticationOptions",
      { verifyAuthenticationOptions: { requireUserVerification: true } },
      /userVerification: "required"/,
    ],
    ["getRelayingParty", { getRelayingParty: () => ({}) }, /set relyingParty instead/],
    // As the Auth.js Next.js example app relabels the field.
    [
      "formFields",
      { formFields: { email: { label: "Username", required: true, autocomplete: "username webauthn" } } },
      /the sign-in page asks for an e-mail address/,
    ],
  ])(
    "an Auth.js option latchkey spells differently (%s) is refused, not ignored",
    async (_name, options, fix) => {
      expect(await configurationError(withProvider(options))).toMatch(fix);
    },
  );

  it.each([
    [
      "an RP ID that does not cover the origin",
      { relyingParty: { id: "other.test", origin: "https://app.test" } },
      /neither app.test nor a parent domain/,
    ],
    ["an origin with a path", { relyingParty: { origin: "https://app.test/login" } }, /no path/],
    [
      "an http origin that is not loopback",
      { relyingParty: { origin: "http://app.test" } },
      /http only for localhost/,
    ],
    ["an RP ID that is a URL", { relyingParty: { id: "https://app.test" } }, /domain name/],
    [
      "an unknown user verification",
      { userVerification: "always" },
      /"required", "preferred" or "discouraged"/,
    ],
    ["a negative timeout", { timeout: -1 }, /positive number of milliseconds/],
    ["a zero timeout", { timeout: 0 }, /positive number of milliseconds/],
    ["a fractional timeout", { timeout: 1.5 }, /positive number of milliseconds/],
    ["a timeout beyond safe integers", { timeout: 2 ** 53 }, /positive number of milliseconds/],
    ["a timeout as a string", { timeout: "60000" }, /positive number of milliseconds/],
    ["algorithms that are not COSE ids", { supportedAlgorithmIDs: ["ES256"] }, /COSE algorithm ids/],
    ["algorithms that are not whole numbers", { supportedAlgorithmIDs: [-7, -7.5] }, /COSE algorithm ids/],
    ["an empty list of algorithms", { supportedAlgorithmIDs: [] }, /COSE algorithm ids/],
    ["one algorithm not in a list", { supportedAlgorithmIDs: -7 }, /COSE algorithm ids/],
    [
      "an unknown resident key requirement",
      { residentKey: "always" },
      /residentKey of provider "passkey" must be "required", "preferred" or "discouraged", not "always"/,
    ],
    [
      "an unknown user verification, named",
      { userVerification: "Required" },
      /userVerification of provider "passkey" must be .* not "Required"/,
    ],
    ["an RP ID that is not a string", { relyingParty: { id: 7 } }, /relyingParty.id .* not 7/],
    ["an RP ID in capitals", { relyingParty: { id: "App.test" } }, /lowercase domain name/],
    ["an RP ID with an empty label", { relyingParty: { id: "app..test" } }, /domain name/],
    ["an RP ID label starting with a hyphen", { relyingParty: { id: "-app.test" } }, /domain name/],
    ["an RP ID label ending with a hyphen", { relyingParty: { id: "app-.test" } }, /domain name/],
    ["an RP ID ending with a dot", { relyingParty: { id: "app.test." } }, /domain name/],
    ["an RP ID with an underscore", { relyingParty: { id: "my_app.test" } }, /domain name/],
    ["an empty RP ID", { relyingParty: { id: "" } }, /domain name/],
    ["an RP ID label of 64 octets", { relyingParty: { id: `${"a".repeat(64)}.test` } }, /domain name/],
    ["an RP ID of 254 octets", { relyingParty: { id: `${LONG_LABELS}.test123456` } }, /domain name/],
    [
      "an empty RP name",
      { relyingParty: { name: "" } },
      /relyingParty.name of provider "passkey" must be a non-empty string/,
    ],
    ["an RP name of spaces", { relyingParty: { name: "  " } }, /relyingParty.name .* non-empty string/],
    [
      "an RP name that is not a string",
      { relyingParty: { name: 7 } },
      /relyingParty.name .* non-empty string/,
    ],
    ["an empty list of origins", { relyingParty: { origin: [] } }, /lists no origin/],
    ["an origin that is not a string", { relyingParty: { origin: [7] } }, /relyingParty.origin .* not 7/],
    ["an origin that is no URL", { relyingParty: { origin: "app.test" } }, /no path/],
    ["an origin with a trailing slash", { relyingParty: { origin: "https://app.test/" } }, /no path/],
    [
      "an origin in another scheme",
      { relyingParty: { origin: "ftp://app.test" } },
      /http only for localhost/,
    ],
    [
      "a second origin the RP ID does not cover",
      { relyingParty: { id: "app.test", origin: ["https://app.test", "https://app.test.evil.test"] } },
      /neither app.test.evil.test nor a parent domain/,
    ],
    [
      "an origin that merely ends in the RP ID",
      { relyingParty: { id: "app.test", origin: "https://myapp.test" } },
      /neither myapp.test nor a parent domain/,
    ],
  ])("%s", async (_what, options, fix) => {
    expect(await configurationError(withProvider(options))).toMatch(fix);
  });

  it.each([
    ["http on localhost with a port", { origin: "http://localhost:3000" }, "localhost"],
    ["http on 127.0.0.1", { origin: "http://127.0.0.1:8080" }, "127.0.0.1"],
    ["http on [::1]", { origin: "http://[::1]:3000" }, "[::1]"],
    ["a one-label RP ID", { id: "localhost", origin: "http://localhost:3000" }, "localhost"],
    [
      "an RP ID with hyphens, digits and one-letter labels",
      { id: "my-app2.a.test", origin: "https://login.my-app2.a.test" },
      "my-app2.a.test",
    ],
    ["an RP ID whose last label is one letter", { id: "app.x", origin: "https://app.x" }, "app.x"],
    [
      "an RP ID label of 63 octets",
      { id: `${"a".repeat(63)}.test`, origin: `https://${"a".repeat(63)}.test` },
      `${"a".repeat(63)}.test`,
    ],
    [
      "an RP ID of 253 octets",
      { id: `${LONG_LABELS}.test12345`, origin: `https://${LONG_LABELS}.test12345` },
      `${LONG_LABELS}.test12345`,
    ],
    [
      "a list whose origins share a parent RP ID",
      { id: "app.test", origin: ["https://app.test", "https://login.app.test"] },
      "app.test",
    ],
  ])("accepts %s", async (_what, relyingParty, rpId) => {
    const config = withProvider({ relyingParty });
    const response = await send(config, "/webauthn-options/passkey?email=ada%40example.test");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { options: { rp: { id: string } } }).options.rp.id).toBe(rpId);
  });

  it.each([
    [
      "registrationOptions",
      /set userVerification, residentKey, timeout or supportedAlgorithmIDs on the provider/,
    ],
    ["authenticationOptions", /set userVerification or timeout on the provider/],
    ["verifyRegistrationOptions", /set userVerification: "required" instead/],
    ["verifyAuthenticationOptions", /set userVerification: "required" instead/],
    ["getRelayingParty", /set relyingParty instead/],
    ["getUserInfo", /takes the address as `email`/],
    ["simpleWebAuthn", /always verifies with @simplewebauthn\/server/],
    ["simpleWebAuthnBrowserVersion", /script is served by the handler/],
    ["formFields", /sign-in page asks for an e-mail address/],
  ])("the Auth.js option %s is refused, naming it and its replacement", async (option, fix) => {
    const text = await configurationError(withProvider({ [option]: undefined }));
    expect(text).toContain(`Provider "passkey": latchkey does not read the Auth.js option \`${option}\``);
    expect(text).toMatch(fix);
  });

  it("an RP ID that does not cover the app's own origin fails at the options request", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [Passkey({ relyingParty: { id: "other.test" } })],
      logger: log.logger,
    });
    expect((await send(config, "/webauthn-options/passkey")).status).toBe(500);
    expect(log.text()).toMatch(/does not cover the app's origin https:\/\/app.test/);
  });
});

describe("the sign-in page", () => {
  async function signInPage(config: AuthConfig) {
    const response = await send(config, "/signin");
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, root: parseHtml(html) };
  }

  it("offers sign-in and creation of a passkey in a form that posts to the callback", async () => {
    const { root, html } = await signInPage(makeConfig({ adapter: MemoryAdapter(), providers: [Passkey()] }));
    const [form] = findAll(root, (element) => element.tag === "form" && "data-passkey" in element.attributes);
    expect(form?.attributes).toMatchObject({
      method: "post",
      action: "https://app.test/auth/callback/passkey",
      "data-options-url": "https://app.test/auth/webauthn-options/passkey",
      "data-conditional-ui": "",
    });
    const inputs = Object.fromEntries(
      findAll(form!, byTag("input")).map((input) => [input.attributes.name, input.attributes]),
    );
    expect(Object.keys(inputs).sort()).toEqual(["action", "callbackUrl", "csrfToken", "data", "email"]);
    expect(inputs.email).toMatchObject({ type: "email", autocomplete: "username webauthn" });
    const buttons = findAll(form!, byTag("button"));
    expect(
      buttons.map((button) => [button.attributes["data-passkey-action"], button.attributes.type]),
    ).toEqual([
      ["authenticate", "button"],
      ["register", "button"],
    ]);
    expect(html).toContain("Sign in with Passkey");
    expect(html).toContain("Create a passkey");
  });

  it("links the handler's script once, with no inline script or event handler (strict CSP)", async () => {
    const { root, html } = await signInPage(
      makeConfig({ adapter: MemoryAdapter(), providers: [Passkey(), WebAuthn()] }),
    );
    const scripts = findAll(root, byTag("script"));
    expect(scripts.map((script) => script.attributes)).toEqual([
      { src: "https://app.test/auth/webauthn-script?lang=en", defer: "" },
    ]);
    expect(scripts[0]?.children.join("")).toBe("");
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it("colours the passkey button with the provider's style", async () => {
    const { root } = await signInPage(
      makeConfig({
        adapter: MemoryAdapter(),
        providers: [Passkey({ style: { bg: "#123456", text: "#ffffff" } })],
      }),
    );
    const [button] = findAll(root, (element) => element.attributes["data-passkey-action"] === "authenticate");
    expect(button?.attributes.style).toBe("--provider-bg: #123456; --provider-text: #ffffff");
  });

  it("marks no form for autofill when conditional UI is off", async () => {
    const { root } = await signInPage(
      makeConfig({ adapter: MemoryAdapter(), providers: [Passkey({ enableConditionalUI: false })] }),
    );
    const [form] = findAll(root, (element) => element.tag === "form" && "data-passkey" in element.attributes);
    expect(form?.attributes["data-conditional-ui"]).toBeUndefined();
  });

  it("links no script when no provider uses passkeys", async () => {
    const { root } = await signInPage(makeConfig());
    expect(findAll(root, byTag("script"))).toEqual([]);
  });
});

describe("GET /webauthn-script", () => {
  it("serves the script from the package as JavaScript that parses", async () => {
    const response = await send(
      makeConfig({ adapter: MemoryAdapter(), providers: [Passkey()] }),
      "/webauthn-script",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    // Its own Content-Type replaces the page's; the framing headers every page carries stay.
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.getSetCookie()).toEqual([]);
    const script = await response.text();
    expect(() => new Function(script)).not.toThrow();
    // Nothing a strict CSP (no 'unsafe-eval') or a Trusted Types policy would stop.
    expect(script).not.toMatch(/\beval\(|new Function|innerHTML|document\.write|setTimeout\("/);
    expect(script.length).toBeLessThan(8000);
  });

  it("is not served by an app without a WebAuthn provider, which does not bundle it either", async () => {
    const response = await send(makeConfig(), "/webauthn-script");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });

  it("takes GET only", async () => {
    const config = makeConfig({ adapter: MemoryAdapter(), providers: [Passkey()] });
    const response = await send(config, "/webauthn-script", { method: "POST", form: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("rate limiting", () => {
  it("counts a passkey attempt per client address only: it names no account, whatever credential it names", () => {
    const keys = (body: Record<string, unknown>) =>
      webauthnFlow.rateLimitKeys?.({ req: { body } } as unknown as AuthContext, Passkey());
    expect(keys({ data: JSON.stringify({ id: "AbC-_9" }) })).toEqual([]);
    expect(keys({})).toEqual([]);
  });
});
