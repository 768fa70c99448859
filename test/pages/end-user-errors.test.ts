/**
 * What an end user reads when a sign-in fails, tried through `Auth()` as a browser would: every page
 * a failure lands on says what happened and what to do next, in plain words, with no docs link or
 * internal message; a mistyped one-time code goes back to the code form; an unknown route is a 404
 * page for a browser and JSON for anything else.
 */
import { describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { clientSafeErrorClass } from "../../src/core/error-traits.js";
import { ERROR_CLASSES, RequestError } from "../../src/core/errors.js";
import type { AuthConfig } from "../../src/index.js";
import de from "../../src/locales/packs/de.js";
import { renderVerificationEmail } from "../../src/pages/index.js";
import OAuth from "../../src/providers/oauth.js";
import Passkey from "../../src/providers/passkey.js";
import { MemoryStore } from "../../src/store/memory.js";
import { CookieJar, getCsrf, HTTP_APP, locationOf, makeConfig, SECRET, send } from "../core/helpers.js";
import { confirmLink, lastMail, outboxProvider, requestLink } from "../flows/email/helpers.js";
import { expectAccessibleDocument } from "./document.js";
import {
  byTag,
  findAll,
  formWithButton,
  type HtmlElement,
  hiddenValues,
  parseHtml,
  visibleText,
} from "./html.js";

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

function otpApp() {
  const outbox = outboxProvider({ otp: true });
  const config = makeConfig({
    adapter: MemoryAdapter(createMemoryTables()),
    store: new MemoryStore(),
    rateLimit: false,
    providers: [outbox.provider],
  });
  return { config, outbox };
}

/** Posts `code` for `email` from the code form; the redirect it answers. */
async function postCode(config: AuthConfig, email: string, code: string): Promise<URL> {
  const { token, jar } = await getCsrf(config);
  const response = await send(config, "/callback/email", {
    cookie: jar,
    form: { csrfToken: token, email, code },
  });
  return locationOf(response);
}

/** Follows a redirect to one of the handler's pages, as the browser would; the page's document. */
async function follow(config: AuthConfig, location: URL, origin?: string): Promise<HtmlElement> {
  const response = await send(config, `${location.pathname.replace(/^\/auth/, "")}${location.search}`, {
    headers: BROWSER,
    ...(origin ? { origin } : {}),
  });
  expect(response.headers.get("content-type")).toContain("text/html");
  return expectAccessibleDocument(await response.text());
}

const alertText = (root: HtmlElement) =>
  findAll(root, (element) => element.attributes.role === "alert")
    .map(visibleText)
    .join(" ");

/** What the page says, without its stylesheet. */
const mainText = (root: HtmlElement) => visibleText(findAll(root, byTag("main"))[0] as HtmlElement);

const wrongCodeFor = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0");

describe("a mistyped one-time code", () => {
  it("goes back to the code form with the address filled in and the tries left, not to the link-expired page", async () => {
    const { config, outbox } = otpApp();
    await requestLink(config, "ada@example.test");
    const location = await postCode(config, "ada@example.test", wrongCodeFor(String(lastMail(outbox).code)));
    expect(location.pathname).toBe("/auth/verify-request");
    expect(location.searchParams.get("error")).toBe("Verification");

    const page = await follow(config, location);
    const form = formWithButton(page, "Sign in with code");
    const email = findAll(form, (element) => element.attributes.name === "email")[0];
    expect(email?.attributes.value).toBe("ada@example.test");
    expect(alertText(page)).toMatch(/code is not right.*4 tries left/i);
    expect(mainText(page)).not.toMatch(/expired or has already been used/i);
  });

  it("after the fifth wrong try, says to send a new code and offers a button that mails one", async () => {
    const { config, outbox } = otpApp();
    await requestLink(config, "ada@example.test");
    const wrong = wrongCodeFor(String(lastMail(outbox).code));
    let location = new URL(HTTP_APP);
    for (let attempt = 0; attempt < 5; attempt++)
      location = await postCode(config, "ada@example.test", wrong);

    const page = await follow(config, location);
    expect(alertText(page)).toMatch(/last try.*new code/i);
    expect(findAll(page, (element) => element.attributes.name === "code")).toHaveLength(0);
    const resend = formWithButton(page, "Send a new code");
    expect(resend.attributes.action).toBe("https://app.test/auth/signin/email");
    expect(hiddenValues(resend).email).toBe("ada@example.test");

    const { jar } = await getCsrf(config);
    const mailed = outbox.sent.length;
    const response = await send(config, "/signin/email", {
      cookie: jar,
      form: { ...hiddenValues(resend), csrfToken: (await getCsrf(config, { cookie: jar })).token },
    });
    expect(locationOf(response).pathname).toBe("/auth/verify-request");
    expect(outbox.sent.length).toBe(mailed + 1);
  });

  it("that has expired or was already used says so and offers a new one", async () => {
    const { config } = otpApp();
    const location = await postCode(config, "ada@example.test", "123456");
    const page = await follow(config, location);
    expect(alertText(page)).toMatch(/expired or was already used.*new code/i);
    expect(hiddenValues(formWithButton(page, "Send a new code")).email).toBe("ada@example.test");
  });
});

describe("a right one-time code", () => {
  it("whose link was used in the meantime goes back to the code form, which offers a new code", async () => {
    const { config, outbox } = otpApp();
    await requestLink(config, "ada@example.test");
    const mail = lastMail(outbox);
    await confirmLink(config, mail.url);
    const location = await postCode(config, "ada@example.test", String(mail.code));
    expect(location.pathname).toBe("/auth/verify-request");
    const page = await follow(config, location);
    expect(alertText(page)).toMatch(/expired or was already used.*new code/i);
    expect(hiddenValues(formWithButton(page, "Send a new code")).email).toBe("ada@example.test");
  });
});

describe("the code form", () => {
  it("fills in the address the sign-in was asked for", async () => {
    const { config } = otpApp();
    const location = locationOf(await requestLink(config, "ada@example.test"));
    const page = await follow(config, location);
    const form = formWithButton(page, "Sign in with code");
    expect(findAll(form, (element) => element.attributes.name === "email")[0]?.attributes.value).toBe(
      "ada@example.test",
    );
  });
});

/** An OAuth provider whose token endpoint nothing answers. */
const acme = () =>
  OAuth({
    id: "acme",
    name: "Acme",
    authorization: "https://as.example/authorize",
    token: "http://127.0.0.1:9/token",
    userinfo: "https://as.example/me",
    clientId: "acme-client",
    clientSecret: "acme-secret",
  });

describe("a sign-in whose check cookie is gone", () => {
  it("says to start the sign-in again in this browser, not that the site is set up wrongly", async () => {
    const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [acme()] };
    // The callback came back to another browser, or after the 15-minute check cookie expired.
    const response = await send(config, "/callback/acme?code=c&state=s", {
      origin: HTTP_APP,
      cookie: new CookieJar(),
    });
    const location = locationOf(response);
    expect(location.searchParams.get("error")).toBe("InvalidCheck");
    const page = await follow(config, location, HTTP_APP);
    expect(mainText(page)).toMatch(/start signing in again/i);
    expect(mainText(page)).not.toMatch(/not set up correctly/i);
  });
});

