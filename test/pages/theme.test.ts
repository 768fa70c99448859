import { describe, expect, it } from "vitest";
import { renderSignOutPage, resolveTheme, sanitizeColor, sanitizeLogoUrl } from "../../src/pages/index.js";
import { byTag, findAll, parseHtml, textContent } from "./html.js";

function stylesheetOf(html: string): string {
  return textContent(findAll(parseHtml(html), byTag("style"))[0]!);
}

const signOut = (theme: Parameters<typeof renderSignOutPage>[0]["theme"]) =>
  renderSignOutPage({ csrfToken: "t", signoutUrl: "/auth/signout", theme }).html;

describe("sanitizeColor", () => {
  it.each([
    "#abc",
    "#AABBCC",
    "#aabbccdd",
    "rgb(10, 20, 30)",
    "rgba(10,20,30,0.5)",
    "rgb(10 20 30 / 50%)",
    "hsl(210deg 40% 50%)",
  ])("accepts %s", (color) => expect(sanitizeColor(color)).toBe(color));

  it("accepts CSS named colours case-insensitively", () => {
    expect(sanitizeColor("RebeccaPurple")).toBe("rebeccapurple");
  });

  it("accepts any bare keyword of letters: nothing in it can end a declaration", () => {
    expect(sanitizeColor("notacolor")).toBe("notacolor");
  });

  it.each([
    "red;}</style><script>",
    "red; background: url(https://evil.test)",
    "expression(alert(1))",
    "not-a-color",
    "red1",
    "#abcd1",
    "rgb(1,2,3);}",
    "var(--x)",
    "",
    "url(javascript:alert(1))",
  ])("rejects %s", (color) => expect(sanitizeColor(color)).toBeUndefined());

  it("rejects non-strings", () => {
    expect(sanitizeColor(123)).toBeUndefined();
    expect(sanitizeColor({ toString: () => "red" })).toBeUndefined();
  });
});

describe("sanitizeLogoUrl", () => {
  it.each(["https://cdn.example.test/logo.svg", "/static/logo.png"])("accepts %s", (url) => {
    expect(sanitizeLogoUrl(url)).toBe(url);
  });

  it.each([
    "http://cdn.example.test/logo.svg",
    "javascript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "//evil.test/logo.png",
    "/\\evil.test/logo.png",
    "/\t/evil.test/logo.png",
    "logo.png",
    "",
  ])("drops %s", (url) => expect(sanitizeLogoUrl(url)).toBeUndefined());
});

describe("page theme", () => {
  it("drops a brand colour that tries to leave the stylesheet", () => {
    const html = signOut({ brandColor: "red;}</style><script>alert(1)</script>" });
    expect(html).not.toMatch(/<script/i);
    expect(stylesheetOf(html)).not.toContain("red;");
    expect(resolveTheme({ brandColor: "red;}</style><script>" })).toEqual({ colorScheme: "auto" });
  });

  it("uses a valid brand colour and button text colour, each where the browser parses it as one", () => {
    const css = stylesheetOf(signOut({ brandColor: "#0f766e", buttonText: "black" }));
    expect(css).toContain("@supports (color: #0f766e) { :root { --brand: #0f766e; } }");
    expect(css).toContain("@supports (color: black) { :root { --brand-text: black; } }");
  });

  it("keeps the defaults unconditionally, so a keyword that names no colour changes nothing", () => {
    const css = stylesheetOf(signOut({ brandColor: "bleu" }));
    expect(css).toContain(":root { --brand: #3451d1; --brand-text: #ffffff; }");
    expect(css).toContain("@supports (color: bleu) { :root { --brand: bleu; } }");
  });

  it("follows prefers-color-scheme only when the scheme is auto", () => {
    expect(stylesheetOf(signOut({}))).toContain("prefers-color-scheme: dark");
    expect(stylesheetOf(signOut({ colorScheme: "auto" }))).toContain("color-scheme: light dark");
    const light = stylesheetOf(signOut({ colorScheme: "light" }));
    expect(light).not.toContain("prefers-color-scheme");
    expect(light).toContain("color-scheme: light;");
    const dark = stylesheetOf(signOut({ colorScheme: "dark" }));
    expect(dark).not.toContain("prefers-color-scheme");
    expect(dark).toContain("color-scheme: dark;");
  });

  it("shows a safe logo and drops an unsafe one", () => {
    const logos = (logo: string) => findAll(parseHtml(signOut({ logo })), byTag("img"));
    expect(logos("https://cdn.example.test/logo.svg")[0]!.attributes).toMatchObject({
      src: "https://cdn.example.test/logo.svg",
      alt: "",
    });
    expect(logos(`javascript:alert(1)`)).toHaveLength(0);
    expect(logos(`https://cdn.example.test/"onerror="alert(1)`)[0]!.attributes.onerror).toBeUndefined();
  });

  it("keeps page URLs from a logo host, and the origin on the page's own posts", () => {
    const metas = findAll(parseHtml(signOut({})), byTag("meta"));
    expect(metas.find((meta) => meta.attributes.name === "referrer")?.attributes.content).toBe("same-origin");
  });
});
