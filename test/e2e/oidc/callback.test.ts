/**
 * The callback's last steps against a real OpenID Provider, through `Auth()`: the profile a
 * provider maps must name the account, e-mail addresses are compared in lower case, the name a
 * `form_post` carries beside the code (Apple's first-login `user`) never outranks the provider's
 * own claims, and Pushed Authorization Requests (RFC 9126) are used when the server requires them.
 */
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig, Profile } from "../../../src/index.js";
import OAuth from "../../../src/providers/oauth.js";
import OIDC from "../../../src/providers/oidc.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { getCsrf, locationOf, SECRET, send } from "../../core/helpers.js";
import {
  APP,
  authorizeAtOP,
  type Browser,
  finishSignIn,
  newBrowser,
  sessionOf,
  signInAtOP,
  startSignIn,
} from "./browser.js";
import { CLIENT_SECRET, providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
let parOP: TestOP;
let clientKey: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  clientKey = pair.privateKey;
  [op, parOP] = await Promise.all([
    startOP({ clientPublicJwk: { ...(await exportJWK(pair.publicKey)), alg: "ES256" } }),
    startOP({ requirePushedAuthorizationRequests: true }),
  ]);
});
afterAll(() => Promise.all([op.close(), parOP.close()]));
afterEach(() => {
  op.rewrite = undefined;
});

const provider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);

/** A logger that keeps every line: errors, and the warnings routine refusals are logged as. */
function lineLog() {
  const lines: string[] = [];
  const errors: Error[] = [];
  return {
    lines,
    errors,
    logger: {
      error: (error: Error) => {
        errors.push(error);
        lines.push(`${error.name}: ${error.message}`);
      },
      warn: (code: string, message?: string) => void lines.push(`${code}: ${message}`),
      debug: () => undefined,
    },
  };
}

function expectError(response: Response, page: "signin" | "error", error: string) {
  const location = locationOf(response);
  expect(location.pathname).toBe(`/auth/${page}`);
  expect(location.searchParams.get("error")).toBe(error);
}

describe("the profile", () => {
  it.each([
    ["no user", () => null],
    ["a user without id", (profile: Profile) => ({ name: profile.name as string })],
    ["a null id", () => ({ id: null as unknown as string })],
    ["an empty id", () => ({ id: "" })],
  ])("refuses %s: the account cannot be named", async (_, profile) => {
    const log = lineLog();
    const config: AuthConfig = {
      providers: [provider({ profile: profile as OIDCConfig["profile"] })],
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
    };
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, "op", "alice");
    expectError(response, "error", "Configuration");
    expect(log.lines).toEqual([
      'CallbackRouteError: The profile of provider "op" gave the user no id; its `profile` must return one (the provider\'s account id). (see docs/errors.md#callbackrouteerror)',
    ]);
    expect(await sessionOf(config, browser)).toBeNull();
  });

  it("reports a profile function that throws as OAuthProfileParseError, as Auth.js names it, with what it threw as the cause", async () => {
    const log = lineLog();
    const thrown = new TypeError("Cannot read properties of undefined (reading 'login')");
    const config: AuthConfig = {
      providers: [
        provider({
          profile: () => {
            throw thrown;
          },
        }),
      ],
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
    };
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, "op", "alice");
    expectError(response, "error", "Configuration");
    expect(log.lines).toEqual([
      'OAuthProfileParseError: The `profile` function of provider "op" threw on the provider\'s profile. (see docs/errors.md#oauthprofileparseerror)',
    ]);
    expect(log.errors[0]?.cause).toBe(thrown);
    expect(await sessionOf(config, browser)).toBeNull();
  });

  it("accepts a numeric id, and stores the e-mail address in lower case", async () => {
    const config: AuthConfig = {
      providers: [
        provider({
          profile: () => ({ id: 0 as unknown as string, name: "Alice", email: "Alice@Example.TEST" }),
        }),
      ],
      secret: SECRET,
      trustHost: true,
    };
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, "op", "alice");
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "alice@example.test" });
  });

  it("keeps an e-mail address that is not a string as it is", async () => {
    const config: AuthConfig = {
      providers: [provider({ profile: () => ({ id: "alice", name: "Alice", email: null }) })],
      secret: SECRET,
      trustHost: true,
    };
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    expect((await sessionOf(config, browser))?.user).toEqual({
      id: expect.any(String),
      name: "Alice",
      email: null,
      image: null,
    });
  });

  it("reports a failed userinfo request as OAuthCallbackError, naming the step", async () => {
    const log = lineLog();
    const config: AuthConfig = {
      providers: [
        OAuth({
          id: "op",
          name: "Test OP",
          issuer: op.issuer,
          clientId: "latchkey",
          clientSecret: CLIENT_SECRET,
          authorization: { url: `${op.issuer}/auth`, params: { scope: "openid email" } },
          token: `${op.issuer}/token`,
          jwks_endpoint: `${op.issuer}/jwks`,
          userinfo: `${op.issuer}/no-such-endpoint`,
        }),
      ],
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
    };
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, "op", "alice");
    expectError(response, "signin", "OAuthCallbackError");
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^OAuthCallbackError: The userinfo request of provider "op" failed: \S/);
  });
});