describe("a refused passkey", () => {
  it("tells the browser what to do, with no docs link", async () => {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    await adapter.createUser?.({ id: "ada", email: "ada@example.test", emailVerified: null });
    const config = makeConfig({ adapter, providers: [Passkey()] });
    const response = await send(config, "/webauthn-options/passkey?action=register&email=ada%40example.test");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe("AccountNotLinked");
    expect(body.message).not.toMatch(/docs|errors\.md|adapter|stored user/i);
    expect(body.message).toMatch(/sign in the way you did before/i);
  });
});

/** What a page says for a type no error class has: the words every known type must not fall back to. */
async function unknownTypeText(config: AuthConfig, page: string): Promise<string> {
  const response = await send(config, `${page}?error=NoSuchError`, { headers: BROWSER });
  return mainText(expectAccessibleDocument(await response.text()));
}

describe("every page a failure lands on", () => {
  const landingTypes = [
    "Configuration",
    ...ERROR_CLASSES.filter(
      (errorClass) => errorClass.clientSafe && !(errorClass.prototype instanceof RequestError),
    )
      .map((errorClass) => errorClass.type)
      .concat(["InvalidCheck"]),
  ];

  // Every flow and feature, so that every type's words are there: each carries its own.
  const everything = () =>
    makeConfig({
      adapter: MemoryAdapter(createMemoryTables()),
      providers: [
        ...(makeConfig().providers ?? []),
        acme(),
        outboxProvider({ otp: true }).provider,
        Passkey(),
      ],
      twoFactor: { methods: ["totp"] },
      organizations: {},
    });

  it.each([...new Set(landingTypes)])(
    "explains %s in plain words with a next step, and no docs link",
    async (type) => {
      const config = everything();
      for (const page of ["/error", "/signin"]) {
        const response = await send(config, `${page}?error=${type}`, { headers: BROWSER });
        const text = mainText(expectAccessibleDocument(await response.text()));
        expect(text).not.toMatch(/docs\/|errors\.md|not set up correctly|server logs/i);
        expect(text).not.toBe(await unknownTypeText(config, page));
        expect(text).toMatch(
          /try again|start signing in again|sign in the way you did before|new one|another account|contact/i,
        );
      }
      if (type !== "Configuration") expect(clientSafeErrorClass(type)).toBeDefined();
    },
  );
});

