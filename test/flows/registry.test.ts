/**
 * The flow contract: a provider type is one flow plus one row in the registry. This test adds a
 * made-up type ("magic-word") to the registry and nowhere else, and drives it through `Auth()`:
 * config checks, the provider listing, the sign-in page, the sign-in step, the callback, the shared
 * sign-in tail (signIn callback, session) and the check-cookie clearing on every outcome.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidConfig } from "../../src/core/errors.js";
import { flows } from "../../src/flows/index.js";
import type { Flow } from "../../src/flows/types.js";
import { resolveCredentialsUser } from "../../src/login/index.js";
import type { ProviderConfig } from "../../src/providers/types.js";
import { CookieJar, getCsrf, locationOf, makeConfig, recordingLogger, send } from "../core/helpers.js";

interface MagicWordConfig {
  id: string;
  name: string;
  type: "magic-word";
  word: string;
}

/** The flow sees providers of its own type; the registry's type knows only the built-in ones. */
const wordOf = (provider: ProviderConfig) => (provider as unknown as MagicWordConfig).word;

const magicWordFlow: Flow<ProviderConfig> = {
  resolveProvider(provider) {
    const word = wordOf(provider);
    if (typeof word !== "string" || word.length < 4) {
      throw new InvalidConfig(`The magic-word provider "${provider.id}" needs a \`word\` of 4+ characters.`);
    }
    return provider;
  },
  adapterMethods: () => [],
  pageEntry: () => ({ form: "button" }),
  callbackNeedsCsrf: () => true,
  checkCookies: ["state"],
  async signIn(ctx, provider) {
    // Hands the browser a check cookie, as a real flow would before leaving for a provider.
    const state = ctx.cookies.state;
    return {
      redirect: ctx.actionUrl("callback", provider.id),
      cookies: [{ name: state.name, value: "pending", options: state.options }],
    };
  },
  async callback(ctx, provider) {
    if (ctx.req.body.word !== wordOf(provider)) throw new InvalidConfig("wrong word");
    const state = ctx.cookies.state;
    return {
      kind: "signedIn",
      identity: {
        user: { id: "user-magic", name: "Magic", email: "magic@example.test" },
        account: { provider: provider.id, type: "magic-word", providerAccountId: "user-magic" },
        resolveUser: resolveCredentialsUser,
      },
      cookies: [{ name: state.name, value: "", options: { ...state.options, maxAge: 0 } }],
    };
  },
};

// The one row: added to the registry the core reads, removed again after these tests.
beforeAll(() => {
  (flows as Record<string, unknown>)["magic-word"] = magicWordFlow;
});
afterAll(() => {
  delete (flows as Record<string, unknown>)["magic-word"];
});

const magicWord = (word = "abracadabra") =>
  ({ id: "magic", name: "Magic Word", type: "magic-word", word }) as unknown as ProviderConfig;

describe("a provider type added only to the flow registry", () => {
  it("is checked at startup by its own flow", async () => {
    const log = recordingLogger();
    const response = await send(
      makeConfig({ providers: [magicWord("ab")], logger: log.logger }),
      "/providers",
    );
    expect(response.status).toBe(500);
    expect(log.text()).toContain("needs a `word` of 4+ characters");
  });

  it("is listed and offered on the sign-in page as its flow says", async () => {
    const config = makeConfig({ providers: [magicWord()] });
    const listing = (await (await send(config, "/providers")).json()) as Record<string, { type: string }>;
    expect(listing.magic?.type).toBe("magic-word");
    const page = await (await send(config, "/signin")).text();
    expect(page).toContain('action="https://app.test/auth/signin/magic"');
    expect(page).toContain("Sign in with Magic Word");
  });

  it("starts, finishes and gets a session through the shared tail, with its check cookie cleared", async () => {
    const config = makeConfig({ providers: [magicWord()] });
    const { token, jar } = await getCsrf(config);
    const started = await send(config, "/signin/magic", { cookie: jar, form: { csrfToken: token } });
    expect(locationOf(started).pathname).toBe("/auth/callback/magic");
    jar.apply(started);
    expect(jar.get("__Secure-authjs.state")).toBe("pending");

    const finished = await send(config, "/callback/magic", {
      cookie: jar,
      form: { csrfToken: token, word: "abracadabra" },
    });
    expect(locationOf(finished).href).toBe("https://app.test/");
    jar.apply(finished);
    expect(jar.get("__Secure-authjs.state")).toBeUndefined();
    const session = (await (await send(config, "/session", { cookie: jar })).json()) as {
      user: { name: string };
    };
    expect(session.user.name).toBe("Magic");
  });

  it("is CSRF-checked by the router when its flow asks for it", async () => {
    const config = makeConfig({ providers: [magicWord()] });
    const response = await send(config, "/callback/magic", { form: { word: "abracadabra" } });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
  });

  it("has its check cookies cleared when its callback fails", async () => {
    const config = makeConfig({ providers: [magicWord()], logger: recordingLogger().logger });
    const { token, jar } = await getCsrf(config);
    jar.cookies.set("__Secure-authjs.state", "pending");
    const response = await send(config, "/callback/magic", {
      cookie: jar,
      form: { csrfToken: token, word: "no" },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    jar.apply(response);
    expect(jar.get("__Secure-authjs.state")).toBeUndefined();
  });

  it("goes through the signIn callback like every flow", async () => {
    const config = makeConfig({ providers: [magicWord()], callbacks: { signIn: () => false } });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/magic", {
      cookie: new CookieJar(Object.fromEntries(jar.cookies)),
      form: { csrfToken: token, word: "abracadabra" },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("AccessDenied");
  });
});

/** Every .ts file under `dir`, with its text. */
function sources(dir: string): Array<[string, string]> {
  return readdirSync(dir).flatMap((entry): Array<[string, string]> => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [[path, readFileSync(path, "utf8")]] : [];
  });
}

describe("the layers the registry keeps apart", () => {
  it("no route action or base rule reads a provider's type", () => {
    const offenders = ["src/core", "src/actions"]
      .flatMap((dir) => sources(dir))
      .filter(([, text]) => text.includes("provider.type"))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it("the pipeline branches on no provider type (it names one only to report a type without a flow)", () => {
    const offenders = sources("src/pipeline")
      .filter(([, text]) => /type\s*[!=]==\s*"|case\s+"(oauth|oidc|email|credentials|webauthn)"/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it("latchkey/jwt imports nothing from the core, the pipeline or the config", () => {
    const offenders = sources("src/jwt")
      .filter(([, text]) => /from "\.\.\/(core|pipeline|config|actions|session)[/.]/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
