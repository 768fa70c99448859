/**
 * The flows on an edge runtime, where package.json's `#auth-flows` picks `auth-registry.edge.ts`:
 * `Auth` brings none, so that a single-file bundle holds only the flows the app's providers bring.
 * Each factory carries its type's flow and signs in as on Node; a provider written as a plain object
 * carries none, and startup names the factory to use instead (docs/migrating.md).
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig, ProviderConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";
import OAuth from "../../src/providers/oauth.js";
import OIDC from "../../src/providers/oidc.js";
import Resend from "../../src/providers/resend.js";
import { getCsrf, locationOf, makeConfig, recordingLogger, send, signedIn } from "../core/helpers.js";

vi.mock("#auth-flows", () => import("../../src/flows/auth-registry.edge.js"));

const client = { clientId: "app", clientSecret: "a-client-secret" };

async function startupError(providers: ProviderConfig[]): Promise<string> {
  const log = recordingLogger();
  const response = await send(makeConfig({ providers, logger: log.logger }), "/providers");
  expect(response.status).toBe(500);
  return log.text();
}

describe("on an edge runtime, a provider written as a plain object", () => {
  it.each<[string, ProviderConfig, RegExp]>([
    [
      "oidc",
      { id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.example.test", ...client },
      /Provider "corp" of type "oidc" has no flow: build it with a factory, OIDC\(\) from "latchkey\/providers\/oidc"/,
    ],
    [
      "oauth",
      { id: "acme", name: "Acme", type: "oauth", issuer: "https://acme.example.test", ...client },
      /Provider "acme" of type "oauth" has no flow: build it with a factory, OAuth\(\) from "latchkey\/providers\/oauth"/,
    ],
    [
      "email",
      { id: "mail", name: "Mail", type: "email", sendVerificationRequest: async () => undefined },
      /Provider "mail" of type "email" has no flow: build it with a factory, Email\(\) from "latchkey\/providers\/email"/,
    ],
    [
      "credentials",
      { id: "pin", name: "PIN", type: "credentials", credentials: {}, authorize: () => null },
      /Provider "pin" of type "credentials" has no flow: build it with Credentials\(\) from "latchkey\/providers\/credentials"/,
    ],
  ])(
    "of type %s fails at startup, naming the factory that brings its flow",
    async (_type, provider, message) => {
      expect(await startupError([provider])).toMatch(message);
    },
  );
});

describe("on an edge runtime, providers built by their factories bring their flows", () => {
  it("GitHub(), Google(), OIDC(), OAuth(), Email(), Resend() and Credentials() all resolve", async () => {
    const config: AuthConfig = makeConfig({
      adapter: MemoryAdapter(),
      providers: [
        GitHub(client),
        Google(client),
        OIDC({ id: "corp", name: "Corp", issuer: "https://sso.example.test", ...client }),
        OAuth({ id: "acme", name: "Acme", issuer: "https://acme.example.test", ...client }),
        Email({ sendVerificationRequest: async () => undefined }),
        Resend({ apiKey: "re_test", from: "Example <no-reply@example.test>" }),
        Credentials({ authorize: () => null }),
      ],
    });
    const response = await send(config, "/providers");
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual([
      "github",
      "google",
      "corp",
      "acme",
      "email",
      "resend",
      "credentials",
    ]);
  });

  it("Credentials() signs in", async () => {
    const jar = await signedIn(makeConfig());
    expect(jar.header()).toContain("authjs.session-token=");
  });

  it("OAuth() starts an authorization-code sign-in at its authorization endpoint", async () => {
    const config = makeConfig({
      providers: [
        OAuth({
          id: "acme",
          name: "Acme",
          authorization: "https://acme.example.test/authorize",
          token: "https://acme.example.test/token",
          userinfo: "https://acme.example.test/me",
          ...client,
        }),
      ],
    });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signin/acme", { cookie: jar, form: { csrfToken: token } });
    const location = locationOf(response);
    expect(location.origin + location.pathname).toBe("https://acme.example.test/authorize");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("Email() mails a sign-in link", async () => {
    const sent: string[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [Email({ sendVerificationRequest: async ({ identifier }) => void sent.push(identifier) })],
    });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signin/email", {
      cookie: jar,
      form: { csrfToken: token, email: "ada@example.test" },
    });
    expect(locationOf(response).pathname).toBe("/auth/verify-request");
    expect(sent).toEqual(["ada@example.test"]);
  });
});