describe("a form_post callback's first-login user", () => {
  /** Posts the OP's answer, plus `extra` fields, to the callback with the browser's cookies. */
  async function postCallback(config: AuthConfig, browser: Browser, extra: Record<string, string>) {
    const authorization = await startSignIn(config, browser, "op");
    const callback = await authorizeAtOP(browser, authorization, "alice");
    const response = await send(config, "/callback/op", {
      origin: APP,
      cookie: browser.app,
      form: { ...Object.fromEntries(callback.searchParams), ...extra },
    });
    browser.app.apply(response);
    return response;
  }

  /** Signs in with `user` posted beside the code; the profile the `signIn` callback was given. */
  async function profileWith(user: string, overrides: Partial<OIDCConfig> = {}) {
    const profiles: Array<Profile | undefined> = [];
    const config: AuthConfig = {
      providers: [provider(overrides)],
      secret: SECRET,
      trustHost: true,
      callbacks: {
        signIn: ({ profile }) => {
          profiles.push(profile);
          return true;
        },
      },
    };
    const browser = newBrowser();
    const response = await postCallback(config, browser, { user });
    expect(locationOf(response).href).toBe(`${APP}/dashboard`);
    expect(profiles).toHaveLength(1);
    return profiles[0] as Profile;
  }

  it("adds the posted user object to the profile", async () => {
    const profile = await profileWith(JSON.stringify({ name: { firstName: "Alice" } }));
    expect(profile).toMatchObject({ sub: "alice", user: { name: { firstName: "Alice" } } });
  });

  it.each(["null", "5", '"Alice"', "{not json"])("ignores a posted user of %s", async (user) => {
    const profile = await profileWith(user);
    expect(profile.sub).toBe("alice");
    expect("user" in profile).toBe(false);
  });

  it("never replaces a user claim the provider signed", async () => {
    op.rewrite = async (idToken) =>
      new SignJWT({ ...decodeJwt(idToken), user: { name: { firstName: "Signed" } } })
        .setProtectedHeader({ alg: "RS256", kid: op.signingKey.kid })
        .sign(op.signingKey.privateKey);
    const profile = await profileWith(JSON.stringify({ name: { firstName: "Posted" } }), {
      token: op.proxiedTokenEndpoint,
    });
    expect(profile.user).toEqual({ name: { firstName: "Signed" } });
  });
});

describe("Pushed Authorization Requests", () => {
  const parProvider = (overrides: Partial<OIDCConfig> = {}) =>
    OIDC({
      id: "op",
      name: "Test OP",
      issuer: parOP.issuer,
      clientId: "latchkey",
      clientSecret: CLIENT_SECRET,
      ...overrides,
    });

  it("pushes the request when the server's metadata requires it, and signs in", async () => {
    const config: AuthConfig = {
      providers: [parProvider({ checks: ["pkce", "state", "nonce"] })],
      secret: SECRET,
      trustHost: true,
    };
    const browser = newBrowser();
    const authorization = await startSignIn(config, browser, "op");
    expect(authorization.origin).toBe(parOP.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toEqual({
      client_id: "latchkey",
      request_uri: expect.stringMatching(/^urn:ietf:params:oauth:request_uri:/),
    });
    const response = await finishSignIn(
      config,
      browser,
      await authorizeAtOP(browser, authorization, "alice"),
    );
    expect(locationOf(response).href).toBe(`${APP}/dashboard`);
    expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "alice@example.test" });
  });

  it("reports a refused push as a sign-in failure, with the server's reason in the log", async () => {
    const log = lineLog();
    const config: AuthConfig = {
      providers: [parProvider({ clientSecret: "not-the-secret" })],
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
    };
    const browser = newBrowser();
    const { token } = await getCsrf(config, { cookie: browser.app, origin: APP });
    const response = await send(config, "/signin/op", {
      origin: APP,
      cookie: browser.app,
      form: { csrfToken: token },
    });
    // Not the client's fault, so the browser learns no more than "Configuration".
    expectError(response, "signin", "Configuration");
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(
      /^OAuthSignInError: The pushed authorization request of provider "op" failed: \S.* \(see docs\/errors\.md#oauthsigninerror\)$/,
    );
    // The server's answer, as oauth4webapi read it, stays attached for whoever reads the log.
    expect(log.errors[0]?.cause).toBeInstanceOf(Error);
  });
});

