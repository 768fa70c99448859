/**
 * An authorization server on 127.0.0.1 whose every answer the test writes: the metadata document,
 * the JWKS, the token and userinfo responses. It stands in for a provider that misbehaves in ways
 * the real OpenID Provider of test/e2e/oidc never does (a metadata document naming another issuer,
 * ID tokens signed with each JOSE algorithm, a userinfo `sub` of another user), and records each
 * request it receives so a test can assert what latchkey sent.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, importJWK, type JWTPayload, SignJWT } from "jose";
import type { OIDCConfig } from "../../../src/providers/types.js";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query parameters, as received. */
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

export type Route = (request: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>;

export const ASYMMETRIC_ALGS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;

export interface ScriptedIssuer {
  /** `http://127.0.0.1:<port>`, the issuer identifier unless a test says otherwise. */
  origin: string;
  /** Answers by path (without query); a path with no route answers 404. */
  routes: Map<string, Route>;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Requests received for `path`. */
  requestsTo(path: string): RecordedRequest[];
  /** Signs `claims` with the published key of `alg` (kid = alg). */
  sign(claims: JWTPayload, alg?: string, header?: Record<string, unknown>): Promise<string>;
  /** The OpenID Connect metadata document of this server, with `overrides`. */
  metadata(overrides?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startScriptedIssuer(): Promise<ScriptedIssuer> {
  const keys = new Map<string, CryptoKey>();
  const publicJwks: Record<string, unknown>[] = [];
  // One RSA key serves the six RS*/PS* algorithms (generating six would slow every run down).
  const rsa = await generateKeyPair("RS256", { extractable: true });
  const rsaPrivate = await exportJWK(rsa.privateKey);
  const rsaPublic = await exportJWK(rsa.publicKey);
  for (const alg of ASYMMETRIC_ALGS) {
    if (/^(RS|PS)/.test(alg)) {
      keys.set(alg, (await importJWK(rsaPrivate, alg)) as CryptoKey);
      publicJwks.push({ ...rsaPublic, kid: alg, alg, use: "sig" });
      continue;
    }
    const pair = await generateKeyPair(alg, { extractable: true });
    keys.set(alg, pair.privateKey);
    publicJwks.push({ ...(await exportJWK(pair.publicKey)), kid: alg, alg, use: "sig" });
  }

  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: await readBody(req),
    };
    requests.push(recorded);
    const route = routes.get(recorded.path);
    const answer: ScriptedAnswer = route ? await route(recorded) : { status: 404, body: "not found" };
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null);
    res.writeHead(answer.status ?? 200, {
      "content-type": typeof answer.body === "string" ? "text/plain" : "application/json",
      ...answer.headers,
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes.set("/jwks", () => ({ body: { keys: publicJwks } }));

  const issuer: ScriptedIssuer = {
    origin,
    routes,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    sign: (claims, alg = "RS256", header = {}) => {
      const key = keys.get(alg);
      if (!key) throw new Error(`no key for ${alg}`);
      return new SignJWT(claims).setProtectedHeader({ alg, kid: alg, ...header }).sign(key);
    },
    metadata: (overrides = {}) => ({
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      userinfo_endpoint: `${origin}/userinfo`,
      jwks_uri: `${origin}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return issuer;
}

/** An OpenID Connect provider config for `issuer`, as an app writes it. */
export function oidcProvider(issuer: ScriptedIssuer, overrides: Partial<OIDCConfig> = {}): OIDCConfig {
  return {
    id: "scripted",
    name: "Scripted",
    type: "oidc",
    issuer: issuer.origin,
    clientId: "client-1",
    clientSecret: "client-1-secret-0123456789abcdefghijklmnop",
    ...overrides,
  };
}

/** The claims of a valid ID token for `client-1` from `issuer`, issued now. */
export function idTokenClaims(issuer: ScriptedIssuer, extra: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return { iss: issuer.origin, sub: "alice", aud: "client-1", iat: now, exp: now + 300, ...extra };
}
