/**
 * The default pages in Chromium against WCAG 2.2 AA: axe-core's rules for levels A and AA of WCAG
 * 2.0, 2.1 and 2.2 on every page, in the light and dark schemes and with a light brand colour
 * (where white button text would be unreadable); then the keyboard (every form reached and sent
 * with Tab and Enter, a visible focus ring), refusals tied to their field, and a 320 CSS px wide
 * screen (WCAG 1.4.10 Reflow; also what 200% zoom of a 640 px window gives) without horizontal
 * scrolling; every page again in Arabic (right to left) and German. Screenshots of each page land in
 * generated/test-artifacts/pages/, and in English, German and Arabic in its languages/ folder.
 *
 * Pages are served from a route on a made-up origin, so each form's POST is caught where it lands.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../src/locales/messages.js";
import ar from "../../src/locales/packs/ar.js";
import de from "../../src/locales/packs/de.js";
import {
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
  type SignInPageProvider,
} from "../../src/pages/index.js";
import {
  renderRecoveryCodesPage,
  renderRecoveryCodeUsedPage,
  renderTwoFactorChallengePage,
  renderTwoFactorSetupPage,
} from "../../src/pages/two-factor.js";
import type { Theme } from "../../src/theme.js";
import { qrCodeSvg } from "../../src/two-factor/qr-svg.js";
import { type Browser, launchChromium } from "./support/chromium.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const SHOTS = fileURLToPath(new URL("../../generated/test-artifacts/pages/", import.meta.url));
const ORIGIN = "http://pages.test";
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const THEMES: Record<string, Theme> = {
  light: { colorScheme: "light" },
  dark: { colorScheme: "dark" },
  // A light yellow: the default white button text on it would be 1.2:1.
  "brand-light-yellow": { colorScheme: "light", brandColor: "#fde68a" },
  // A keyword and a functional colour: their text colour cannot be worked out from hex digits.
  "brand-keyword": { colorScheme: "light", brandColor: "khaki" },
  "brand-hsl-dark": { colorScheme: "dark", brandColor: "hsl(210, 90%, 25%)" },
};

const PROVIDERS: SignInPageProvider[] = [
  {
    id: "github",
    name: "GitHub",
    form: "button",
    signinUrl: "/auth/signin/github",
    callbackUrl: "/auth/callback/github",
  },
  {
    id: "credentials",
    name: "Password",
    form: "fields",
    signinUrl: "/auth/signin/credentials",
    callbackUrl: "/auth/callback/credentials",
    credentials: {
      username: { label: "Username", type: "text", autocomplete: "username", required: true },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
    },
  },
  {
    id: "email",
    name: "Email",
    form: "email",
    signinUrl: "/auth/signin/email",
    callbackUrl: "/auth/callback/email",
  },
  {
    id: "passkey",
    name: "Passkey",
    form: "passkey",
    signinUrl: "/auth/signin/passkey",
    callbackUrl: "/auth/callback/passkey",
    optionsUrl: "/auth/webauthn-options/passkey",
  },
];

const codeForm = {
  actionUrl: "/auth/callback/email",
  csrfToken: "t",
  signinUrl: "/auth/signin/email",
  email: "ada@example.com",
};
const challenge = {
  actionUrl: "/auth/two-factor",
  csrfToken: "t",
  otherMethodUrl: "/auth/two-factor?method=recovery",
  signinUrl: "/auth/signin",
};

/** Every page the handler renders, in each state that changes its markup. */
const PAGES: Record<string, (theme: Theme, language?: Language) => string> = {
  signin: (theme, language) =>
    renderSignInPage({ providers: PROVIDERS, csrfToken: "t", callbackUrl: "/", theme, language }).html,
  "signin-error": (theme, language) =>
    renderSignInPage({
      providers: PROVIDERS,
      csrfToken: "t",
      callbackUrl: "/",
      error: "CredentialsSignin",
      theme,
      language,
    }).html,
  signout: (theme, language) =>
    renderSignOutPage({ csrfToken: "t", signoutUrl: "/auth/signout", theme, language }).html,
  error: (theme, language) =>
    renderErrorPage({ error: "Verification", signinUrl: "/auth/signin", status: 403, theme, language }).html,
  "verify-request": (theme, language) =>
    renderVerifyRequestPage({ host: "https://app.example", codeForm, theme, language }).html,
  "verify-request-refused": (theme, language) =>
    renderVerifyRequestPage({
      host: "app.example",
      codeForm: { ...codeForm, refused: { attemptsLeft: 2 } },
      theme,
      language,
    }).html,
  "email-confirm": (theme, language) =>
    renderEmailConfirmPage({
      token: "tok",
      email: "a.very.long.address.that.must.wrap@subdomain.example.com",
      callbackUrl: "/",
      csrfToken: "t",
      actionUrl: "/auth/callback/email",
      theme,
      language,
    }).html,
  "two-factor": (theme, language) =>
    renderTwoFactorChallengePage({
      ...challenge,
      method: "totp",
      trustDevice: true,
      passkey: { optionsUrl: "/auth/webauthn-options/passkey", scriptUrl: "/auth/webauthn-script" },
      email: { pageUrl: "/auth/two-factor?method=email", sendUrl: "/auth/two-factor-email" },
      theme,
      language,
    }).html,
  "two-factor-refused": (theme, language) =>
    renderTwoFactorChallengePage({
      ...challenge,
      method: "recovery",
      refusal: "wrongRecoveryCode",
      theme,
      language,
    }).html,
  "two-factor-email-sent": (theme, language) =>
    renderTwoFactorChallengePage({
      ...challenge,
      method: "email",
      email: { pageUrl: "/auth/two-factor?method=email", sendUrl: "/auth/two-factor-email", sent: true },
      theme,
      language,
    }).html,
  "two-factor-setup": (theme, language) =>
    renderTwoFactorSetupPage({
      actionUrl: "/auth/two-factor-setup",
      csrfToken: "t",
      qrSvg: qrCodeSvg("otpauth://totp/App:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=App"),
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      refusal: "wrongCode",
      theme,
      language,
    }).html,
  "recovery-codes": (theme, language) =>
    renderRecoveryCodesPage({
      codes: ["7kq2m-x9d4e", "p3r8w-c6h2j", "z5t9n-b4f7k"],
      continueUrl: "/",
      theme,
      language,
    }).html,
  "recovery-code-used": (theme, language) =>
    renderRecoveryCodeUsedPage({ remaining: 1, continueUrl: "/", theme, language }).html,
};