describe("client authentication", () => {
  const signedIn = async (config: AuthConfig, providerId: string) => {
    const browser = newBrowser();
    const response = await signInAtOP(config, browser, providerId, "alice");
    return { location: locationOf(response), session: await sessionOf(config, browser) };
  };
  const app = (...providers: OIDCConfig[]): AuthConfig => ({ providers, secret: SECRET, trustHost: true });
  const pkjwt = (overrides: Partial<OIDCConfig> = {}) =>
    provider({
      id: "op-pkjwt",
      clientId: "latchkey-pkjwt",
      clientSecret: undefined,
      client: { token_endpoint_auth_method: "private_key_jwt", privateKey: clientKey },
      ...overrides,
    });

  it("signs the private_key_jwt assertion with a bare CryptoKey", async () => {
    const { location, session } = await signedIn(app(pkjwt()), "op-pkjwt");
    expect(location.href).toBe(`${APP}/dashboard`);
    expect(session?.user).toMatchObject({ email: "alice@example.test" });
  });

  it.each([
    ["client_secret_basic", "op", "latchkey"],
    ["client_secret_post", "op-post", "latchkey-post"],
  ] as const)("sends the %s client's secret where that method puts it", async (method, id, clientId) => {
    const config = app(
      provider({
        id,
        clientId,
        token: op.proxiedTokenEndpoint,
        client: { token_endpoint_auth_method: method },
      }),
    );
    const { location } = await signedIn(config, id);
    expect(location.href).toBe(`${APP}/dashboard`);
    const sent = op.lastProxiedTokenRequest;
    if (method === "client_secret_basic") {
      expect(sent?.authorization).toMatch(/^Basic /);
      expect(sent?.body.has("client_secret")).toBe(false);
    } else {
      expect(sent?.authorization).toBeUndefined();
      expect(sent?.body.get("client_secret")).toBe(CLIENT_SECRET);
    }
  });

  /** Re-signs the OP's ID token with HS256, keyed with the client secret (OpenID Connect Core §10.1). */
  const hs256 = async (idToken: string) =>
    new SignJWT({ ...decodeJwt(idToken) })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(CLIENT_SECRET));

  it.each([
    ["client_secret_basic", "op", "latchkey"],
    ["client_secret_post", "op-post", "latchkey-post"],
  ] as const)("accepts an HS256 ID token keyed with the %s client's secret", async (method, id, clientId) => {
    op.rewrite = hs256;
    const config = app(
      provider({
        id,
        clientId,
        token: op.proxiedTokenEndpoint,
        client: { token_endpoint_auth_method: method, id_token_signed_response_alg: "HS256" },
      }),
    );
    const { location, session } = await signedIn(config, id);
    expect(location.searchParams.get("error")).toBeNull();
    expect(session?.user).toMatchObject({ email: "alice@example.test" });
  });

  it("refuses an HS256 ID token for a private_key_jwt client, even one configured with a secret", async () => {
    op.rewrite = hs256;
    const config = app(
      pkjwt({
        clientSecret: CLIENT_SECRET,
        token: op.proxiedTokenEndpoint,
        client: {
          token_endpoint_auth_method: "private_key_jwt",
          privateKey: clientKey,
          id_token_signed_response_alg: "HS256",
        },
      }),
    );
    const { location, session } = await signedIn(config, "op-pkjwt");
    expect(location.searchParams.get("error")).toBe("OAuthCallbackError");
    expect(session).toBeNull();
  });
});
