/**
 * Helpers for attacking the handler through its public entry, `Auth()`: configs, requests, a cookie
 * jar that behaves like a browser's, and the CSRF/credentials round trips most tests start with.
 */
import { expect } from "vitest";
import { Auth, type AuthConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import type { CredentialsConfig, User } from "../../src/providers/types.js";
import { CookieJar } from "../support/cookie-jar.js";

export { CookieJar };

export const SECRET = "core-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
export const OLD_SECRET = "core-test-old-secret-abcdefghijklmnopqrstuvwxyz0123456789";
/** The app's origin when served over https; `HTTP_APP` is the same app over plain http. */
export const APP = "https://app.test";
export const HTTP_APP = "http://app.test";

export const ALICE: User = { id: "user-alice", name: "Alice", email: "alice@example.test", image: null };

/** A credentials provider that accepts alice / "correct horse" and refuses everything else. */
export function aliceCredentials(overrides: Partial<CredentialsConfig> = {}): CredentialsConfig {
  return Credentials({
    credentials: {
      username: { label: "Username", type: "text" },
      password: { label: "Password", type: "password" },
    },
    authorize: ({ username, password }) =>
      username === "alice" && password === "correct horse" ? { ...ALICE } : null,
    ...overrides,
  });
}

/** A fresh config object (the handler caches per object, so every test gets its own). */
export function makeConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { providers: [aliceCredentials()], secret: SECRET, trustHost: true, ...overrides };
}

export interface ParsedSetCookie {
  name: string;
  /** As sent (percent-encoded). */
  rawValue: string;
  value: string;
  /** Lower-cased attribute names; flags map to "". */
  attributes: Map<string, string>;
}

export function parseSetCookie(setCookie: string): ParsedSetCookie {
  const [pair = "", ...parts] = setCookie.split(";").map((part) => part.trim());
  const eq = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const at = part.indexOf("=");
    if (at === -1) attributes.set(part.toLowerCase(), "");
    else attributes.set(part.slice(0, at).toLowerCase(), part.slice(at + 1));
  }
  const rawValue = pair.slice(eq + 1);
  return { name: pair.slice(0, eq), rawValue, value: decodeURIComponent(rawValue), attributes };
}

/** The Set-Cookie of `name` on `response`, parsed; fails the test when there is none. */
export function setCookieNamed(response: Response, name: string): ParsedSetCookie {
  const found = response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === name);
  if (!found)
    throw new Error(`no Set-Cookie for ${name}; got ${response.headers.getSetCookie().join(" | ")}`);
  return found;
}

export interface RequestOptions {
  method?: string;
  origin?: string;
  basePath?: string;
  cookie?: string | CookieJar;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string> | string;
  /** Sent as application/json (a string is sent verbatim). */
  json?: unknown;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** Builds a request to `<origin><basePath><path>`; `path` may carry a query string. */
export function authRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  const cookie = options.cookie instanceof CookieJar ? options.cookie.header() : options.cookie;
  if (cookie) headers.set("cookie", cookie);
  let body: BodyInit | undefined = options.body;
  if (options.form !== undefined) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = typeof options.form === "string" ? options.form : new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const url = `${options.origin ?? APP}${options.basePath ?? "/auth"}${path}`;
  return new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** Sends a request through `Auth()`. */
export function send(config: AuthConfig, path: string, options: RequestOptions = {}): Promise<Response> {
  return Auth(authRequest(path, options), config);
}

export interface Csrf {
  token: string;
  jar: CookieJar;
}

/** GET /csrf: the token and a jar holding its cookie. */
export async function getCsrf(config: AuthConfig, options: RequestOptions = {}): Promise<Csrf> {
  const jar = options.cookie instanceof CookieJar ? options.cookie : new CookieJar();
  const response = await send(config, "/csrf", { ...options, cookie: jar });
  expect(response.status).toBe(200);
  jar.apply(response);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, jar };
}

/** Posts credentials (with a valid CSRF token unless `fields.csrfToken` says otherwise) to /callback/credentials. */
export async function signInWithCredentials(
  config: AuthConfig,
  fields: Record<string, string> = { username: "alice", password: "correct horse" },
  options: RequestOptions & { providerId?: string } = {},
): Promise<{ response: Response; jar: CookieJar }> {
  const { token, jar } = await getCsrf(config, options);
  const response = await send(config, `/callback/${options.providerId ?? "credentials"}`, {
    ...options,
    cookie: jar,
    form: { csrfToken: token, ...fields },
  });
  jar.apply(response);
  return { response, jar };
}

/** A signed-in jar: credentials sign-in that must succeed. */
export async function signedIn(config: AuthConfig, options: RequestOptions = {}): Promise<CookieJar> {
  const { response, jar } = await signInWithCredentials(config, undefined, options);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error=");
  return jar;
}

/** The URL a redirect points at; fails when the response is not a redirect. */
export function locationOf(response: Response): URL {
  expect(response.status).toBe(302);
  const location = response.headers.get("location");
  expect(location).toBeTruthy();
  return new URL(location as string);
}

/** Asserts the body is the documented JSON error: `{error, message}`, no stack trace, no file path. */
export async function expectJsonError(response: Response, status: number, error?: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const text = await response.text();
  expectNoInternals(text);
  const body = JSON.parse(text) as { error?: unknown; message?: unknown };
  expect(typeof body.error).toBe("string");
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  if (error !== undefined) expect(body.error).toBe(error);
}

/** No stack lines, no source paths, no error class dumps. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/^\s*at\s/m);
  expect(text).not.toMatch(/\bat .*:\d+:\d+/);
  expect(text).not.toMatch(/\/(work|src|node_modules|home|tmp)\//);
  expect(text).not.toMatch(/\.[cm]?[jt]s\b/);
}

/** Freezes an object graph (functions included), so any write by the handler throws in strict mode. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return value;
  const object = value as object;
  if (seen.has(object)) return value;
  seen.add(object);
  for (const key of Reflect.ownKeys(object)) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    if (descriptor && "value" in descriptor) deepFreeze(descriptor.value, seen);
  }
  return Object.freeze(value);
}

/** A logger that records every error it is given. */
export function recordingLogger() {
  const errors: Error[] = [];
  const warnings: string[] = [];
  /** The warnings as `code: message`, in the order they were logged. */
  const warningLines: string[] = [];
  /** What reached `debug` (only with `debug: true` in the config): message and metadata. */
  const debugs: Array<{ message: string; metadata: unknown }> = [];
  return {
    errors,
    warnings,
    warningLines,
    debugs,
    logger: {
      error: (error: Error) => {
        errors.push(error);
      },
      warn: (code: string, message?: string) => {
        warnings.push(code);
        warningLines.push(`${code}: ${message ?? ""}`);
      },
      debug: (message: string, metadata?: unknown) => {
        debugs.push({ message, metadata });
      },
    },
    /** Every message in the logged errors and their causes, joined. */
    text(): string {
      const parts: string[] = [];
      for (const error of errors) {
        let current: unknown = error;
        while (current instanceof Error) {
          parts.push(`${current.name}: ${current.message}`);
          current = current.cause;
        }
      }
      return parts.join("\n");
    },
  };
}