/**
 * Where a theme changes only the brand colour's shape, the pages that show each brand-coloured
 * thing (a primary button, a link, a link styled as a button) are enough; the schemes get them all.
 */
const BRAND_SHAPE_PAGES = ["signin", "two-factor", "recovery-codes", "error"];
const pagesFor = (themeName: string) =>
  Object.entries(PAGES).filter(
    ([pageName]) =>
      !themeName.startsWith("brand-") ||
      themeName === "brand-light-yellow" ||
      BRAND_SHAPE_PAGES.includes(pageName),
  );

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(join(SHOTS, "languages"), { recursive: true });
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

interface Opened {
  page: Page;
  /** The form posts caught so far, as `path?body`. */
  posts: string[];
}

/** Opens `html` as `${ORIGIN}/page`, `width` CSS px wide; the passkey script and every POST are caught. */
async function open(html: string, width = 800): Promise<Opened> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const posts: string[] = [];
  await page.route(`${ORIGIN}/**`, async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.method() === "POST") {
      posts.push(`${pathname}?${request.postData() ?? ""}`);
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Sent</title>",
      });
    }
    if (pathname === "/page") return route.fulfill({ status: 200, contentType: "text/html", body: html });
    return route.fulfill({ status: 404, contentType: "text/plain", body: "" });
  });
  await page.goto(`${ORIGIN}/page`);
  return { page, posts };
}