describe("the words of an error only a flow raises", () => {
  const oauthCallbackPage = async (config: AuthConfig, language?: string) =>
    mainText(
      parseHtml(
        await (
          await send(config, "/error?error=OAuthCallbackError", {
            headers: { ...BROWSER, ...(language ? { "accept-language": language } : {}) },
          })
        ).text(),
      ),
    );

  it("come with the flow: an app without it shows the default words, one with it the flow's", async () => {
    const without = makeConfig();
    expect(await oauthCallbackPage(without)).toBe(await unknownTypeText(without, "/error"));
    const withOAuth = makeConfig({ providers: [acme()] });
    expect(await oauthCallbackPage(withOAuth)).toMatch(/provider did not finish signing you in/);
  });

  it("are the English a language lacking them falls back to, and a pack's own where it has them", async () => {
    const german = makeConfig({
      providers: [acme()],
      locale: "de",
      messages: { de: { signIn: "Anmelden" } },
    });
    expect(await oauthCallbackPage(german)).toMatch(/provider did not finish signing you in/);
    const withPack = makeConfig({ providers: [acme()], locales: [de] });
    expect(await oauthCallbackPage(withPack, "de")).toMatch(
      /Der Anbieter hat deine Anmeldung nicht abgeschlossen/,
    );
    expect(await oauthCallbackPage(withPack, "en")).toMatch(/provider did not finish signing you in/);
    const overridden = makeConfig({
      providers: [acme()],
      messages: { en: { errors: { OAuthCallbackError: ["Not quite", "Our own words."] } } },
    });
    expect(await oauthCallbackPage(overridden)).toMatch(/Our own words\./);
  });
});

describe("an unknown route under the base path", () => {
  it("is a 404 page in the shared layout, with the app's theme, for a browser", async () => {
    const response = await send(makeConfig({ theme: { brandColor: "#0a7c4a" } }), "/nope", {
      headers: BROWSER,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("#0a7c4a");
    const page = expectAccessibleDocument(html);
    expect(visibleText(findAll(page, byTag("h1"))[0] as HtmlElement)).toBe("Page not found");
    expect(findAll(page, byTag("a")).map((link) => link.attributes.href)).toContain("/auth/signin");
  });

  it("is a 404 JSON answer for anything that does not ask for HTML", async () => {
    const response = await send(makeConfig(), "/nope", { headers: { accept: "application/json" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "UnknownAction", message: 'Unknown action "nope".' });
  });

  it("naming a provider the site does not have is a 400 page that says to choose another", async () => {
    const response = await send(makeConfig(), "/signin/nope", { headers: BROWSER });
    expect(response.status).toBe(400);
    const page = expectAccessibleDocument(await response.text());
    expect(mainText(page)).toMatch(/does not offer that way of signing in/);
    expect(mainText(page)).not.toMatch(/nope/);
  });

  it("keeps 400 for a malformed request to a known route", async () => {
    const response = await send(makeConfig(), "/callback", { headers: BROWSER });
    expect(response.status).toBe(400);
  });
});

describe("the words on the pages", () => {
  it("spell the address field one way on the pages that offer e-mail and passkeys", async () => {
    const config = makeConfig({
      adapter: MemoryAdapter(createMemoryTables()),
      providers: [outboxProvider({ otp: true }).provider, Passkey()],
    });
    const signIn = mainText(expectAccessibleDocument(await (await send(config, "/signin")).text()));
    const verify = mainText(
      expectAccessibleDocument(await (await send(config, "/verify-request?provider=email")).text()),
    );
    for (const text of [signIn, verify]) {
      expect(text).toMatch(/\bEmail\b/);
      expect(text).not.toMatch(/e-mail/i);
    }
  });

  it("spell it the same way in the sign-in mail", async () => {
    const { config, outbox } = otpApp();
    await requestLink(config, "ada@example.test");
    const mail = renderVerificationEmail({ url: lastMail(outbox).url, code: "123456" });
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/e-mail/i);
  });
});
