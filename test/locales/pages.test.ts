/**
 * The pages and e-mails in the request's language: every visible word comes from the catalogue
 * (rendered in a pseudo-locale whose every message is marked), the language is negotiated from
 * `Accept-Language`, plural forms follow the language's rules, and the app's `messages` win.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { sayCount } from "../../src/locales/count.js";
import { email } from "../../src/locales/en/email.js";
import { passkey } from "../../src/locales/en/passkey.js";
import { twoFactor } from "../../src/locales/en/two-factor.js";
import { ENGLISH, type Language, type Messages } from "../../src/locales/messages.js";
import { acceptedLanguages, negotiateLocale } from "../../src/locales/negotiate.js";
import ar from "../../src/locales/packs/ar.js";
import de from "../../src/locales/packs/de.js";
import en from "../../src/locales/packs/en.js";
import pl from "../../src/locales/packs/pl.js";
import {
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerificationEmail,
  renderVerifyRequestPage,
} from "../../src/pages/index.js";
import { passkeyScript } from "../../src/pages/passkey-script.js";
import {
  renderRecoveryCodesPage,
  renderRecoveryCodeUsedPage,
  renderTwoFactorChallengePage,
  renderTwoFactorSetupPage,
} from "../../src/pages/two-factor.js";
import type { EmailVerificationRequest } from "../../src/provider-types.js";
import Passkey from "../../src/providers/passkey.js";
import { getCsrf, makeConfig, send } from "../core/helpers.js";
import { byTag, findAll, type HtmlElement, type HtmlNode, parseHtml } from "../pages/html.js";

/** Every message of English wrapped in ⟦ ⟧, plural forms and error words included. */
function marked(value: unknown): unknown {
  if (typeof value === "string") return `⟦${value}⟧`;
  if (Array.isArray(value)) return value.map(marked);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, marked(inner)]));
  return value;
}
const PSEUDO: Language = {
  locale: "en-XA",
  messages: { ...(marked(en.messages) as Messages), dir: "ltr" },
};

/** Data a page shows that is not a word of the catalogue: the app's and the user's own values. */
const DATA = [
  "GitHub",
  "ada@example.test",
  "app.example.test",
  "JBSW Y3DP EHPK 3PXP",
  "7kq2m-x9d4e",
  "123456",
  "·",
  "Password",
  "you@example.com",
];

/** Text a person reads: text nodes outside <style>, <script> and <title>, plus labels in attributes. */
function readable(root: HtmlElement): string[] {
  const found: string[] = [];
  const walk = (node: HtmlNode) => {
    if (typeof node === "string") {
      found.push(node);
      return;
    }
    if (["style", "script", "title", "svg"].includes(node.tag)) return;
    for (const name of ["placeholder", "aria-label", "alt", "title"]) {
      const value = node.attributes[name];
      if (value) found.push(value);
    }
    for (const child of node.children) walk(child);
  };
  walk(root);
  return found;
}

/**
 * What is left of the page's readable text once marked messages and known data are taken out. The
 * text is read as one run, so a message with markup inside (`<strong>{email}</strong>`) is one.
 */
function unmarked(html: string): string[] {
  const text = readable(parseHtml(html))
    .join("\n")
    .replace(/⟦[^⟦⟧]*⟧/g, " ");
  return DATA.reduce((rest, data) => rest.split(data).join(" "), text)
    .split("\n")
    .map((line) => line.replace(/[\s.:,;()]+/g, " ").trim())
    .filter(Boolean);
}

