/**
 * The protocol's variants against a real OpenID Provider, and the providers' quirks: client
 * authentication (basic, post, private_key_jwt, none), Pushed Authorization Requests, the
 * `form_post` response mode (Apple) and its cross-site POST, the name Apple posts on a first
 * sign-in, GitHub's e-mail endpoint, X's state+PKCE, Entra ID's tenant issuer, the redirect proxy.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../../src/adapters/memory.js";
import { expectedIssuer } from "../../../src/flows/oauth/tenant-issuer.js";
import type { AuthConfig } from "../../../src/index.js";
import Apple from "../../../src/providers/apple.js";
import GitHub from "../../../src/providers/github.js";
import MicrosoftEntraID from "../../../src/providers/microsoft-entra-id.js";
import Twitter from "../../../src/providers/twitter.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { locationOf, SECRET, send } from "../../core/helpers.js";
import {
  APP,
  authorizeAtOP,
  finishSignIn,
  newBrowser,
  opRequest,
  sessionOf,
  signInAtOP,
  startSignIn,
} from "./browser.js";
import { providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
let clientKey: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  clientKey = pair.privateKey;
  op = await startOP({
    clientPublicJwk: { ...(await exportJWK(pair.publicKey)), kid: "client-key", alg: "ES256" },
  });
});
afterAll(() => op.close());

const provider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);
const app = (...providers: OIDCConfig[]): AuthConfig => ({ providers, secret: SECRET, trustHost: true });

async function expectSignedIn(config: AuthConfig, providerId: string) {
  const browser = newBrowser();
  const response = await signInAtOP(config, browser, providerId, "alice");
  expect(locationOf(response).searchParams.get("error")).toBeNull();
  expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "alice@example.test" });
}

describe("client authentication", () => {
  it("signs in with client_secret_post", () =>
    expectSignedIn(
      app(
        provider({
          id: "op-post",
          clientId: "latchkey-post",
          client: { token_endpoint_auth_method: "client_secret_post" },
        }),
      ),
      "op-post",
    ));

  it("signs in with private_key_jwt", () =>
    expectSignedIn(
      app(
        provider({
          id: "op-pkjwt",
          clientId: "latchkey-pkjwt",
          clientSecret: undefined,
          client: {
            token_endpoint_auth_method: "private_key_jwt",
            privateKey: { key: clientKey, kid: "client-key" },
          },
        }),
      ),
      "op-pkjwt",
    ));

  it("signs in as a public client with PKCE and no secret", () =>
    expectSignedIn(
      app(
        provider({
          id: "op-public",
          clientId: "latchkey-public",
          clientSecret: undefined,
          client: { token_endpoint_auth_method: "none" },
        }),
      ),
      "op-public",
    ));

  it("refuses to start a public client without PKCE", async () => {
    const config = app(
      provider({
        id: "op-public",
        clientId: "latchkey-public",
        client: { token_endpoint_auth_method: "none" },
        checks: ["state"],
      }),
    );
    const response = await send(config, "/providers", { origin: APP });
    expect(response.status).toBe(500);
  });
});

describe("authorization requests", () => {
  it("pushes the authorization request (RFC 9126) when the provider opts in: the browser carries only request_uri", async () => {
    const config = app(provider({ id: "op-par", client: { use_par: true } }));
    const browser = newBrowser();
    const authorization = await startSignIn(config, browser, "op-par");
    expect([...authorization.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    const response = await finishSignIn(
      config,
      browser,
      await authorizeAtOP(browser, authorization, "alice"),
    );
    expect(locationOf(response).searchParams.get("error")).toBeNull();
  });

  it("adds the sign-in request's extra parameters, never over the protocol's own", async () => {
    const browser = newBrowser();
    const url = await startSignIn(
      app(provider()),
      browser,
      "op",
      "?prompt=login&login_hint=alice&redirect_uri=https://evil.example",
    );
    expect(url.searchParams.get("prompt")).toBe("login");
    expect(url.searchParams.get("login_hint")).toBe("alice");
    expect(url.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/op`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("sends state and PKCE for X (Twitter), whose OAuth 2.0 requires both", async () => {
    const config: AuthConfig = {
      providers: [Twitter({ clientId: "x", clientSecret: "y" })],
      secret: SECRET,
      trustHost: true,
    };
    const url = await startSignIn(config, newBrowser(), "twitter");
    expect(url.origin).toBe("https://x.com");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
  });
});

describe("form_post (Apple's response mode)", () => {
  /** The OP's auto-submitting form: its action and fields. */
  async function formPostOf(browser: ReturnType<typeof newBrowser>, authorization: URL) {
    let next = authorization.href;
    for (let step = 0; step < 10; step++) {
      const response = await opRequest(browser, next);
      if (response.status === 200 && !next.includes("/interaction/")) {
        const html = await response.text();
        const fields = Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
        );
        return fields as Record<string, string>;
      }
      if (response.status === 200) {
        const uid = new URL(next).pathname.split("/")[2];
        const submitted = await opRequest(browser, `${op.issuer}/interaction/${uid}`, {
          form: { prompt: "login", login: "alice", password: "x" },
        });
        next = new URL(submitted.headers.get("location") as string, op.issuer).href;
        continue;
      }
      next = new URL(response.headers.get("location") as string, next).href;
    }
    throw new Error("no form_post page");
  }

  const appleLike = () =>
    app(
      provider({
        authorization: { params: { response_mode: "form_post", scope: "openid email" } },
        profile: Apple().profile as OIDCConfig["profile"],
      }),
    );

  it("sends a cross-site POST without cookies round to a GET, where the check cookies arrive, and signs in with the posted first-login name", async () => {
    const config = appleLike();
    const browser = newBrowser();
    const fields = await formPostOf(browser, await startSignIn(config, browser, "op"));
    expect(fields.code).toBeTruthy();
    const user = JSON.stringify({ name: { firstName: "Alice", lastName: "Appleseed" } });
    // SameSite=Lax: the provider's cross-site POST carries none of our cookies.
    const posted = await send(config, "/callback/op", { origin: APP, form: { ...fields, user } });
    const relayed = locationOf(posted);
    expect(relayed.pathname).toBe("/auth/callback/op");
    expect(relayed.searchParams.get("code")).toBe(fields.code);
    const response = await finishSignIn(config, browser, relayed);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect((await sessionOf(config, browser))?.user).toMatchObject({
      name: "Alice Appleseed",
      email: "alice@example.test",
    });
  });

  it("accepts the POST directly when it carries the check cookies (SameSite=None setups)", async () => {
    const config = appleLike();
    const browser = newBrowser();
    const fields = await formPostOf(browser, await startSignIn(config, browser, "op"));
    const response = await send(config, "/callback/op", { origin: APP, cookie: browser.app, form: fields });
    browser.app.apply(response);
    expect(locationOf(response).href).toBe(`${APP}/dashboard`);
    expect((await sessionOf(config, browser))?.user).toMatchObject({
      email: "alice@example.test",
      name: null,
    });
  });
});

