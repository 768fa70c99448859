/**
 * A local OpenID Provider for the example, so "Sign in with Local OP" works with no account anywhere:
 * `oidc-provider` on 127.0.0.1 with its development login page, where any username signs in.
 * Plain http is fine here: latchkey accepts http issuers on loopback hosts only.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const CLIENT_ID = "latchkey-example";
export const CLIENT_SECRET = "latchkey-example-client-secret-not-for-production";

export interface LocalOpenIdProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the provider on `port` (0: any free port); `redirectUri` is the example's callback URL. */
export async function startOpenIdProvider(port: number, redirectUri: string): Promise<LocalOpenIdProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    // Any username is an account: its e-mail is <name>@example.test, asserted verified.
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: () => ({ sub: id, name: id, email: `${id}@example.test`, email_verified: true }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile", "offline_access"],
    // Put the profile in the ID token, as most providers do: latchkey's OIDC profile is its claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["latchkey-example-op-cookie-key"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
