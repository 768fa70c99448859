/**
 * An application on an edge runtime: no Node types, every public entry but `latchkey/node`.
 * consumer.test.ts compiles it against the built package with `skipLibCheck: false`.
 */
import {
  Auth,
  type AuthConfig,
  AuthError,
  CredentialsSignin,
  createActionURL,
  type DefaultSession,
  deleteAuthenticator,
  getSession,
  listAuthenticators,
  listSessions,
  raw,
  revokeSession,
  type Session,
  setEnvDefaults,
  skipCSRFCheck,
} from "latchkey";
import { type Adapter, type AdapterUser, MemoryAdapter } from "latchkey/adapters";
import { PrismaAdapter, type PrismaClientLike } from "latchkey/adapters/prisma";
import { adapterConformance, type ConformanceDatabase } from "latchkey/adapters/testing";
import { decode, encode, getToken, type JWT } from "latchkey/jwt";
import Credentials from "latchkey/providers/credentials";
import Passkey from "latchkey/providers/passkey";
import WebAuthn from "latchkey/providers/webauthn";
import { MemoryStore } from "latchkey/rate-limit";

declare const prisma: PrismaClientLike;
declare const db: ConformanceDatabase;

class UnknownUser extends CredentialsSignin {
  override code = "unknown_user";
}

const adapter: Adapter = MemoryAdapter();

export const config: AuthConfig = setEnvDefaults(
  {},
  {
    adapter,
    secret: "a-secret-of-at-least-thirty-two-bytes!",
    providers: [
      Credentials({
        credentials: { username: { label: "Username" } },
        authorize: ({ username }) => {
          if (!username) throw new UnknownUser();
          return { id: username, name: username };
        },
      }),
      Passkey({ userVerification: "required" }),
      WebAuthn({ relyingParty: { id: "example.com", origin: "https://login.example.com" } }),
    ],
    callbacks: {
      session: ({ session, user }: { session: Session; user: AdapterUser }): DefaultSession => ({
        ...session,
        user: { name: user.name ?? null, email: user.email },
      }),
    },
    skipCSRFCheck,
  },
);

export default {
  async fetch(request: Request): Promise<Response> {
    try {
      const session = await getSession(request, config);
      if (session) await listSessions(config, session.user?.id ?? "");
      const passkeys = await listAuthenticators(request, config);
      const first = passkeys?.[0];
      if (first) await deleteAuthenticator(request, config, first.credentialID);
      return await Auth(request, config);
    } catch (error) {
      const type = error instanceof AuthError ? error.type : "unknown";
      return new Response(type, { status: 500 });
    }
  },
};

export async function tokens(request: Request): Promise<JWT | null> {
  const secret = "a-secret-of-at-least-thirty-two-bytes!";
  const salt = "authjs.session-token";
  const jwt = await encode({ token: { sub: "user-1" }, secret, salt });
  await revokeSession(config, jwt);
  return (await decode({ token: jwt, secret, salt })) ?? getToken({ req: request, secret });
}

export const internals = { raw, createActionURL, store: new MemoryStore() };
export const prismaAdapter = PrismaAdapter(prisma);
export const checks = adapterConformance({ adapter: prismaAdapter, db }).map((check) => check.name);
