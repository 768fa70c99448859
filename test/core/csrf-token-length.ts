/**
 * The CSRF compare must refuse a submitted token of the wrong length. A compare that only walks the
 * shorter input would take an empty `csrfToken`, or any prefix of the real one, as a match: an
 * attacker who cannot read the token could still send `csrfToken=` beside the victim's cookie.
 * Both crypto runtimes answer the compare, so the attack runs through `Auth()` on each
 * (`csrf-token-length.test.ts` on node:crypto, `csrf-token-length.web.test.ts` on Web Crypto).
 */
import { describe, expect, it } from "vitest";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { APP, expectJsonError, getCsrf, locationOf, makeConfig, SECRET, send, signedIn } from "./helpers.js";

interface Target {
  path: string;
  fields: Record<string, string>;
  /** Page routes refuse with a redirect to the sign-in page; JSON routes with 403. */
  page: boolean;
}

const TARGETS: Array<[string, Target]> = [
  ["POST /signout", { path: "/signout", fields: {}, page: true }],
  ["POST /session", { path: "/session", fields: {}, page: false }],
  ["POST /signin/credentials", { path: "/signin/credentials", fields: {}, page: true }],
  [
    "POST /callback/credentials",
    { path: "/callback/credentials", fields: { username: "alice", password: "correct horse" }, page: true },
  ],
];

/** Tokens an attacker can send without knowing the real one, and near misses that differ in length. */
const WRONG_LENGTH: Array<[string, (token: string) => string]> = [
  ["an empty csrfToken", () => ""],
  ["the first character of the token", (token) => token.slice(0, 1)],
  ["the token without its last character", (token) => token.slice(0, -1)],
  ["the first half of the token", (token) => token.slice(0, token.length / 2)],
  ["the token with one character appended", (token) => `${token}A`],
];

const SESSION_COOKIE = "__Secure-authjs.session-token";

/** The CSRF-compare attacks, run through `Auth()` on whichever runtime `#crypto` resolves to. */
export function csrfTokenLengthSuite(expectedRuntime: CryptoRuntime["name"]): void {
  it(`runs on the ${expectedRuntime} runtime`, async () => {
    const { runtime } = await import("#crypto");
    expect(runtime.name).toBe(expectedRuntime);
  });

  describe.each(TARGETS)("CSRF on %s", (_name, target) => {
    it("accepts the token itself (the control for every refusal below)", async () => {
      const config = makeConfig();
      const jar = await signedIn(config);
      const { token } = await getCsrf(config, { cookie: jar });
      const response = await send(config, target.path, {
        cookie: jar,
        form: { csrfToken: token, ...target.fields },
      });
      if (target.page) expect(locationOf(response).searchParams.get("error")).toBeNull();
      else expect(response.status).toBe(200);
    });

    it.each(WRONG_LENGTH)("refuses %s beside a valid cookie", async (_what, forge) => {
      const config = makeConfig();
      const jar = await signedIn(config);
      const { token } = await getCsrf(config, { cookie: jar });
      const response = await send(config, target.path, {
        cookie: jar,
        form: { csrfToken: forge(token), ...target.fields },
      });
      if (target.page) {
        const location = locationOf(response);
        expect(location.origin + location.pathname).toBe(`${APP}/auth/signin`);
        expect(location.searchParams.get("error")).toBe("MissingCSRF");
      } else {
        await expectJsonError(response, 403, "MissingCSRF");
      }
      // Refused means nothing changed: no session written, none cleared.
      const touched = response.headers.getSetCookie().filter((cookie) => cookie.startsWith(SESSION_COOKIE));
      expect(touched).toEqual([]);
    });
  });

  it("a CSRF cookie with an empty token never verifies, even with the right hash beside an empty csrfToken", async () => {
    const { runtime } = await import("#crypto");
    const config = makeConfig();
    const emptyTokenCookie = `__Host-authjs.csrf-token=${encodeURIComponent(`|${await runtime.sha256Hex(SECRET)}`)}`;
    const response = await send(config, "/session", { cookie: emptyTokenCookie, form: { csrfToken: "" } });
    await expectJsonError(response, 403, "MissingCSRF");
  });

  it("the runtime's compare answers false, without throwing, for inputs of different lengths", async () => {
    const { runtime } = await import("#crypto");
    const bytes = runtime.utf8Encode("0123456789abcdef");
    expect(runtime.equalInConstantTime(bytes, bytes.slice())).toBe(true);
    expect(runtime.equalInConstantTime(new Uint8Array(0), bytes)).toBe(false);
    expect(runtime.equalInConstantTime(bytes.subarray(0, 8), bytes)).toBe(false);
    expect(runtime.equalInConstantTime(bytes, bytes.subarray(0, 8))).toBe(false);
    expect(runtime.equalInConstantTime(bytes, runtime.utf8Encode("0123456789abcdefX"))).toBe(false);
  });
}
