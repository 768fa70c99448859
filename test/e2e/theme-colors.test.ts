/**
 * Theme colours as Chromium draws them. A theme keyword is only checked for shape on the server;
 * whether it names a colour is the browser's call (`@supports (color: …)` in the page's stylesheet),
 * so this is where a misspelt colour must be seen to keep the default, and a provider's to leave its
 * button readable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSignInPage, renderSignOutPage } from "../../src/pages/index.js";
import type { Theme } from "../../src/theme.js";
import { type Browser, launchChromium } from "./support/chromium.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

/** The computed colour and background of the first element `selector` matches on `html`. */
async function drawn(html: string, selector: string): Promise<{ color: string; background: string }> {
  const page = await browser.context.newPage();
  try {
    await page.setContent(html);
    return await page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
  } finally {
    await page.close();
  }
}

const signOutButton = (theme: Theme) =>
  drawn(renderSignOutPage({ csrfToken: "t", signoutUrl: "/auth/signout", theme }).html, ".button");

describe("theme colours in Chromium", () => {
  it("draws a named brand colour, and keeps the default for a keyword that names no colour", async () => {
    expect(await signOutButton({ brandColor: "teal", buttonText: "black" })).toEqual({
      color: "rgb(0, 0, 0)",
      background: "rgb(0, 128, 128)",
    });
    const defaults = await signOutButton({});
    expect(await signOutButton({ brandColor: "bleu", buttonText: "wite" })).toEqual(defaults);
    expect(defaults).toEqual({ color: "rgb(255, 255, 255)", background: "rgb(52, 81, 209)" });
  });

  it("leaves a provider button readable when its colours name no colour", async () => {
    const page = (style: { bg: string; text: string } | undefined) =>
      renderSignInPage({
        providers: [
          {
            id: "acme",
            name: "Acme",
            form: "button",
            signinUrl: "/auth/signin/acme",
            callbackUrl: "/auth/callback/acme",
            ...(style ? { style } : {}),
          },
        ],
        csrfToken: "t",
        callbackUrl: "/",
        theme: { colorScheme: "light" },
      }).html;
    const plain = await drawn(page(undefined), ".button.provider");
    const misspelt = await drawn(page({ bg: "bleu", text: "wite" }), ".button.provider");
    expect(misspelt.color).toBe(plain.color);
    // Unstyled, the button takes the card's surface; misspelt, it is transparent over that surface.
    expect(["rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"]).toContain(misspelt.background);
  });
});
