/**
 * Passkey ceremonies through the public handler, `Auth()`: an app with a Passkey provider over a
 * MemoryAdapter (or a given adapter), and the steps a browser takes, each of which a test may bend.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { expect } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import type { WebAuthnUserConfig } from "../../../src/providers/webauthn.js";
import { APP, CookieJar, getCsrf, makeConfig, recordingLogger, send } from "../../core/helpers.js";
import { type Bend, SoftAuthenticator } from "./soft-authenticator.js";

export { APP, CookieJar };
export const RP_ID = "app.test";
/** The challenge check cookie, as the harness's https app names it. */
export const CHALLENGE_COOKIE = "__Secure-authjs.challenge";

export interface PasskeyApp {
  config: AuthConfig;
  /** What the app logged: refusals at warn (by code), failures at error. */
  log: ReturnType<typeof recordingLogger>;
  /** The messages of the refusals the app logged at warn, newest last: why a ceremony was refused. */
  refusals: string[];
  tables: MemoryTables;
  adapter: Adapter;
  authenticator: SoftAuthenticator;
  providerId: string;
}

export interface PasskeyAppOptions {
  provider?: WebAuthnUserConfig;
  config?: Partial<AuthConfig>;
  /** How much the soft authenticator's counter moves per assertion (0: it keeps none). */
  counterStep?: number;
}

export function passkeyApp(options: PasskeyAppOptions = {}): PasskeyApp {
  const tables = createMemoryTables();
  const adapter = options.config?.adapter ?? MemoryAdapter(tables);
  const provider = Passkey(options.provider);
  const log = recordingLogger();
  return {
    config: makeConfig({ adapter, providers: [provider], logger: log.logger, ...options.config }),
    log,
    refusals: log.warningLines,
    tables,
    adapter,
    authenticator: new SoftAuthenticator({ origin: APP, rpId: RP_ID, counterStep: options.counterStep ?? 1 }),
    providerId: provider.id,
  };
}

export type CeremonyOptions =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON };

/** GET /webauthn-options/:id with `query`; the jar keeps the challenge cookie. */
export async function fetchOptions(app: PasskeyApp, jar: CookieJar, query = ""): Promise<Response> {
  const response = await send(app.config, `/webauthn-options/${app.providerId}${query}`, { cookie: jar });
  jar.apply(response);
  return response;
}

export async function ceremonyOptions(app: PasskeyApp, jar: CookieJar, query = ""): Promise<CeremonyOptions> {
  const response = await fetchOptions(app, jar, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CeremonyOptions;
}

/** POST /callback/:id as the sign-in page's form does: csrfToken, action, data (a JSON string). */
export async function postCeremony(
  app: PasskeyApp,
  jar: CookieJar,
  fields: { action: unknown; data: unknown; csrfToken?: string },
): Promise<Response> {
  const csrfToken = fields.csrfToken ?? (await getCsrf(app.config, { cookie: jar })).token;
  const form: Record<string, string> = { csrfToken };
  if (fields.action !== undefined) form.action = String(fields.action);
  if (fields.data !== undefined)
    form.data = typeof fields.data === "string" ? fields.data : JSON.stringify(fields.data);
  const response = await send(app.config, `/callback/${app.providerId}`, { cookie: jar, form });
  jar.apply(response);
  return response;
}

/** A registration response for fresh options (`query` picks the user), without posting it. */
export async function registrationFor(
  app: PasskeyApp,
  jar: CookieJar,
  query: string,
  bend: Bend = {},
): Promise<RegistrationResponseJSON> {
  const { action, options } = await ceremonyOptions(app, jar, query);
  expect(action).toBe("register");
  return app.authenticator.create(options as PublicKeyCredentialCreationOptionsJSON, bend);
}

/** An assertion for fresh authentication options, without posting it. */
export async function assertionFor(
  app: PasskeyApp,
  jar: CookieJar,
  bend: Bend = {},
  query = "?action=authenticate",
): Promise<AuthenticationResponseJSON> {
  const { action, options } = await ceremonyOptions(app, jar, query);
  expect(action).toBe("authenticate");
  return app.authenticator.get(options as PublicKeyCredentialRequestOptionsJSON, bend);
}

/** Registers a passkey for a new user with `email`; returns the signed-in jar. */
export async function registerNewUser(app: PasskeyApp, email = "ada@example.test", jar = new CookieJar()) {
  const data = await registrationFor(app, jar, `?action=register&email=${encodeURIComponent(email)}`);
  const response = await postCeremony(app, jar, { action: "register", data });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error=");
  return { jar, data, response };
}

/** Signs in with the newest passkey; returns the response of the callback. */
export async function signInWithPasskey(app: PasskeyApp, jar = new CookieJar(), bend: Bend = {}) {
  const data = await assertionFor(app, jar, bend);
  const response = await postCeremony(app, jar, { action: "authenticate", data });
  return { jar, data, response };
}

/** The session a jar holds, through GET /session. */
export async function sessionOf(
  app: PasskeyApp,
  jar: CookieJar,
): Promise<{ user?: { email?: string } } | null> {
  return (await send(app.config, "/session", { cookie: jar })).json();
}

/** Users, accounts, sessions and authenticators as stored: for "nothing was written". */
export function snapshot(tables: MemoryTables): string {
  const { users, accounts, sessions, authenticators } = tables;
  return JSON.stringify([...users, ...accounts, ...sessions, ...authenticators]);
}

/** The error type a failed callback redirected with. */
export function errorOf(response: Response): string | null {
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") as string).searchParams.get("error");
}