const language = PSEUDO;
const PAGES: Record<string, string> = {
  "sign-in": renderSignInPage({
    providers: [
      { id: "github", name: "GitHub", form: "button", signinUrl: "/s/github", callbackUrl: "/c/github" },
      { id: "email", name: "GitHub", form: "email", signinUrl: "/s/email", callbackUrl: "/c/email" },
      {
        id: "credentials",
        name: "GitHub",
        form: "fields",
        signinUrl: "/s/c",
        callbackUrl: "/c/c",
        credentials: { password: { label: "Password", type: "password" } },
      },
      {
        id: "passkey",
        name: "GitHub",
        form: "passkey",
        signinUrl: "/s/p",
        callbackUrl: "/c/p",
        optionsUrl: "/o",
      },
    ],
    csrfToken: "t",
    callbackUrl: "/",
    error: "CredentialsSignin",
    language,
  }).html,
  "sign-in, none configured": renderSignInPage({ providers: [], csrfToken: "t", callbackUrl: "/", language })
    .html,
  "sign-out": renderSignOutPage({ csrfToken: "t", signoutUrl: "/auth/signout", language }).html,
  error: renderErrorPage({ error: "Verification", signinUrl: "/auth/signin", status: 403, language }).html,
  "error, unknown type": renderErrorPage({ error: "nope", signinUrl: "/", status: 400, language }).html,
  "verify-request": renderVerifyRequestPage({
    host: "https://app.example.test",
    codeForm: { actionUrl: "/a", csrfToken: "t", email: "ada@example.test", signinUrl: "/s" },
    language,
  }).html,
  "verify-request, a wrong code": renderVerifyRequestPage({
    host: "app.example.test",
    codeForm: {
      actionUrl: "/a",
      csrfToken: "t",
      email: "ada@example.test",
      signinUrl: "/s",
      refused: { attemptsLeft: 2 },
    },
    language,
  }).html,
  "verify-request, no tries left": renderVerifyRequestPage({
    host: "app.example.test",
    codeForm: {
      actionUrl: "/a",
      csrfToken: "t",
      email: "ada@example.test",
      signinUrl: "/s",
      refused: { attemptsLeft: 0 },
    },
    language,
  }).html,
  "verify-request, an expired code": renderVerifyRequestPage({
    host: "app.example.test",
    codeForm: { actionUrl: "/a", csrfToken: "t", signinUrl: "/s", refused: {} },
    language,
  }).html,
  "e-mail confirm": renderEmailConfirmPage({
    token: "t",
    email: "ada@example.test",
    callbackUrl: "/",
    actionUrl: "/auth/callback/email",
    language,
  }).html,
  "two-factor": renderTwoFactorChallengePage({
    actionUrl: "/a",
    csrfToken: "t",
    method: "totp",
    otherMethodUrl: "/r",
    signinUrl: "/s",
    refusal: "wrongCode",
    passkey: { optionsUrl: "/o", scriptUrl: "/p.js" },
    email: { pageUrl: "/e", sendUrl: "/e/send" },
    trustDevice: true,
    language,
  }).html,
  "two-factor, recovery code, step-up": renderTwoFactorChallengePage({
    actionUrl: "/a",
    csrfToken: "t",
    method: "recovery",
    otherMethodUrl: "/r",
    signinUrl: "/s",
    stepUp: true,
    refusal: "wrongRecoveryCode",
    language,
  }).html,
  "two-factor, code by e-mail": renderTwoFactorChallengePage({
    actionUrl: "/a",
    csrfToken: "t",
    method: "email",
    otherMethodUrl: "/r",
    signinUrl: "/s",
    refusal: "wrongEmailCode",
    email: { pageUrl: "/e", sendUrl: "/e/send", sent: true },
    language,
  }).html,
  "two-factor setup": renderTwoFactorSetupPage({
    actionUrl: "/a",
    csrfToken: "t",
    qrSvg: "<svg></svg>",
    secret: "JBSWY3DPEHPK3PXP",
    refusal: "wrongPasskey",
    language,
  }).html,
  "recovery codes": renderRecoveryCodesPage({ codes: ["7kq2m-x9d4e"], continueUrl: "/", language }).html,
  "recovery code used": renderRecoveryCodeUsedPage({ remaining: 3, continueUrl: "/", language }).html,
  "last recovery code used": renderRecoveryCodeUsedPage({ remaining: 0, continueUrl: "/", language }).html,
};

describe("every word of every page comes from the catalogue", () => {
  it.each(Object.entries(PAGES))("%s shows no text that is not a marked message", (_, html) => {
    expect(unmarked(html)).toEqual([]);
    expect(html).toContain('<html lang="en-XA" dir="ltr">');
  });

  it("the check notices a word that is not in the catalogue", () => {
    const html = PAGES["sign-out"]!.replace("</h1>", " Goodbye</h1>");
    expect(unmarked(html)).toEqual(["Goodbye"]);
  });

  it.each([
    [
      "the sign-in e-mail",
      renderVerificationEmail({ url: "https://app.example.test/cb?token=x", code: "123456", language }),
    ],
    [
      "the second-factor code e-mail",
      renderVerificationEmail({
        url: "https://app.example.test/auth/two-factor?method=email",
        code: "123456",
        purpose: "secondFactor",
        expires: new Date(Date.now() + 10 * 60_000),
        language,
      }),
    ],
  ])("%s: subject, HTML and text", (_, mail) => {
    expect(mail.subject).toMatch(/^⟦.*⟧$/);
    expect(unmarked(mail.html)).toEqual([]);
    const text = mail.text
      .replace(/https:\/\/\S+/g, "")
      .replace(/⟦[^⟦⟧]*⟧/g, "")
      .replace(/123456|[\s:]/g, "");
    expect(text).toBe("");
  });
});

