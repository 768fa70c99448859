/**
 * A real OpenID Provider (`oidc-provider`) on 127.0.0.1, one per test file, with the clients the
 * tests use, a signing key the tests hold too (so the ID-token proxy can re-sign forged claims with
 * the issuer's real key), and counters of the token requests it served. In front of its token
 * endpoint sits a small proxy that rewrites ID tokens in flight, as the attack tests direct.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider from "oidc-provider";
import OIDC from "../../../src/providers/oidc.js";
import type { OIDCConfig } from "../../../src/providers/types.js";

/** The app every client redirects to (driven in-process through `Auth()`). */
export const APP_ORIGIN = "http://app.test";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export const ACCOUNTS: Record<string, TestAccount> = {
  alice: { sub: "alice", email: "alice@example.test", email_verified: true, name: "Alice Liddell" },
  bob: { sub: "bob", email: "bob@example.test", email_verified: false, name: "Bob" },
  mallory: { sub: "mallory", email: "alice@example.test", email_verified: false, name: "Mallory" },
};

export const CLIENT_SECRET = "op-client-secret-0123456789abcdefghijklmnopqrstuvwxyz";

/** How the proxy rewrites the next token responses' ID tokens. */
/** The OpenID Connect provider an app configures to sign in at `op` (id "op" unless overridden). */
export function providerAt(op: Pick<TestOP, "issuer">, overrides: Partial<OIDCConfig> = {}): OIDCConfig {
  return OIDC({
    id: "op",
    name: "Test OP",
    issuer: op.issuer,
    clientId: "latchkey",
    clientSecret: CLIENT_SECRET,
    ...overrides,
  });
}

export type IdTokenRewrite = (idToken: string) => Promise<string> | string;

export interface TestOP {
  issuer: string;
  /** The proxy's token endpoint, which forwards to the OP's and applies `rewrite`. */
  proxiedTokenEndpoint: string;
  /** The issuer's private signing key, to forge validly signed tokens. */
  signingKey: { privateKey: CryptoKey; kid: string };
  /** Applied to every ID token the proxy forwards; undefined forwards them untouched. */
  rewrite: IdTokenRewrite | undefined;
  /** The last token request the proxy forwarded: its Authorization header and form body. */
  lastProxiedTokenRequest: { authorization: string | undefined; body: URLSearchParams } | undefined;
  /** Token requests the OP answered (successfully or not), by grant type. */
  tokenRequests: { authorization_code: number; refresh_token: number };
  /** The oidc-provider instance, e.g. to revoke a grant so its refresh token is refused. */
  provider: Provider;
  close(): Promise<void>;
}

function redirectUris(ids: string[]): string[] {
  return ids.map((id) => `${APP_ORIGIN}/auth/callback/${id}`);
}

/** Provider ids the tests configure; every client accepts a callback to each. */
export const PROVIDER_IDS = [
  "op",
  "op-b",
  "op-public",
  "op-post",
  "op-pkjwt",
  "op-proxy",
  "op-short",
  "op-par",
];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startOP(
  options: {
    clientPublicJwk?: JWK;
    requirePushedAuthorizationRequests?: boolean;
    /** Keep the scopes' claims out of the code flow's ID token, for userinfo alone (the default here: in it). */
    conformIdTokenClaims?: boolean;
    /** More callback URLs every client accepts: an app served over HTTP on a port of its own. */
    extraRedirectUris?: string[];
  } = {},
): Promise<TestOP> {
  const { privateKey, publicKey: _publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = "op-key-1";
  const signingJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };

  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  // The redirect-proxy tests' stable deployment is served over https.
  const redirect_uris = [
    ...redirectUris(PROVIDER_IDS),
    "https://app.test/auth/callback/op",
    ...(options.extraRedirectUris ?? []),
  ];
  const common = {
    redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code" as const],
  };
  const provider = new Provider(issuer, {
    clients: [
      { ...common, client_id: "latchkey", client_secret: CLIENT_SECRET },
      { ...common, client_id: "latchkey-short", client_secret: CLIENT_SECRET },
      {
        ...common,
        client_id: "latchkey-post",
        client_secret: CLIENT_SECRET,
        token_endpoint_auth_method: "client_secret_post",
      },
      { ...common, client_id: "latchkey-public", token_endpoint_auth_method: "none" },
      ...(options.clientPublicJwk
        ? [
            {
              ...common,
              client_id: "latchkey-pkjwt",
              token_endpoint_auth_method: "private_key_jwt" as const,
              jwks: { keys: [options.clientPublicJwk] } as never,
            },
          ]
        : []),
    ],
    jwks: { keys: [signingJwk] },
    async findAccount(_ctx, id) {
      const account = ACCOUNTS[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "offline_access", "email", "profile"],
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    features: {
      devInteractions: { enabled: true },
      pushedAuthorizationRequests: {
        enabled: true,
        requirePushedAuthorizationRequests: options.requirePushedAuthorizationRequests ?? false,
      },
      revocation: { enabled: true },
    },
    pkce: { required: () => false },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile offline_access");
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    ttl: {
      // latchkey-short's access tokens always fall inside getAccessToken's 60 s refresh window.
      AccessToken: (_ctx, _token, client) => (client?.clientId === "latchkey-short" ? 30 : 3600),
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
      RefreshToken: 86400,
      PushedAuthorizationRequest: 60,
    },
    cookies: { keys: ["op-cookie-key-0123456789"] },
  });
  provider.on("server_error", (_ctx, error) => console.error("[test OP]", error));

  const tokenRequests = { authorization_code: 0, refresh_token: 0 };
  const handler = provider.callback();
  server.on("request", handler);
  provider.on("grant.success", (ctx) => {
    const grantType = (ctx.oidc.params?.grant_type ?? "") as keyof typeof tokenRequests;
    if (grantType in tokenRequests) tokenRequests[grantType]++;
  });
  provider.on("grant.error", (ctx) => {
    const grantType = (ctx.oidc.params?.grant_type ?? "") as keyof typeof tokenRequests;
    if (grantType in tokenRequests) tokenRequests[grantType]++;
  });

  const op: TestOP = {
    issuer,
    proxiedTokenEndpoint: "",
    signingKey: { privateKey, kid },
    rewrite: undefined,
    lastProxiedTokenRequest: undefined,
    tokenRequests,
    provider,
    close: async () => {
      await Promise.all([close(server), close(proxy)]);
    },
  };

  // The ID-token rewriting proxy: forwards POST /token to the OP and edits the answer's id_token.
  const proxy = createServer(async (req, res) => {
    const body = await readBody(req);
    op.lastProxiedTokenRequest = {
      authorization: req.headers.authorization,
      body: new URLSearchParams(body),
    };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && name !== "host" && name !== "content-length") headers[name] = value;
    }
    const upstream = await fetch(`${issuer}/token`, { method: "POST", headers, body });
    let text = await upstream.text();
    if (upstream.ok && op.rewrite) {
      const json = JSON.parse(text) as { id_token?: string };
      if (json.id_token) json.id_token = await op.rewrite(json.id_token);
      text = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(text);
  });
  op.proxiedTokenEndpoint = `http://127.0.0.1:${await listen(proxy)}/token`;
  return op;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
