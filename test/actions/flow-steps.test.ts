/**
 * What the actions do around a flow's steps, shown with made-up provider types registered only in
 * the flow registry (as test/flows/registry.test.ts does): the remembered callbackUrl at sign-in,
 * types that lack a step, the profile a flow proves, and the check cookies cleared when a callback
 * fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { InvalidConfig } from "../../src/core/errors.js";
import { flows } from "../../src/flows/index.js";
import type { Flow } from "../../src/flows/types.js";
import type { Account } from "../../src/index.js";
import type { JWT } from "../../src/jwt/types.js";
import { resolveCredentialsUser } from "../../src/login/index.js";
import type { Profile, ProviderConfig } from "../../src/providers/types.js";
import { APP, getCsrf, locationOf, makeConfig, send } from "../core/helpers.js";

const CALLBACK_URL_COOKIE = "__Secure-authjs.callback-url";
const STATE_COOKIE = "__Secure-authjs.state";

/** Signs in at once (no provider round trip), proving a profile, unless the body says `fail`. */
const provingFlow: Flow<ProviderConfig> = {
  adapterMethods: () => [],
  pageEntry: () => ({ form: "button" }),
  callbackNeedsCsrf: () => true,
  checkCookies: ["state"],
  async signIn(ctx, provider) {
    return { redirect: ctx.actionUrl("callback", provider.id) };
  },
  async callback(ctx, provider) {
    if (ctx.req.body.fail === "yes") throw new InvalidConfig("the proof did not hold");
    return {
      kind: "signedIn",
      identity: {
        user: { id: "user-proven", name: "Proven", email: "proven@example.test" },
        account: { provider: provider.id, type: "proving", providerAccountId: "user-proven" },
        profile: { sub: "user-proven", locale: "fr" },
        resolveUser: resolveCredentialsUser,
      },
      cookies: [],
    };
  },
};

/** A type that can do nothing yet: no sign-in step, no callback step. */
const idleFlow: Flow<ProviderConfig> = {
  adapterMethods: () => [],
  pageEntry: () => ({ form: "button" }),
  callbackNeedsCsrf: () => true,
};

/** Proves a user, then resolves it to one without an id, as a broken adapter might return. */
const namelessFlow: Flow<ProviderConfig> = {
  ...idleFlow,
  async callback(_ctx, provider) {
    return {
      kind: "signedIn",
      identity: {
        user: { name: "Nameless" },
        account: { provider: provider.id, type: "nameless", providerAccountId: "n-1" },
        resolveUser: async (_resolveCtx, proven) => ({ user: proven.user, isNewUser: false }),
      },
      cookies: [],
    };
  },
};

const MADE_UP = { proving: provingFlow, idle: idleFlow, nameless: namelessFlow };

beforeAll(() => {
  Object.assign(flows as Record<string, unknown>, MADE_UP);
});
afterAll(() => {
  for (const type of Object.keys(MADE_UP)) delete (flows as Record<string, unknown>)[type];
});

const provider = (type: string) => ({ id: type, name: type, type }) as unknown as ProviderConfig;

async function post(
  config: ReturnType<typeof makeConfig>,
  path: string,
  fields: Record<string, string> = {},
) {
  const { token, jar } = await getCsrf(config);
  const response = await send(config, path, { cookie: jar, form: { csrfToken: token, ...fields } });
  return { response, jar: jar.apply(response) };
}

describe("POST /signin/:provider", () => {
  it("remembers a requested callbackUrl beside the flow's own answer, and only a requested one", async () => {
    const config = makeConfig({ providers: [provider("proving")] });
    const asked = await post(config, "/signin/proving", { callbackUrl: "/dashboard" });
    expect(locationOf(asked.response).href).toBe(`${APP}/auth/callback/proving`);
    expect(asked.jar.get(CALLBACK_URL_COOKIE)).toBe(`${APP}/dashboard`);

    const unasked = await post(config, "/signin/proving");
    expect(unasked.response.headers.getSetCookie().filter((c) => c.startsWith(CALLBACK_URL_COOKIE))).toEqual(
      [],
    );
  });

  it("sends a credentials sign-in to the sign-in page, keeping only a requested callbackUrl", async () => {
    const config = makeConfig();
    expect(locationOf((await post(config, "/signin/credentials")).response).href).toBe(`${APP}/auth/signin`);
    const asked = await post(config, "/signin/credentials", { callbackUrl: "/next" });
    expect(locationOf(asked.response).searchParams.get("callbackUrl")).toBe(`${APP}/next`);
  });

  it("answers Configuration for a type with no sign-in step, and says so in the log", async () => {
    const errors: Error[] = [];
    const config = makeConfig({
      providers: [provider("idle")],
      logger: { error: (e) => void errors.push(e) },
    });
    expect(locationOf((await post(config, "/signin/idle")).response).searchParams.get("error")).toBe(
      "Configuration",
    );
    expect(errors.map((error) => error.message)).toEqual([
      'Provider "idle" cannot start a sign-in in this version: its type has no sign-in step yet. (see docs/errors.md#invalidconfig)',
    ]);
  });
});

