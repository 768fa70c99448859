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
  type DatabaseStrategy,
  type DefaultSession,
  databaseStrategy,
  deleteAuthenticator,
  getAccessToken,
  getSession,
  listAuthenticators,
  listSessions,
  listUserSessions,
  type ManagedSession,
  type OwnSession,
  raw,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
  type Session,
  type SessionOptions,
  type SignOutReason,
  setEnvDefaults,
  skipCSRFCheck,
} from "latchkey";
import { type Adapter, type AdapterUser, MemoryAdapter } from "latchkey/adapters";
import { PrismaAdapter, type PrismaClientLike } from "latchkey/adapters/prisma";
import { adapterConformance, type ConformanceDatabase } from "latchkey/adapters/testing";
import {
  type ClientSafeProvider,
  configureClient,
  getSession as getBrowserSession,
  getCsrfToken,
  getProviders,
  registerPasskey,
  type SignInResponse,
  signIn,
  signInWithPasskeyAutofill,
  signOut,
} from "latchkey/client";
import { decode, encode, getToken, type JWT } from "latchkey/jwt";
import { type LanguagePack, language } from "latchkey/locales";
import L_ar from "latchkey/locales/ar";
import L_de from "latchkey/locales/de";
import L_en from "latchkey/locales/en";
import L_es from "latchkey/locales/es";
import L_fr from "latchkey/locales/fr";
import L_he from "latchkey/locales/he";
import L_it from "latchkey/locales/it";
import L_ja from "latchkey/locales/ja";
import L_ko from "latchkey/locales/ko";
import L_nl from "latchkey/locales/nl";
import L_pl from "latchkey/locales/pl";
import L_pt_BR from "latchkey/locales/pt-BR";
import L_tr from "latchkey/locales/tr";
import L_zh_CN from "latchkey/locales/zh-CN";
import { type NextAuthV4Sessions, nextAuthV4Sessions } from "latchkey/migrate";
import { hasPermission, Organizations, requireRole } from "latchkey/organizations";
import { hashPassword, needsRehash, verifyPassword } from "latchkey/password";
import type { Provider } from "latchkey/providers";
import P_42_school from "latchkey/providers/42-school";
import P_apple from "latchkey/providers/apple";
import P_asgardeo from "latchkey/providers/asgardeo";
import P_atlassian from "latchkey/providers/atlassian";
import P_auth0 from "latchkey/providers/auth0";
import P_authentik from "latchkey/providers/authentik";
import P_azure_ad from "latchkey/providers/azure-ad";
import P_azure_ad_b2c from "latchkey/providers/azure-ad-b2c";
import P_azure_devops from "latchkey/providers/azure-devops";
import P_bankid_no from "latchkey/providers/bankid-no";
import P_battlenet from "latchkey/providers/battlenet";
import P_beyondidentity from "latchkey/providers/beyondidentity";
import P_bitbucket from "latchkey/providers/bitbucket";
import P_box from "latchkey/providers/box";
import P_boxyhq_saml from "latchkey/providers/boxyhq-saml";
import P_bungie from "latchkey/providers/bungie";
import P_click_up from "latchkey/providers/click-up";
import P_cognito from "latchkey/providers/cognito";
import P_coinbase from "latchkey/providers/coinbase";
import P_concept2 from "latchkey/providers/concept2";
import Credentials from "latchkey/providers/credentials";
import P_descope from "latchkey/providers/descope";
import P_discord from "latchkey/providers/discord";
import P_dribbble from "latchkey/providers/dribbble";
import P_dropbox from "latchkey/providers/dropbox";
import P_duende_identity_server6 from "latchkey/providers/duende-identity-server6";
import Email from "latchkey/providers/email";
import P_eventbrite from "latchkey/providers/eventbrite";
import P_eveonline from "latchkey/providers/eveonline";
import P_facebook from "latchkey/providers/facebook";
import P_faceit from "latchkey/providers/faceit";
import P_figma from "latchkey/providers/figma";
import ForwardEmail from "latchkey/providers/forwardemail";
import P_foursquare from "latchkey/providers/foursquare";
import P_freshbooks from "latchkey/providers/freshbooks";
import P_frontegg from "latchkey/providers/frontegg";
import P_fusionauth from "latchkey/providers/fusionauth";
import P_github from "latchkey/providers/github";
import P_gitlab from "latchkey/providers/gitlab";
import P_google from "latchkey/providers/google";
import P_hubspot from "latchkey/providers/hubspot";
import P_huggingface from "latchkey/providers/huggingface";
import P_identity_server4 from "latchkey/providers/identity-server4";
import P_instagram from "latchkey/providers/instagram";
import P_kakao from "latchkey/providers/kakao";
import P_keycloak from "latchkey/providers/keycloak";
import P_kinde from "latchkey/providers/kinde";
import P_line from "latchkey/providers/line";
import P_linkedin from "latchkey/providers/linkedin";
import P_logto from "latchkey/providers/logto";
import Loops from "latchkey/providers/loops";
import P_mailchimp from "latchkey/providers/mailchimp";
import Mailgun from "latchkey/providers/mailgun";
import P_mailru from "latchkey/providers/mailru";
import P_mastodon from "latchkey/providers/mastodon";
import P_mattermost from "latchkey/providers/mattermost";
import P_medium from "latchkey/providers/medium";
import P_microsoft_entra_id from "latchkey/providers/microsoft-entra-id";
import P_naver from "latchkey/providers/naver";
import P_netlify from "latchkey/providers/netlify";
import P_netsuite from "latchkey/providers/netsuite";
import P_nextcloud from "latchkey/providers/nextcloud";
import Nodemailer from "latchkey/providers/nodemailer";
import P_notion from "latchkey/providers/notion";
import P_oauth from "latchkey/providers/oauth";
import P_oidc from "latchkey/providers/oidc";
import P_okta from "latchkey/providers/okta";
import P_onelogin from "latchkey/providers/onelogin";
import P_ory_hydra from "latchkey/providers/ory-hydra";
import P_osso from "latchkey/providers/osso";
import P_osu from "latchkey/providers/osu";
import P_passage from "latchkey/providers/passage";
import Passkey from "latchkey/providers/passkey";
import P_patreon from "latchkey/providers/patreon";
import P_ping_id from "latchkey/providers/ping-id";
import P_pinterest from "latchkey/providers/pinterest";
import P_pipedrive from "latchkey/providers/pipedrive";
import Postmark from "latchkey/providers/postmark";
import P_reddit from "latchkey/providers/reddit";
import Resend from "latchkey/providers/resend";
import P_roblox from "latchkey/providers/roblox";
import P_salesforce from "latchkey/providers/salesforce";
import SendGrid from "latchkey/providers/sendgrid";
import P_simplelogin from "latchkey/providers/simplelogin";
import P_slack from "latchkey/providers/slack";
import P_spotify from "latchkey/providers/spotify";
import P_strava from "latchkey/providers/strava";
import P_threads from "latchkey/providers/threads";
import P_tiktok from "latchkey/providers/tiktok";
import P_todoist from "latchkey/providers/todoist";
import P_trakt from "latchkey/providers/trakt";
import P_twitch from "latchkey/providers/twitch";
import P_twitter from "latchkey/providers/twitter";
import P_united_effects from "latchkey/providers/united-effects";
import P_vipps from "latchkey/providers/vipps";
import P_vk from "latchkey/providers/vk";
import WebAuthn from "latchkey/providers/webauthn";
import P_webex from "latchkey/providers/webex";
import P_wechat from "latchkey/providers/wechat";
import P_wikimedia from "latchkey/providers/wikimedia";
import P_wordpress from "latchkey/providers/wordpress";
import P_workos from "latchkey/providers/workos";
import P_yandex from "latchkey/providers/yandex";
import P_zitadel from "latchkey/providers/zitadel";
import P_zoho from "latchkey/providers/zoho";
import P_zoom from "latchkey/providers/zoom";
import {
  DEFAULT_RATE_LIMIT_RULES,
  MemoryStore,
  type RateLimitConfig,
  type RedisClientLike,
  RedisStore,
} from "latchkey/rate-limit";
import { SessionProvider, type SessionProviderProps, useSession } from "latchkey/react";

