/**
 * A session cookie that our generator could not have made, tried as an attacker would: a sibling
 * subdomain can plant `__Secure-authjs.session-token` with any value (a NUL byte, kilobytes of junk,
 * SQL). With database sessions such a value must never reach the adapter: reading the session
 * answers null and clears it, signing out and signing in work as if it were not there. And a
 * previous session whose row cannot be deleted (already gone) fails neither a sign-in nor a sign-out.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import {
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  setCookieNamed,
  signInWithCredentials,
} from "../core/helpers.js";
import { SESSION_STORES, useStore } from "./stores.js";

/** The session cookie's name on the https app the helpers talk to. */
const SESSION_COOKIE = "__Secure-authjs.session-token";

/** Cookie values as they go on the wire (percent-encoded where a raw byte would break the header). */
const HOSTILE_VALUES: Array<[label: string, wire: string]> = [
  ["a NUL byte", "%00"],
  ["a 5 KB value", "A".repeat(5 * 1024)],
  ["a value with a space", "a%20b"],
  ["a raw space", "a b"],
  ["SQL", "%27%3B%20DROP%20TABLE%20%22Session%22%3B%20--"],
  ["a token-shaped value with a NUL in the middle", "abcdefghijklmnop%00qrstuvwxyz0123456789"],
  ["a line break", "abcdefghijklmnopqrstuvwxyz%0D%0Aset-cookie"],
];

interface AdapterCall {
  method: string;
  args: unknown[];
}

/** A copy of `adapter` that records every call (method name and arguments) in `calls`. */
function recordingAdapter(adapter: Adapter, calls: AdapterCall[]): Adapter {
  const wrapped: Record<string, unknown> = {};
  for (const [method, value] of Object.entries(adapter as Record<string, unknown>)) {
    if (typeof value !== "function") continue;
    const original = value as (...args: unknown[]) => unknown;
    wrapped[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return original.apply(adapter, args);
    };
  }
  return wrapped as Adapter;
}

/** The calls with `value` among their arguments, or as a field of one (`{ sessionToken }`). */
function callsCarrying(calls: AdapterCall[], value: string): AdapterCall[] {
  return calls.filter(({ args }) =>
    args.some(
      (arg) =>
        arg === value ||
        (typeof arg === "object" && arg !== null && Object.values(arg).some((field) => field === value)),
    ),
  );
}

const SESSION_METHODS = new Set([
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "listSessionsByUserId",
]);

function sessionCalls(calls: AdapterCall[]): AdapterCall[] {
  return calls.filter((call) => SESSION_METHODS.has(call.method));
}

/** Whether the response tells the browser to drop `name` (Max-Age=0 or an Expires in the past). */
function clears(response: Response, name: string): boolean {
  const cookie = setCookieNamed(response, name);
  const expires = cookie.attributes.get("expires");
  return (
    cookie.attributes.get("max-age") === "0" ||
    (expires !== undefined && new Date(expires).valueOf() <= Date.now())
  );
}

/** A Prisma-style "record to delete does not exist" (P2025), as an adapter without the mapping throws it. */
function recordNotFound(): Error {
  return Object.assign(new Error("Record to delete does not exist."), { code: "P2025" });
}

describe.each(SESSION_STORES)("a hostile session cookie with database sessions on $name", (store) => {
  const opened = useStore(store);
  let calls: AdapterCall[];
  const db = () => opened().db;

  beforeEach(() => {
    calls = [];
  });

  function config(adapter: Adapter = opened().adapter): AuthConfig {
    return makeConfig({
      adapter: recordingAdapter(adapter, calls),
      session: { strategy: "database" },
      logger: recordingLogger().logger,
    });
  }

  /** The value the handler would read for `wire`, as the cookie parser decodes it. */
  const decoded = (wire: string) => decodeURIComponent(wire);

  describe.each(HOSTILE_VALUES)("carrying %s", (_label, wire) => {
    it("GET /session answers 200 null, clears the cookie, and never asks the adapter", async () => {
      const response = await send(config(), "/session", { cookie: `${SESSION_COOKIE}=${wire}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(clears(response, SESSION_COOKIE)).toBe(true);
      expect(sessionCalls(calls)).toEqual([]);
    });

    it("POST /signout redirects, clears the cookie, and never asks the adapter about it", async () => {
      const auth = config();
      const { token, jar } = await getCsrf(auth, { cookie: new CookieJar({ [SESSION_COOKIE]: wire }) });
      const response = await send(auth, "/signout", { cookie: jar, form: { csrfToken: token } });
      expect(locationOf(response).searchParams.get("error")).toBeNull();
      expect(clears(response, SESSION_COOKIE)).toBe(true);
      expect(callsCarrying(calls, decoded(wire))).toEqual([]);
      expect(calls.filter((call) => call.method === "deleteSession")).toEqual([]);
    });

    it("a credentials sign-in succeeds with a fresh session, never passing the value to the adapter", async () => {
      const auth = config();
      const { response, jar } = await signInWithCredentials(auth, undefined, {
        cookie: new CookieJar({ [SESSION_COOKIE]: wire }),
      });
      expect(locationOf(response).searchParams.get("error")).toBeNull();
      const token = setCookieNamed(response, SESSION_COOKIE).value;
      expect(token).not.toBe(decoded(wire));
      expect(await db().session(token)).toMatchObject({ sessionToken: token });
      expect(callsCarrying(calls, decoded(wire))).toEqual([]);
      expect(calls.filter((call) => call.method === "deleteSession")).toEqual([]);

      // The browser now holds a working session.
      const session = await send(auth, "/session", { cookie: jar });
      expect(await session.json()).toMatchObject({ user: { email: "alice@example.test" } });
    });
  });

  describe("when deleting the previous session throws (the row is already gone)", () => {
    function failingDelete(): Adapter {
      const adapter = opened().adapter;
      return {
        ...adapter,
        deleteSession: async () => {
          throw recordNotFound();
        },
      };
    }

    it("a sign-in over an existing session cookie still succeeds, with a new session", async () => {
      const auth = config(failingDelete());
      const first = await signInWithCredentials(auth);
      expect(locationOf(first.response).searchParams.get("error")).toBeNull();
      const previous = first.jar.get(SESSION_COOKIE) as string;
      expect(previous).toBeTruthy();

      const second = await signInWithCredentials(auth, undefined, { cookie: first.jar });
      expect(locationOf(second.response).searchParams.get("error")).toBeNull();
      const next = setCookieNamed(second.response, SESSION_COOKIE).value;
      expect(next).not.toBe(previous);
      expect(await db().session(next)).toMatchObject({ sessionToken: next });
      // The failing delete was attempted for the previous session, and did not stop the sign-in.
      expect(calls.filter((call) => call.method === "deleteSession").map((call) => call.args[0])).toEqual([
        previous,
      ]);
    });

    it("sign-out still clears the cookie and redirects, not to error=Configuration", async () => {
      const auth = config(failingDelete());
      const { jar } = await signInWithCredentials(auth);
      expect(jar.get(SESSION_COOKIE)).toBeTruthy();

      const { token } = await getCsrf(auth, { cookie: jar });
      const response = await send(auth, "/signout", { cookie: jar, form: { csrfToken: token } });
      const location = locationOf(response);
      expect(location.searchParams.get("error")).toBeNull();
      expect(location.pathname).not.toContain("/error");
      expect(clears(response, SESSION_COOKIE)).toBe(true);
      expect(calls.some((call) => call.method === "deleteSession")).toBe(true);
    });
  });
});
