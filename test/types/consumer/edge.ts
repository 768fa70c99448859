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
  getAccessToken,
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
import { hashPassword, needsRehash, verifyPassword } from "latchkey/password";
import P_apple from "latchkey/providers/apple";
import P_auth0 from "latchkey/providers/auth0";
import P_authentik from "latchkey/providers/authentik";
import P_bitbucket from "latchkey/providers/bitbucket";
import P_cognito from "latchkey/providers/cognito";
import Credentials from "latchkey/providers/credentials";
import P_discord from "latchkey/providers/discord";
import P_dropbox from "latchkey/providers/dropbox";
import Email from "latchkey/providers/email";
import P_facebook from "latchkey/providers/facebook";
import ForwardEmail from "latchkey/providers/forwardemail";
import P_github from "latchkey/providers/github";
import P_gitlab from "latchkey/providers/gitlab";
import P_google from "latchkey/providers/google";
import P_keycloak from "latchkey/providers/keycloak";
import P_linkedin from "latchkey/providers/linkedin";
import Loops from "latchkey/providers/loops";
import Mailgun from "latchkey/providers/mailgun";
import P_microsoft_entra_id from "latchkey/providers/microsoft-entra-id";
import Nodemailer from "latchkey/providers/nodemailer";
import P_notion from "latchkey/providers/notion";
import P_oauth from "latchkey/providers/oauth";
import P_oidc from "latchkey/providers/oidc";
import P_okta from "latchkey/providers/okta";
import Passkey from "latchkey/providers/passkey";
import Postmark from "latchkey/providers/postmark";
import P_reddit from "latchkey/providers/reddit";
import Resend from "latchkey/providers/resend";
import P_salesforce from "latchkey/providers/salesforce";
import SendGrid from "latchkey/providers/sendgrid";
import P_slack from "latchkey/providers/slack";
import P_spotify from "latchkey/providers/spotify";
import P_twitch from "latchkey/providers/twitch";
import P_twitter from "latchkey/providers/twitter";
import WebAuthn from "latchkey/providers/webauthn";
import P_workos from "latchkey/providers/workos";
import P_zitadel from "latchkey/providers/zitadel";
import {
  DEFAULT_RATE_LIMIT_RULES,
  MemoryStore,
  type RateLimitConfig,
  type RedisClientLike,
  RedisStore,
} from "latchkey/rate-limit";

declare const prisma: PrismaClientLike;
declare const db: ConformanceDatabase;
// An ioredis client, as the app passes it (the repository's own typecheck pins that ioredis fits).
declare const redis: RedisClientLike;

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
      Email({ otp: true, sendVerificationRequest: async ({ identifier, url }) => void [identifier, url] }),
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

// The HTTP mail services send with fetch alone: no Node types, edge-safe.
export const mailServices: AuthConfig = {
  adapter,
  providers: [
    Resend({ from: "Example <no-reply@example.com>", apiKey: "re_key" }),
    SendGrid({ from: "Example <no-reply@example.com>" }),
    Postmark({ from: "Example <no-reply@example.com>" }),
    Mailgun({ from: "Example <no-reply@mg.example.com>", region: "EU" }),
    ForwardEmail({ from: "Example <no-reply@example.com>" }),
    Loops({ transactionalId: "clx0example", otp: true }),
  ],
};

/** Every built-in OAuth/OIDC provider fits `providers`, passed as its factory. */
export const oauthConfig: AuthConfig = {
  providers: [
    P_apple,
    P_auth0,
    P_authentik,
    P_bitbucket,
    P_cognito,
    P_discord,
    P_dropbox,
    P_facebook,
    P_github,
    P_gitlab,
    P_google,
    P_keycloak,
    P_linkedin,
    P_microsoft_entra_id,
    P_notion,
    P_okta,
    P_reddit,
    P_salesforce,
    P_slack,
    P_spotify,
    P_twitch,
    P_twitter,
    P_workos,
    P_zitadel,
    P_oidc({ id: "corp", name: "Corp", issuer: "https://sso.example" }),
    P_oauth({
      id: "acme",
      name: "Acme",
      authorization: "https://acme.example/a",
      token: "https://acme.example/t",
    }),
  ],
};

export async function upstreamToken(request: Request): Promise<string> {
  return (await getAccessToken(request, oauthConfig, "github")).accessToken;
}

export const internals = { raw, createActionURL, store: new MemoryStore() };
export const prismaAdapter = PrismaAdapter(prisma);
export const checks = adapterConformance({ adapter: prismaAdapter, db }).map((check) => check.name);

// The limiter's option and defaults are edge-safe: only the Redis store needs Node.
export const rateLimit: RateLimitConfig = {
  store: new MemoryStore(),
  rules: { signInRequest: { perAccount: DEFAULT_RATE_LIMIT_RULES.signInRequest.perAccount - 1 } },
};

// Their types compile without Node's: the password helpers and nodemailer run on Node only, but
// an app's shared config module may name them.
export const nodeOnly: AuthConfig = {
  providers: [
    Nodemailer({ server: "smtp://127.0.0.1:1025", from: "Example <no-reply@example.com>", otp: true }),
  ],
  store: new RedisStore(redis),
};
export const passwords = async (attempt: string): Promise<boolean> => {
  const stored = await hashPassword("correct horse battery staple");
  return (await verifyPassword(stored, attempt)) && !needsRehash(stored);
};