describe("/callback/:provider", () => {
  it("answers Configuration for a type with no callback step, and says so in the log", async () => {
    const errors: Error[] = [];
    const config = makeConfig({
      providers: [provider("idle")],
      logger: { error: (e) => void errors.push(e) },
    });
    expect(locationOf((await post(config, "/callback/idle")).response).searchParams.get("error")).toBe(
      "Configuration",
    );
    expect(errors.map((error) => error.message)).toEqual([
      'Provider "idle" cannot complete a sign-in in this version: its type has no callback step yet. (see docs/errors.md#invalidconfig)',
    ]);
  });

  it("hands the proven profile and the account to the signIn and jwt callbacks and the signIn event", async () => {
    const seen: Array<{ where: string; profile?: Profile; account?: Account | null }> = [];
    const config = makeConfig({
      providers: [provider("proving")],
      callbacks: {
        signIn: ({ profile, account }) => {
          seen.push({ where: "signIn", profile, account });
          return true;
        },
        jwt: ({ token, profile, account }) => {
          if (account) seen.push({ where: "jwt", profile, account });
          return token as JWT;
        },
      },
      events: { signIn: ({ profile, account }) => void seen.push({ where: "event", profile, account }) },
    });
    expect(locationOf((await post(config, "/callback/proving")).response).href).toBe(`${APP}/`);
    const account = { provider: "proving", type: "proving", providerAccountId: "user-proven" };
    const profile = { sub: "user-proven", locale: "fr" };
    // The account gains the stored user's id once the user is resolved.
    const linked = { ...account, userId: "user-proven" };
    expect(seen).toEqual([
      { where: "signIn", profile, account },
      { where: "jwt", profile, account: linked },
      { where: "event", profile, account: linked },
    ]);
  });

  it("a resolved user without an id cannot get a database session", async () => {
    const errors: Error[] = [];
    const config = makeConfig({
      providers: [provider("nameless")],
      adapter: MemoryAdapter(),
      logger: { error: (error) => void errors.push(error) },
    });
    expect(locationOf((await post(config, "/callback/nameless")).response).searchParams.get("error")).toBe(
      "Configuration",
    );
    expect(errors.map((error) => error.message)).toEqual([
      "A signed-in user has no id; the adapter must return users with ids. (see docs/errors.md#adaptererror)",
    ]);
  });

  it("a failed callback expires the check cookies the request carried, and no others", async () => {
    const config = makeConfig({ providers: [provider("proving")] });
    const { token, jar } = await getCsrf(config);
    const carrying = await send(config, "/callback/proving", {
      cookie: `${jar.header()}; ${STATE_COOKIE}=pending`,
      form: { csrfToken: token, fail: "yes" },
    });
    expect(locationOf(carrying).searchParams.get("error")).toBe("Configuration");
    expect(carrying.headers.getSetCookie().filter((c) => c.startsWith(`${STATE_COOKIE}=;`))).toHaveLength(1);

    const bare = await send(config, "/callback/proving", {
      cookie: jar,
      form: { csrfToken: token, fail: "yes" },
    });
    expect(bare.headers.getSetCookie().filter((c) => c.startsWith(STATE_COOKIE))).toEqual([]);
  });
});

describe("pages", () => {
  it("pages.signIn receives the error and code the sign-in page would show", async () => {
    const config = makeConfig({ pages: { signIn: "/login" } });
    const target = locationOf(await send(config, "/signin?error=CredentialsSignin&code=credentials"));
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("error")).toBe("CredentialsSignin");
    expect(target.searchParams.get("code")).toBe("credentials");
  });

  it("pages.error receives error=Default when the error page is asked for without a type", async () => {
    const target = locationOf(await send(makeConfig({ pages: { error: "/oops" } }), "/error"));
    expect(target.pathname).toBe("/oops");
    expect(target.searchParams.get("error")).toBe("Default");
  });

  it("a pages.error off the app's origin is refused, and the warning names the option", async () => {
    const warnings: Array<string | undefined> = [];
    const config = makeConfig({
      pages: { error: "https://evil.test/oops" },
      logger: { warn: (_code, message) => void warnings.push(message) },
    });
    expect(locationOf(await send(config, "/error")).origin).toBe(APP);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^pages\.error \("https:\/\/evil\.test\/oops"\) is not used/),
    );
  });

  it("the sign-out page carries the requested callbackUrl", async () => {
    const html = await (await send(makeConfig(), "/signout?callbackUrl=%2Fbye")).text();
    expect(html).toContain(`${APP}/bye`);
  });

  it("the sign-in page pre-fills the e-mail address it was given", async () => {
    const config = makeConfig({
      providers: [{ id: "email", name: "Email", type: "email", sendVerificationRequest: () => undefined }],
      adapter: MemoryAdapter(),
    });
    const html = await (await send(config, "/signin?email=ada%40example.test")).text();
    expect(html).toContain('value="ada@example.test"');
  });
});
