/**
 * The one place that names latchkey's cookies. Names and attributes match Auth.js v5, so sessions
 * and in-flight sign-ins survive a migration.
 */
import type { SerializeOptions } from "cookie";

export type CookieOptions = SerializeOptions;

export interface CookieSpec {
  name: string;
  options: CookieOptions;
}

export type CookieRole =
  | "sessionToken"
  | "callbackUrl"
  | "csrfToken"
  | "pkceCodeVerifier"
  | "state"
  | "nonce"
  | "webauthnChallenge"
  /** latchkey's `session.cookieCache`: a sealed, short-lived copy of a database session. */
  | "sessionCache"
  /** latchkey: how the user of a database session signed in (`amr`, `auth_time`), sealed, bound to the session. */
  | "sessionAuthentication"
  /** latchkey's two-factor sign-in: the sealed, short-lived proof of a first factor awaiting the second. */
  | "twoFactorPending"
  /**
   * latchkey's two-factor sign-in: "trust this device", sealed, one per user in a browser (the
   * name gets a suffix derived from the user's id).
   */
  | "twoFactorTrusted";

export type CookiesConfig = Record<CookieRole, CookieSpec>;

/** Per-cookie overrides an application may pass as `cookies` in its config. */
export type CookiesOverrides = Partial<Record<CookieRole, Partial<CookieSpec>>>;

const BASE_NAMES: Record<CookieRole, string> = {
  sessionToken: "authjs.session-token",
  callbackUrl: "authjs.callback-url",
  csrfToken: "authjs.csrf-token",
  pkceCodeVerifier: "authjs.pkce.code_verifier",
  state: "authjs.state",
  nonce: "authjs.nonce",
  webauthnChallenge: "authjs.challenge",
  // Not an Auth.js cookie: Auth.js ignores it, so an app can switch back.
  sessionCache: "latchkey.session-cache",
  sessionAuthentication: "latchkey.session-auth",
  twoFactorPending: "latchkey.two-factor",
  twoFactorTrusted: "latchkey.trusted-device",
};

/** The session cookie's name; it is also the default salt of the session JWT. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}${BASE_NAMES.sessionToken}`;
}

/**
 * Cookie names and attributes for an app served over https (`secure`) or not. The CSRF cookie takes
 * `__Host-`, which also pins it to this exact host and path, so a sibling subdomain cannot plant one.
 */
export function defaultCookies(secure: boolean, overrides: CookiesOverrides = {}): CookiesConfig {
  const base: CookieOptions = { httpOnly: true, sameSite: "lax", path: "/", secure };
  const roles = Object.keys(BASE_NAMES) as CookieRole[];
  const entries = roles.map((role) => {
    const prefix = secure ? (role === "csrfToken" ? "__Host-" : "__Secure-") : "";
    const override = overrides[role];
    const spec: CookieSpec = {
      name: override?.name ?? `${prefix}${BASE_NAMES[role]}`,
      options: { ...base, ...override?.options },
    };
    return [role, spec] as const;
  });
  return Object.fromEntries(entries) as CookiesConfig;
}