describe("redirect proxy", () => {
  it("relays a callback to the preview deployment named in its sealed state, which then signs in", async () => {
    const stable = "https://app.test/auth";
    const preview = "https://preview.app.test";
    const config = app(provider({ redirectProxyUrl: stable }));
    const browser = newBrowser();
    const { token } = await (await import("../../core/helpers.js")).getCsrf(config, {
      origin: preview,
      cookie: browser.app,
    });
    const start = await send(config, "/signin/op", {
      origin: preview,
      cookie: browser.app,
      form: { csrfToken: token },
    });
    browser.app.apply(start);
    const authorization = locationOf(start);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${stable}/callback/op`);
    const callback = await authorizeAtOP(browser, authorization, "alice");
    // At the stable deployment: no cookies of the preview's, only the sealed state.
    expect(callback.origin).toBe("https://app.test");
    const relay = locationOf(
      await send(config, callback.pathname.replace(/^\/auth/, "") + callback.search, {
        origin: "https://app.test",
      }),
    );
    expect(relay.origin).toBe(preview);
    const finished = await send(config, relay.pathname.replace(/^\/auth/, "") + relay.search, {
      origin: preview,
      cookie: browser.app,
    });
    expect(locationOf(finished).searchParams.get("error")).toBeNull();
  });

  it("relays nowhere for a state it did not seal", async () => {
    const config = app(provider({ redirectProxyUrl: "https://app.test/auth" }));
    const response = await send(config, "/callback/op?code=x&state=eyJhbGciOiJub25lIn0.e30.", {
      origin: "https://app.test",
    });
    expect(locationOf(response).origin).toBe("https://app.test");
    expect(locationOf(response).searchParams.get("error")).toBeTruthy();
  });
});

describe("GitHub's e-mail endpoint", () => {
  let github: Server;
  let base: string;
  let emails: Array<{ email: string; primary: boolean; verified: boolean }>;
  beforeAll(async () => {
    github = createServer((req, res) => {
      const send = (body: unknown) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url?.startsWith("/login/oauth/access_token"))
        return send({ access_token: "gho_token", token_type: "bearer", scope: "read:user,user:email" });
      if (req.url === "/api/v3/user")
        return send({
          id: 583231,
          login: "octocat",
          name: null,
          email: null,
          avatar_url: "https://a.example/o.png",
        });
      if (req.url === "/api/v3/user/emails") return send(emails);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => github.close(() => resolve())));

  // A GitHub Enterprise Server's addresses are its admins' to set: its word proves an address only
  // when the app says so (on github.com it does by default).
  async function signInWithGitHub(trustEmailVerified = true) {
    const tables = createMemoryTables();
    const config: AuthConfig = {
      providers: [
        GitHub({
          clientId: "gh",
          clientSecret: "gh-secret",
          enterprise: { baseUrl: base },
          trustEmailVerified,
        }),
      ],
      adapter: MemoryAdapter(tables),
      secret: SECRET,
      trustHost: true,
    };
    const browser = newBrowser();
    const authorization = await startSignIn(config, browser, "github");
    expect(authorization.href.startsWith(`${base}/login/oauth/authorize`)).toBe(true);
    const callback = new URL(`${APP}/auth/callback/github?code=gh-code`);
    const response = await finishSignIn(config, browser, callback);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    return [...tables.users.values()][0];
  }

  it("takes the verified primary address when the profile's e-mail is empty, and counts it as verified", async () => {
    emails = [
      { email: "old@example.test", primary: false, verified: true },
      { email: "octo@example.test", primary: true, verified: true },
    ];
    const user = await signInWithGitHub();
    expect(user).toMatchObject({ email: "octo@example.test", name: "octocat" });
    expect(user?.emailVerified).toBeInstanceOf(Date);
  });

  it("keeps a GitHub Enterprise Server's verified address unproven unless the app trusts that server", async () => {
    emails = [{ email: "octo@example.test", primary: true, verified: true }];
    const user = await signInWithGitHub(false);
    expect(user).toMatchObject({ email: "octo@example.test" });
    expect(user?.emailVerified ?? null).toBeNull();
    expect(GitHub({ enterprise: { baseUrl: base } }).trustEmailVerified).toBe(false);
    expect(GitHub().trustEmailVerified).toBe(true);
  });

  it("takes no address that GitHub has not verified", async () => {
    emails = [{ email: "unverified@example.test", primary: true, verified: false }];
    const user = await signInWithGitHub();
    expect(user?.email ?? null).toBeNull();
    expect(user?.emailVerified ?? null).toBeNull();
  });
});

describe("Microsoft Entra ID's tenant issuer", () => {
  const token = (claims: Record<string, unknown>) =>
    `${btoa(JSON.stringify({ alg: "RS256" }))}.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.sig`;

  it("discovers the multi-tenant document and checks each token against the template filled with its tid", () => {
    const entra = MicrosoftEntraID({ clientId: "id", clientSecret: "s" });
    expect(entra).toMatchObject({
      issuer: "https://login.microsoftonline.com/{tenantid}/v2.0",
      wellKnown: "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
      issuerTenantClaim: "tid",
    });
    const tid = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    expect(expectedIssuer(entra, entra.issuer as string, token({ tid }))).toBe(
      `https://login.microsoftonline.com/${tid}/v2.0`,
    );
    // A tid that is not a tenant id leaves the template, which no token's iss can equal.
    expect(expectedIssuer(entra, entra.issuer as string, token({ tid: "evil.example/x" }))).toBe(
      entra.issuer,
    );
  });

  it("checks a single tenant's issuer exactly", () => {
    const entra = MicrosoftEntraID({
      clientId: "id",
      clientSecret: "s",
      tenantId: "contoso.onmicrosoft.com",
    });
    expect(entra.issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0");
    expect(expectedIssuer(entra, entra.issuer as string, token({ tid: "other" }))).toBe(entra.issuer);
  });
});