/** The sentences of a script a person reads: its string literals that start with a capitalised word and go on. */
const sentences = (script: string): string[] =>
  [...script.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
    .map((match) => JSON.parse(`"${match[1]}"`) as string)
    .filter((text) => /^⟦?\p{Lu}\p{Ll}*\s\S/u.test(text));

describe("the passkey script speaks from the catalogue", () => {
  it("shows no sentence that is not a marked message, and every word of its group", () => {
    const shown = sentences(passkeyScript(PSEUDO));
    expect(shown.filter((text) => !/^⟦[^⟦⟧]*⟧$/.test(text))).toEqual([]);
    expect(shown.sort()).toEqual(
      Object.values(passkey)
        .map((text) => `⟦${text}⟧`)
        .sort(),
    );
  });

  it("the check notices English left in the script", () => {
    expect(sentences(passkeyScript(ENGLISH)).sort()).toEqual(Object.values(passkey).sort());
  });

  it("carries any words as data: quotes, </script> and line separators neither end nor break it", () => {
    const words = 'Er sagte "nein" </script><script>alert(1)</script>\u2028\u2029 \\ `';
    const script = passkeyScript({ locale: "x", messages: { passkeyFailed: words } });
    expect(script).not.toMatch(/<\/script|\u2028|\u2029/i);
    expect(() => new Function(script)).not.toThrow();
    const literal = /const WORDS = (\{.*\});/.exec(script)?.[1] ?? "";
    expect(new Function(`return ${literal};`)().passkeyFailed).toBe(words);
  });
});

describe("choosing the language from Accept-Language", () => {
  const offered = ["en", "de", "fr", "pt-BR", "zh-CN", "ar"];
  it.each([
    ["de-AT,de;q=0.9,en;q=0.5", "de"],
    ["fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"],
    ["en;q=0.4, de;q=0.8", "de"],
    ["de;q=0, fr", "fr"],
    ["it, de;q=0.2", "de"],
    ["pt", "pt-BR"],
    ["PT-br", "pt-BR"],
    ["zh-Hans-CN", "en"],
    ["zh-CN", "zh-CN"],
    ["ar-EG", "ar"],
    ["sv, *;q=0.1", "en"],
    ["", "en"],
    ["de-x-private", "de"],
    ["garbage;;;,q=", "en"],
    ["de;q=1.5", "en"],
  ])("%j picks %s", (header, expected) => {
    expect(negotiateLocale(header, offered, "en")).toBe(expected);
  });

  it("orders ranges by weight, equal weights as sent (RFC 9110 §12.5.4)", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      "fr-ch",
      "fr",
      "en",
      "de",
      "*",
    ]);
    expect(acceptedLanguages("a;q=0.5, b, c;q=0.5, d;q=0")).toEqual(["b", "a", "c"]);
  });
});

describe("plural forms follow the language's rules", () => {
  it("Polish: 1 próba, 2 próby, 5 prób", () => {
    expect(sayCount(pl, email, "codeWrong", 1)).toMatch(/została 1 próba\.$/);
    expect(sayCount(pl, email, "codeWrong", 2)).toMatch(/zostały 2 próby\.$/);
    expect(sayCount(pl, email, "codeWrong", 5)).toMatch(/zostało 5 prób\.$/);
    expect(sayCount(pl, twoFactor, "recoveryCodesLeft", 22)).toMatch(/^Zostały Ci 22 kody/);
  });

  it("Arabic: one, two, few and many", () => {
    expect(sayCount(ar, email, "codeWrong", 1)).toMatch(/محاولة واحدة\.$/);
    expect(sayCount(ar, email, "codeWrong", 2)).toMatch(/محاولتان\.$/);
    expect(sayCount(ar, twoFactor, "recoveryCodesLeft", 3)).toMatch(/(3|٣) رموز استرداد/);
    expect(sayCount(ar, twoFactor, "recoveryCodesLeft", 11)).toMatch(/(11|١١) رمز استرداد/);
  });

  it("English: 1 try, 3 tries", () => {
    expect(sayCount(undefined, email, "codeWrong", 1)).toMatch(/1 try left\.$/);
    expect(sayCount(undefined, email, "codeWrong", 3)).toMatch(/3 tries left\.$/);
  });
});