/** Runs `task` on every item, four pages open at a time, and flattens the results. */
async function inBatches<T, R>(items: T[], task: (item: T) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 4) {
    const batch = await Promise.all(items.slice(start, start + 4).map(task));
    results.push(...batch.flat());
  }
  return results;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe-core's WCAG 2.2 A and AA violations on the open page, one readable line per element. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target as string[], failureSummary })),
    }));
  }, WCAG_22_AA);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${violation.help}. ${(node.failureSummary ?? "").replace(/\s+/g, " ")}`,
    ),
  );
}

describe("axe-core, WCAG 2.2 A and AA", () => {
  it.each(Object.keys(THEMES))(
    "every default page passes in the %s theme",
    async (themeName) => {
      const theme = THEMES[themeName] as Theme;
      const found = await inBatches(pagesFor(themeName), async ([pageName, render]) => {
        const { page } = await open(render(theme));
        try {
          const lines = await axeViolations(page);
          if (themeName === "light" || themeName === "dark" || themeName === "brand-light-yellow") {
            const shot = await page.screenshot({
              path: join(SHOTS, `${pageName}-${themeName}.png`),
              fullPage: true,
            });
            // The light theme's shots are the English ones of the three languages (see "in other languages").
            if (themeName === "light") writeFileSync(join(SHOTS, "languages", `${pageName}-en.png`), shot);
          }
          return lines.map((line) => `${pageName}: ${line}`);
        } finally {
          await page.close();
        }
      });
      expect(found, found.join("\n")).toEqual([]);
    },
    60_000,
  );
});

/**
 * The languages besides English the pages are checked in: Arabic, right to left (the layout must
 * mirror without a rule of its own), and German, whose long words test wrapping.
 */
const LANGUAGES: Record<string, Language> = { de, ar };

describe("in other languages", () => {
  it("every default page passes axe-core in Arabic, right to left, and shows German; screenshots in German and Arabic", async () => {
    const runs = Object.entries(LANGUAGES).flatMap(([locale, language]) =>
      Object.entries(PAGES).map(([pageName, render]) => ({ locale, language, pageName, render })),
    );
    const found = await inBatches(runs, async ({ locale, language, pageName, render }) => {
      const { page } = await open(render(THEMES.light as Theme, language));
      try {
        const { lang, dir } = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          dir: getComputedStyle(document.body).direction,
        }));
        const problems = [
          ...(lang === locale ? [] : [`lang is "${lang}"`]),
          ...(dir === (locale === "ar" ? "rtl" : "ltr") ? [] : [`direction is ${dir}`]),
          // German changes no markup Arabic does not: its screenshots show how its long words wrap.
          ...(locale === "ar" ? await axeViolations(page) : []),
        ];
        await page.screenshot({
          path: join(SHOTS, "languages", `${pageName}-${locale}.png`),
          fullPage: true,
        });
        return problems.map((line) => `${pageName} (${locale}): ${line}`);
      } finally {
        await page.close();
      }
    });
    expect(found, found.join("\n")).toEqual([]);
  }, 90_000);
});

/** WCAG 2.2 contrast ratio of two computed `rgb()`/`rgba()` colours (alpha ignored). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

interface Focused {
  /** The element, as `tag[name]` or `tag "text"`, and its form's action. */
  label: string;
  action: string | null;
  kind: "text" | "email" | "numeric" | "submit" | "other";
  outline: { style: string; width: number; color: string };
  surface: string;
}

/** What has the focus now, and how its focus ring is drawn. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const input = element instanceof HTMLInputElement ? element : null;
    const name = element.getAttribute("name");
    const kind =
      element.getAttribute("type") === "submit" ||
      (element.tagName === "BUTTON" && !element.getAttribute("type"))
        ? "submit"
        : input?.inputMode === "numeric"
          ? "numeric"
          : input?.type === "email"
            ? "email"
            : input && ["text", "password"].includes(input.type)
              ? "text"
              : "other";
    const card = document.querySelector(".card") as HTMLElement;
    return {
      label: `${element.tagName.toLowerCase()}${name ? `[${name}]` : ` "${element.textContent?.trim()}"`}`,
      action: element.closest("form")?.getAttribute("action") ?? null,
      kind,
      outline: {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        color: style.outlineColor,
      },
      surface: getComputedStyle(card).backgroundColor,
    } as const;
  });
}

/** Every control a keyboard user should reach, in document order. */
function controls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden])")]
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const name = element.getAttribute("name");
        return `${element.tagName.toLowerCase()}${name ? `[${name}]` : ` "${element.textContent?.trim()}"`}`;
      }),
  );
}

const TYPED = { text: "ada", email: "ada@example.com", numeric: "123456" } as const;

describe("keyboard", () => {
  it.each(["light", "brand-light-yellow"])(
    "reaches every control with Tab, with a focus ring of 3:1 against the card, in the %s theme",
    async (themeName) => {
      const theme = THEMES[themeName] as Theme;
      const problems = await inBatches(Object.entries(PAGES), async ([pageName, render]) => {
        const { page } = await open(render(theme));
        try {
          const expected = await controls(page);
          const reached: string[] = [];
          const found: string[] = [];
          for (let step = 0; step < expected.length + 2; step++) {
            await page.keyboard.press("Tab");
            const now = await focused(page);
            if (!now) continue;
            reached.push(now.label);
            const ratio = contrast(now.outline.color, now.surface);
            if (now.outline.style === "none" || now.outline.width < 2 || ratio < 3) {
              found.push(
                `${pageName}: ${now.label} has focus ring ${JSON.stringify(now.outline)}, ${ratio.toFixed(2)}:1`,
              );
            }
          }
          const missed = expected.filter((control) => !reached.includes(control));
          if (missed.length > 0) found.push(`${pageName}: never focused ${missed.join(", ")}`);
          return found;
        } finally {
          await page.close();
        }
      });
      expect(problems, problems.join("\n")).toEqual([]);
    },
    60_000,
  );

  it("sends every form by typing, Tab and Enter", async () => {
    const forms = (
      await inBatches(Object.entries(PAGES), async ([pageName, render]) => {
        const { page } = await open(render(THEMES.light as Theme));
        try {
          const actions = await page.evaluate(() =>
            [...document.querySelectorAll("form")]
              .filter((form) => form.querySelector("button[type=submit]"))
              .map((form) => form.getAttribute("action") as string),
          );
          return actions.map((action) => ({ pageName, render, action }));
        } finally {
          await page.close();
        }
      })
    ).filter(
      (form, index, all) =>
        all.findIndex((other) => other.pageName === form.pageName && other.action === form.action) === index,
    );
    expect(forms.length).toBeGreaterThan(10);
    const problems = await inBatches(forms, async ({ pageName, render, action }) => {
      const { page, posts } = await open(render(THEMES.light as Theme));
      try {
        // The field with `autofocus` has the focus before the first Tab.
        for (let step = 0; step < 40 && posts.length === 0; step++) {
          const now = await focused(page);
          const kind = now?.action === action ? now.kind : "other";
          if (kind === "submit") {
            await page.keyboard.press("Enter");
            await page.waitForURL(`${ORIGIN}${action}`, { timeout: 3_000 }).catch(() => undefined);
          } else if (kind !== "other") {
            await page.keyboard.press("ControlOrMeta+A");
            await page.keyboard.type(TYPED[kind]);
          }
          if (posts.length === 0) await page.keyboard.press("Tab");
        }
        return posts.some((post) => post.startsWith(`${action}?`))
          ? []
          : [`${pageName}: ${action} was not sent`];
      } finally {
        await page.close();
      }
    });
    expect(problems, problems.join("\n")).toEqual([]);
  }, 60_000);
});

describe("forms", () => {
  it.each(["signin-error", "verify-request-refused", "two-factor-refused", "two-factor-setup"])(
    "%s: the refusal is announced (role=alert) and names the refused field (aria-describedby, aria-invalid)",
    async (pageName) => {
      const { page } = await open((PAGES[pageName] as (theme: Theme) => string)(THEMES.light as Theme));
      try {
        const alert = page.getByRole("alert");
        await expect(alert.count()).resolves.toBe(1);
        const id = await alert.getAttribute("id");
        expect(id).toBeTruthy();
        const fields = await page.evaluate(
          (errorId) =>
            [...document.querySelectorAll("input[aria-describedby]")]
              .filter((input) => input.getAttribute("aria-describedby")?.split(" ").includes(errorId))
              .map((input) => `${input.getAttribute("name")} invalid=${input.getAttribute("aria-invalid")}`),
          id as string,
        );
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) expect(field).toMatch(/ invalid=true$/);
      } finally {
        await page.close();
      }
    },
  );

  it.each(["verify-request", "two-factor", "two-factor-email-sent", "two-factor-setup"])(
    "%s: the one-time-code field says so (autocomplete=one-time-code) and asks for digits (inputmode=numeric)",
    async (pageName) => {
      const { page } = await open((PAGES[pageName] as (theme: Theme) => string)(THEMES.light as Theme));
      try {
        const code = page.getByRole("textbox", { name: /^Code from/ });
        await expect(code.count()).resolves.toBe(1);
        await expect(code.getAttribute("autocomplete")).resolves.toBe("one-time-code");
        await expect(code.getAttribute("inputmode")).resolves.toBe("numeric");
      } finally {
        await page.close();
      }
    },
  );

  it("labels the passkey buttons with what they do", async () => {
    for (const [pageName, names] of [
      ["signin", ["Sign in with Passkey", "Create a passkey"]],
      ["two-factor", ["Use a passkey"]],
    ] as const) {
      const { page } = await open((PAGES[pageName] as (theme: Theme) => string)(THEMES.light as Theme));
      try {
        for (const name of names) {
          await expect(page.getByRole("button", { name, exact: true }).count()).resolves.toBe(1);
        }
      } finally {
        await page.close();
      }
    }
  });
});

describe("reflow (WCAG 2.2, 1.4.10)", () => {
  it("shows every page on a 320 CSS px wide screen without horizontal scrolling", async () => {
    const problems = await inBatches(Object.entries(PAGES), async ([pageName, render]) => {
      const { page } = await open(render(THEMES.light as Theme), 320);
      try {
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const root = document.scrollingElement as Element;
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
        });
        await page.screenshot({ path: join(SHOTS, `${pageName}-320px.png`), fullPage: true });
        return scrollWidth <= clientWidth ? [] : [`${pageName}: ${scrollWidth} px wide in ${clientWidth} px`];
      } finally {
        await page.close();
      }
    });
    expect(problems, problems.join("\n")).toEqual([]);
  }, 60_000);
});
