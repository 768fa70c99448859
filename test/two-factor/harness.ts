/**
 * Two-factor sign-in through the public handler: an app with a credentials provider and the
 * MemoryAdapter, Alice stored, and TOTP codes made by the `otpauth` package (an implementation
 * independent of latchkey's), at the time the test's clock says.
 */
import * as OTPAuth from "otpauth";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { type AuthConfig, confirmTotp, enrollTotp, getSession } from "../../src/index.js";
import { ALICE, authRequest, CookieJar, makeConfig, send, signInWithCredentials } from "../core/helpers.js";

export const PENDING_COOKIE = "__Secure-latchkey.two-factor";
export const SESSION_COOKIE = "__Secure-authjs.session-token";

/** A copy of the pending sign-in `jar` holds, as a thief would replay it: the pending cookie and the CSRF cookie beside it. */
export function copyOfPendingSignIn(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  copy.apply([
    `${PENDING_COOKIE}=${jar.get(PENDING_COOKIE)}; Path=/`,
    `__Host-authjs.csrf-token=${jar.get("__Host-authjs.csrf-token")}; Path=/`,
  ]);
  return copy;
}

export async function twoFactorApp(
  overrides: Partial<AuthConfig> = {},
): Promise<{ config: AuthConfig; adapter: Adapter }> {
  const adapter = (overrides.adapter as Adapter | undefined) ?? MemoryAdapter();
  await adapter.createUser?.({
    ...ALICE,
    id: ALICE.id as string,
    email: ALICE.email as string,
    emailVerified: null,
  });
  const config = makeConfig({
    adapter,
    session: { strategy: "jwt" },
    twoFactor: { methods: ["totp"], issuer: "Test App" },
    ...overrides,
  });
  return { config, adapter };
}

/** A code for `secret` (base32) at `nowMs`, from otpauth, `offsetSteps` time steps away. */
export function codeAt(secret: string, nowMs: number, offsetSteps = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: nowMs + offsetSteps * 30_000,
  });
}

/** A request carrying `jar`'s cookies, to a path under the app. */
export const requestWith = (jar: CookieJar, path = "/settings") =>
  authRequest("", { cookie: jar, origin: "https://app.test", basePath: path });

/**
 * Signs Alice in (password only; nobody has two-factor yet), enrols an authenticator and confirms
 * it with a code; returns the secret and the recovery codes.
 */
export async function enrolAlice(config: AuthConfig): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { response, jar } = await signInWithCredentials(config);
  expect(response.status).toBe(302);
  const enrolment = await enrollTotp(requestWith(jar), config);
  const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
  expect(confirmed).not.toBeNull();
  return { secret: enrolment.secret, recoveryCodes: confirmed?.recoveryCodes ?? [] };
}

/** POSTs `code` to the challenge with the browser's CSRF token. */
export async function postCode(
  config: AuthConfig,
  jar: CookieJar,
  code: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const csrf = await send(config, "/csrf", { cookie: jar });
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return send(config, "/two-factor", { cookie: jar, form: { csrfToken, code, ...extra }, headers });
}

/** An attribute value as the page wrote it, unescaped (pages/escape.ts escapes `& < > " '`). */
const unescapeAttribute = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** A URL under the app's auth base path as a path with its query (what `send` takes). */
const underAuth = (href: string) => {
  const url = new URL(href);
  return `${url.pathname.replace(/^\/auth/, "")}${url.search}`;
};

/**
 * Where a page's form posts, as a path under the auth base path with its query (what `send`
 * takes): what a browser submitting the form would request.
 */
export function formTarget(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error("The page has no form that posts.");
  return underAuth(unescapeAttribute(action));
}

/**
 * Where the page's link reading `text` leads, as a path under the auth base path with its query:
 * what a browser following it would request.
 */
export function linkTarget(html: string, text: string): string {
  const link = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].find(
    ([, , label]) => label === text,
  );
  if (link === undefined) throw new Error(`The page has no link "${text}".`);
  return underAuth(unescapeAttribute(link[1] as string));
}

/**
 * The page's forms that post, each as where it posts (as {@link formTarget} gives it) and the
 * hidden fields a browser would send with it.
 */
export function postForms(html: string): Array<{ target: string; hidden: Record<string, string> }> {
  return [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map(
    ([, action, inner]) => ({
      target: underAuth(unescapeAttribute(action as string)),
      hidden: Object.fromEntries(
        [...(inner as string).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
          ([, name, value]) => [unescapeAttribute(name as string), unescapeAttribute(value as string)],
        ),
      ),
    }),
  );
}

/** The session `jar` holds, through getSession. */
export const sessionOf = (config: AuthConfig, jar: CookieJar) => getSession(requestWith(jar), config);

/** Whether a response sets a (non-empty) session cookie, over https or plain http. */
export function setsSession(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) => /^(__Secure-)?authjs\.session-token=[^;]/.test(cookie));
}

/** The suites' clock at the start of each test: ten seconds into a TOTP time step. */
export const START = Date.UTC(2026, 10, 26, 12, 0, 10);

/** Holds `Date` at {@link START} from the start of each test of the calling file (timers keep real time). */
export function freezeDateAtStart(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: START, toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Moves the held clock on by one TOTP time step (30 seconds). */
export const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