describe("through Auth()", () => {
  const mailed: EmailVerificationRequest[] = [];
  const config = makeConfig({
    locales: [de, ar],
    providers: [
      {
        id: "email",
        name: "Email",
        type: "email",
        sendVerificationRequest: (params: EmailVerificationRequest) => {
          mailed.push(params);
        },
      },
    ],
    adapter: MemoryAdapter(),
  });
  const page = async (path: string, acceptLanguage?: string) =>
    parseHtml(
      await (
        await send(config, path, { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} })
      ).text(),
    );
  const html = (root: HtmlElement) => findAll(root, byTag("html"))[0]!.attributes;
  const heading = (root: HtmlElement) => findAll(root, byTag("h1"))[0]!.children.join("");

  it("speaks Arabic right to left to a browser that asks for it", async () => {
    const root = await page("/signin", "ar-EG,ar;q=0.9,en;q=0.5");
    expect(html(root)).toMatchObject({ lang: "ar", dir: "rtl" });
    expect(heading(root)).toBe("تسجيل الدخول");
  });

  it("speaks German to de-AT, and the default (English) to a language the app lacks", async () => {
    expect(heading(await page("/signout", "de-AT"))).toBe("Abmelden");
    const english = await page("/signout", "sv-SE");
    expect(html(english)).toMatchObject({ lang: "en", dir: "ltr" });
    expect(heading(english)).toBe("Sign out");
  });

  it("words the error page and a JSON refusal in the request's language", async () => {
    expect(heading(await page("/error?error=Verification", "de"))).toBe("Link nicht mehr gültig");
  });

  it("writes the sign-in e-mail, subject included, in the language of the request that asked for it", async () => {
    const { token, jar } = await getCsrf(config);
    mailed.length = 0;
    const response = await send(config, "/signin/email", {
      form: { csrfToken: token, email: "ada@example.test" },
      cookie: jar,
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(response.status).toBe(302);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.language.locale).toBe("de");
    const mail = renderVerificationEmail({ url: mailed[0]!.url, language: mailed[0]!.language });
    expect(mail.subject).toBe("Bei app.test anmelden");
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.text).toContain("Wenn du diese E-Mail nicht angefordert hast");
  });

  it("lets the app override any word, in any language, and add a language", async () => {
    const custom = makeConfig({
      locales: [de],
      messages: {
        en: { signOut: "Log out", errors: { AccessDenied: ["Members only", "Ask for an invitation."] } },
        de: { signOut: "Ausloggen" },
        sv: { signOut: "Logga ut" },
      },
    });
    const heading = async (path: string, lang: string) =>
      findAll(
        parseHtml(await (await send(custom, path, { headers: { "accept-language": lang } })).text()),
        byTag("h1"),
      )[0]!.children.join("");
    expect(await heading("/signout", "en")).toBe("Log out");
    expect(await heading("/signout", "de")).toBe("Ausloggen");
    expect(await heading("/signout", "sv")).toBe("Logga ut");
    expect(await heading("/error?error=AccessDenied", "en")).toBe("Members only");
    // The other words of German stay German; a word Swedish lacks falls back to English.
    expect(await heading("/error?error=AccessDenied", "de")).toBe("Zugriff verweigert");
    expect(await heading("/error?error=AccessDenied", "sv")).toBe("Access denied");
  });

  it("overrides English words without any language pack", async () => {
    const custom = makeConfig({ messages: { en: { signOut: "Log out" } } });
    const root = parseHtml(await (await send(custom, "/signout")).text());
    expect(findAll(root, byTag("h1"))[0]!.children.join("")).toBe("Log out");
  });

  it("links the passkey script in the page's language, which the script's URL alone decides", async () => {
    const passkeys = makeConfig({ locales: [de, ar], adapter: MemoryAdapter(), providers: [Passkey()] });
    const scriptSrc = async (acceptLanguage: string) =>
      findAll(
        parseHtml(
          await (await send(passkeys, "/signin", { headers: { "accept-language": acceptLanguage } })).text(),
        ),
        byTag("script"),
      )[0]?.attributes.src;
    expect(await scriptSrc("de-AT,de;q=0.9")).toBe("https://app.test/auth/webauthn-script?lang=de");
    expect(await scriptSrc("sv")).toBe("https://app.test/auth/webauthn-script?lang=en");
    const script = async (query: string, acceptLanguage = "ar") => {
      const response = await send(passkeys, `/webauthn-script${query}`, {
        headers: { "accept-language": acceptLanguage },
      });
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      return response.text();
    };
    const german = await script("?lang=de");
    expect(german).toContain(de.messages.passkeysUnsupported);
    expect(german).not.toContain(passkey.passkeysUnsupported);
    const english = await script("?lang=en");
    expect(english).toContain(passkey.passkeysUnsupported);
    // A tag the app lacks, one it only negotiates to, junk, or none: the default's script, whatever the browser asks.
    for (const query of ["?lang=sv", "?lang=de-AT", "?lang=*", "?lang=de%0Ax", "?lang=", ""]) {
      expect({ query, same: (await script(query)) === english }).toEqual({ query, same: true });
    }
  });

  it("refuses a default locale the app has no words for", async () => {
    const response = await send(makeConfig({ locale: "fr", locales: [de] }), "/signout");
    expect(response.status).toBe(500);
  });
});