declare const prisma: PrismaClientLike;
declare const db: ConformanceDatabase;
// An ioredis client, as the app passes it (the repository's own typecheck pins that ioredis fits).
declare const redis: RedisClientLike;

class UnknownUser extends CredentialsSignin {
  override code = "unknown_user";
}

const adapter: Adapter = MemoryAdapter();
// On an edge runtime, database sessions and next-auth v4 adoption come with the values that carry them.
const strategy: DatabaseStrategy = databaseStrategy;
const v4: NextAuthV4Sessions = nextAuthV4Sessions;

export const config: AuthConfig = setEnvDefaults(
  {},
  {
    adapter,
    session: { strategy, cookieCache: { maxAge: 300 } },
    migrate: { nextAuthV4: v4 },
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
      const own: OwnSession[] | null = await listSessions(request, config);
      const first = own?.find((device) => !device.current);
      if (first) await revokeSession(request, config, first.id);
      await revokeOtherSessions(request, config);
      if (session?.user?.id) {
        const all: ManagedSession[] = await listUserSessions(config, session.user.id);
        if (all[0]) await revokeUserSession(config, session.user.id, all[0].id);
        await revokeUserSessions(config, session.user.id, { except: all[1]?.id });
      }
      const passkeys = await listAuthenticators(request, config);
      const passkey = passkeys?.[0];
      if (passkey) await deleteAuthenticator(request, config, passkey.credentialID);
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
    P_42_school,
    P_apple,
    P_asgardeo,
    P_atlassian,
    P_auth0,
    P_authentik,
    P_azure_ad,
    P_azure_ad_b2c,
    P_azure_devops,
    P_bankid_no,
    P_battlenet,
    P_beyondidentity,
    P_bitbucket,
    P_box,
    P_boxyhq_saml,
    P_bungie,
    P_click_up,
    P_cognito,
    P_coinbase,
    P_concept2,
    P_descope,
    P_discord,
    P_dribbble,
    P_dropbox,
    P_duende_identity_server6,
    P_eventbrite,
    P_eveonline,
    P_facebook,
    P_faceit,
    P_figma,
    P_foursquare,
    P_freshbooks,
    P_frontegg,
    P_fusionauth,
    P_github,
    P_gitlab,
    P_google,
    P_hubspot,
    P_huggingface,
    P_identity_server4,
    P_instagram,
    P_kakao,
    P_keycloak,
    P_kinde,
    P_line,
    P_linkedin,
    P_logto,
    P_mailchimp,
    P_mailru,
    P_mastodon,
    P_mattermost,
    P_medium,
    P_microsoft_entra_id,
    P_naver,
    P_netlify,
    P_netsuite,
    P_nextcloud,
    P_notion,
    P_okta,
    P_onelogin,
    P_ory_hydra,
    P_osso,
    P_osu,
    P_passage,
    P_patreon,
    P_ping_id,
    P_pinterest,
    P_pipedrive,
    P_reddit,
    P_roblox,
    P_salesforce,
    P_simplelogin,
    P_slack,
    P_spotify,
    P_strava,
    P_threads,
    P_tiktok,
    P_todoist,
    P_trakt,
    P_twitch,
    P_twitter,
    P_united_effects,
    P_vipps,
    P_vk,
    P_webex,
    P_wechat,
    P_wikimedia,
    P_wordpress,
    P_workos,
    P_yandex,
    P_zitadel,
    P_zoho,
    P_zoom,
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

// The browser client and React hooks: DOM types only, `react`'s types from the optional peer.
export async function browserSignIn(form: { username: string; password: string }): Promise<string> {
  configureClient({ basePath: "/auth" });
  const providers: Record<string, ClientSafeProvider> = await getProviders();
  const result: SignInResponse = await signIn("credentials", { ...form, redirect: false });
  if (!result.ok) return `${result.error}:${result.code ?? ""}:${result.status}`;
  await signIn("github", { redirectTo: "/" }, { prompt: "login" });
  await registerPasskey({ redirect: false });
  await signInWithPasskeyAutofill({ signal: AbortSignal.timeout(1000) });
  const { url } = await signOut({ redirect: false });
  return `${url} ${await getCsrfToken()} ${Object.keys(providers)} ${(await getBrowserSession())?.expires}`;
}
export const sessionProviderProps: Omit<SessionProviderProps, "children"> = {
  session: null,
  refetchInterval: 60,
  refetchWhenOffline: false,
};
export function useGreeting(): string {
  const { data, status, update } = useSession({ required: true, onUnauthenticated: () => undefined });
  if (status === "loading") return "…";
  void update({ name: "Ada" });
  return data.user?.name ?? "";
}
export const provider = SessionProvider;
// Database sessions with the cookie cache, and an audit of every session that ends.
export const cachedSessions: SessionOptions = { strategy: "database", cookieCache: { maxAge: 300 } };
export const audited: AuthConfig["events"] = {
  signOut: (message) => {
    const reason: SignOutReason = message.reason;
    return reason;
  },
};

// A custom sign-in page's provider list, as Auth.js's pages guide builds it from `Provider`.
const pageProviders: Provider[] = [P_github, Passkey()];
export const providerMap = pageProviders.map((provider) => {
  const { id, name } = typeof provider === "function" ? provider() : provider;
  return { id, name };
});

// Every built-in language offered, a language of the app's own, and organizations with a role of the app's.
const packs: LanguagePack[] = [
  L_ar,
  L_de,
  L_en,
  L_es,
  L_fr,
  L_he,
  L_it,
  L_ja,
  L_ko,
  L_nl,
  L_pl,
  L_pt_BR,
  L_tr,
  L_zh_CN,
];
export const multilingual: Partial<AuthConfig> = {
  locale: "en",
  locales: [...packs, language("sv", { ...L_en.messages, signIn: "Logga in" })],
  organizations: Organizations({ roles: { editor: { project: ["read", "update"] } } }),
};
export async function mayEdit(request: Request, config: AuthConfig): Promise<boolean> {
  if (!(await hasPermission(request, config, { project: ["update"] }))) return false;
  await requireRole(request, config, ["owner", "admin"]);
  return true;
}
