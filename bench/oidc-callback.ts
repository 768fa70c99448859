/**
 * GET /callback/:id of an OpenID Connect provider, the whole code flow's second half: latchkey vs
 * @auth/core against the same local OpenID Provider (discovery, JWKS, token endpoint on
 * 127.0.0.1). The provider accepts any code, and answers each token request with the same ID token
 * signed once, so what is measured is each library's callback (check cookies, token request, ID
 * token validation, session token), not the provider's signing. latchkey also verifies the ID
 * token's signature; @auth/core does not.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth as authjsAuth } from "@auth/core";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { Auth } from "latchkey";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const origin = "http://app.test";
const clientId = "bench-client";
const clientSecret = "bench-client-secret";

async function localOP(): Promise<{ issuer: string; server: Server }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idToken = await new SignJWT({ email: "ada@example.test", name: "Ada Lovelace", email_verified: true })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(issuer)
    .setSubject("ada")
    .setAudience(clientId)
    .setIssuedAt()
    .setExpirationTime("2h")
    .sign(privateKey);
  const json = (res: import("node:http").ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  server.on("request", (req, res) => {
    if (req.url === "/.well-known/openid-configuration") {
      return json(res, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (req.url === "/jwks") return json(res, { keys: [jwk] });
    if (req.url === "/token") {
      req.resume();
      req.on("end", () =>
        json(res, {
          access_token: "bench-access-token",
          token_type: "Bearer",
          expires_in: 3600,
          id_token: idToken,
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  return { issuer, server };
}

/** Starts a sign-in with `auth` and returns the cookies and `state`-free callback request it implies. */
async function callbackRequestFor(auth: (request: Request) => Promise<Response>): Promise<() => Request> {
  const csrf = await auth(new Request(`${origin}/auth/csrf`));
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signin = await auth(
    new Request(`${origin}/auth/signin/op`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/` }).toString(),
    }),
  );
  const cookies = [csrfCookie, ...signin.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const url = `${origin}/auth/callback/op?code=bench-code`;
  return () => new Request(url, { headers: { cookie: cookies } });
}

export async function oidcCallbackGroups(): Promise<{ groups: BenchGroup[]; close(): Promise<void> }> {
  const { issuer, server } = await localOP();
  const provider = { id: "op", name: "Local OP", type: "oidc" as const, issuer, clientId, clientSecret };
  const latchkeyConfig = { secret, trustHost: true, providers: [provider] };
  const authjsConfig = { secret, trustHost: true, basePath: "/auth", providers: [{ ...provider }] } as never;
  const latchkey = (request: Request) => Auth(request, latchkeyConfig);
  const authjs = (request: Request) => authjsAuth(request, authjsConfig) as Promise<Response>;
  const latchkeyRequest = await callbackRequestFor(latchkey);
  const authjsRequest = await callbackRequestFor(authjs);

  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  // Both must sign in (a session cookie, no error) before anything is measured; a side that cannot
  // leaves the group out (with the reason) rather than stopping the other groups.
  for (const [name, run, request] of [
    ["latchkey", latchkey, latchkeyRequest],
    ["@auth/core", authjs, authjsRequest],
  ] as const) {
    const response = await run(request());
    const location = response.headers.get("location") ?? "";
    const session = response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
    if (location.includes("error") || !session)
      throw new Error(`${name}'s OIDC callback did not sign in: ${location}`);
  }

  return {
    groups: [
      {
        title: "GET /callback (OIDC code flow, local OP)",
        tasks: [
          { name: "latchkey", fn: () => latchkey(latchkeyRequest()) },
          { name: "@auth/core", fn: () => authjs(authjsRequest()) },
        ],
        ratios: [["latchkey", "@auth/core"]],
      },
    ],
    close,
  };
}
