import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type AuthConfig, skipCSRFCheck } from "../../src/index.js";
import {
  APP,
  CookieJar,
  expectJsonError,
  getCsrf,
  HTTP_APP,
  locationOf,
  makeConfig,
  OLD_SECRET,
  type RequestOptions,
  SECRET,
  send,
  signedIn,
} from "./helpers.js";

const CSRF_COOKIE = "__Host-authjs.csrf-token";
const sha256 = (input: string) => createHash("sha256").update(input).digest("hex");
const csrfCookie = (token: string, secret: string) =>
  `${CSRF_COOKIE}=${encodeURIComponent(`${token}|${sha256(token + secret)}`)}`;
const TOKEN = "t".repeat(43);

interface Target {
  name: string;
  path: string;
  /** Extra body fields the route needs besides csrfToken. */
  fields: Record<string, string>;
  /** The refusal a page route gives: a redirect to the sign-in page with ?error=MissingCSRF. */
  page: boolean;
}

/** Every state-changing POST. */
const TARGETS: Target[] = [
  { name: "POST /signin/:provider", path: "/signin/credentials", fields: {}, page: true },
  { name: "POST /signout", path: "/signout", fields: {}, page: true },
  { name: "POST /session", path: "/session", fields: {}, page: false },
  {
    name: "POST /callback/credentials",
    path: "/callback/credentials",
    fields: { username: "alice", password: "correct horse" },
    page: true,
  },
];

/** Asserts the request was refused as a CSRF failure and changed nothing. */
async function expectRefused(target: Target, response: Response): Promise<void> {
  if (target.page) {
    const location = locationOf(response);
    expect(location.origin + location.pathname).toBe(`${APP}/auth/signin`);
    expect(location.searchParams.get("error")).toBe("MissingCSRF");
  } else {
    await expectJsonError(response, 403, "MissingCSRF");
  }
  expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
}

async function post(config: AuthConfig, target: Target, options: RequestOptions): Promise<Response> {
  return send(config, target.path, options);
}

describe.each(TARGETS)("CSRF on $name", (target) => {
  it("accepts the token from GET /csrf in the body with its cookie", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await post(config, target, {
      cookie: jar,
      form: { csrfToken: token, ...target.fields },
    });
    if (target.page) expect(locationOf(response).searchParams.get("error")).toBeNull();
    else expect(response.status).toBe(200);
  });

  it("refuses a request without any token", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    await expectRefused(target, await post(config, target, { cookie: jar, form: { ...target.fields } }));
  });

  it("refuses a forged cookie of the right shape with the wrong hash", async () => {
    const config = makeConfig();
    const forged = `${CSRF_COOKIE}=${TOKEN}%7C${"ab".repeat(32)}`;
    await expectRefused(
      target,
      await post(config, target, { cookie: forged, form: { csrfToken: TOKEN, ...target.fields } }),
    );
  });

  it("refuses a cookie signed with another app's secret", async () => {
    const config = makeConfig();
    const cookie = csrfCookie(TOKEN, "someone-elses-secret-0123456789abcdef");
    await expectRefused(
      target,
      await post(config, target, { cookie, form: { csrfToken: TOKEN, ...target.fields } }),
    );
  });

  it("refuses a valid cookie whose token is missing from the body", async () => {
    const config = makeConfig();
    const { jar } = await getCsrf(config);
    await expectRefused(target, await post(config, target, { cookie: jar, form: { ...target.fields } }));
  });

  it("refuses a valid cookie with another token in the body", async () => {
    const config = makeConfig();
    const { jar } = await getCsrf(config);
    const other = await getCsrf(config);
    await expectRefused(
      target,
      await post(config, target, { cookie: jar, form: { csrfToken: other.token, ...target.fields } }),
    );
  });

  it("refuses a body token without the cookie", async () => {
    const config = makeConfig();
    const { token } = await getCsrf(config);
    await expectRefused(target, await post(config, target, { form: { csrfToken: token, ...target.fields } }));
  });

  it("refuses a token sent only in the query string", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, `${target.path}?csrfToken=${token}`, {
      cookie: jar,
      form: { ...target.fields },
    });
    await expectRefused(target, response);
  });

  it("refuses an array-valued csrfToken in JSON with 400", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await post(config, target, {
      cookie: jar,
      json: { csrfToken: [token], ...target.fields },
    });
    await expectJsonError(response, 400, "InvalidRequest");
  });

  it("refuses an object-valued csrfToken in JSON with 400", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await post(config, target, {
      cookie: jar,
      json: { csrfToken: { toString: token }, ...target.fields },
    });
    await expectJsonError(response, 400, "InvalidRequest");
  });

  it("refuses a csrfToken duplicated in a form with 400, even when one copy is right", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const form = new URLSearchParams({ ...target.fields });
    form.append("csrfToken", token);
    form.append("csrfToken", token);
    const response = await post(config, target, { cookie: jar, form: form.toString() });
    await expectJsonError(response, 400, "InvalidRequest");
  });

  it("accepts a cookie signed with the old secret after rotation to [new, old]", async () => {
    const cookie = csrfCookie(TOKEN, OLD_SECRET);
    const config = makeConfig({ secret: ["brand-new-secret-0123456789abcdefghijklmnopqrstuv", OLD_SECRET] });
    const jar = target.path === "/session" ? await signedIn(config) : new CookieJar();
    jar.cookies.delete(CSRF_COOKIE);
    const response = await post(config, target, {
      cookie: [jar.header(), cookie].filter(Boolean).join("; "),
      form: { csrfToken: TOKEN, ...target.fields },
    });
    if (target.page) expect(locationOf(response).searchParams.get("error")).toBeNull();
    else expect(response.status).toBe(200);
  });

  it("skips the check only with the exported skipCSRFCheck symbol", async () => {
    const skipping = makeConfig({ skipCSRFCheck });
    const jar = await signedIn(skipping);
    const allowed = await post(skipping, target, { cookie: jar, form: { ...target.fields } });
    if (target.page) expect(locationOf(allowed).searchParams.get("error")).toBeNull();
    else expect(allowed.status).toBe(200);

    for (const lookAlike of [
      true,
      "skip",
      Symbol("latchkey.skip-csrf-check"),
      Symbol.for("latchkey.skip-csrf-check"),
    ]) {
      const config = makeConfig({ skipCSRFCheck: lookAlike as unknown as typeof skipCSRFCheck });
      const signedInJar = await signedIn(
        makeConfig({ skipCSRFCheck: lookAlike as unknown as typeof skipCSRFCheck }),
      );
      await expectRefused(
        target,
        await post(config, target, { cookie: signedInJar, form: { ...target.fields } }),
      );
    }
  });
});

describe("CSRF cookie scoping", () => {
  it("does not accept an https app's __Host- cookie on plain http, where the cookie is unprefixed", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signout", {
      origin: HTTP_APP,
      cookie: jar,
      form: { csrfToken: token },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
  });

  it("signs a new token with the newest secret", async () => {
    const config = makeConfig({ secret: [SECRET, OLD_SECRET] });
    const { token, jar } = await getCsrf(config);
    expect(jar.get(CSRF_COOKIE)).toBe(`${token}|${sha256(token + SECRET)}`);
  });

  it("a cookie signed with a retired secret no longer verifies", async () => {
    const config = makeConfig({ secret: SECRET });
    const response = await send(config, "/signout", {
      cookie: csrfCookie(TOKEN, OLD_SECRET),
      form: { csrfToken: TOKEN },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
  });
});
