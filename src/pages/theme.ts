/**
 * Page theming. Theme values end up inside a `<style>` element and `src` attributes, where HTML
 * escaping alone does not help (`red;} body{…}` is harmless to an HTML parser but rewrites the CSS),
 * so every value is checked against a strict shape and dropped when it does not match.
 */
import type { Theme } from "../theme.js";

export type { Theme };

/** A theme whose values are known to be safe to place in CSS and attributes. */
export interface SafeTheme {
  colorScheme: "auto" | "light" | "dark";
  brandColor?: string;
  logo?: string;
  buttonText?: string;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`;
const FUNCTION_COLOR = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*${NUMBER}(?:%|deg|grad|rad|turn)?(?:\s*[,/]?\s*${NUMBER}%?){2,3}\s*\)$`,
  "i",
);

/**
 * A bare keyword: letters only, so it cannot end a declaration. Whether it names a colour is left to
 * whoever renders it: the pages apply it under `@supports (color: …)`, where the browser's own CSS
 * parser decides (styles.ts), and the sign-in e-mail checks it against the named colours.
 */
const KEYWORD = /^[a-z]{3,32}$/i;

/**
 * Whether `color` is a bare keyword (`"rebeccapurple"`) rather than a hex or functional colour;
 * not whether the keyword names a colour.
 *
 * @example
 * ```ts
 * isColorKeyword("teal"); // true
 * isColorKeyword("#346df1"); // false
 * ```
 */
export function isColorKeyword(color: string): boolean {
  return KEYWORD.test(color);
}

/**
 * Returns the colour when it is a hex or `rgb()`/`rgba()`/`hsl()`/`hsla()` colour, or a bare
 * keyword (lower-cased), otherwise undefined. The result contains no characters that could end a
 * CSS declaration.
 *
 * @example
 * ```ts
 * sanitizeColor("#346df1"); // "#346df1"
 * sanitizeColor("red;}</style><script>"); // undefined
 * ```
 */
export function sanitizeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  if (color.length > 64) return undefined;
  if (HEX_COLOR.test(color) || FUNCTION_COLOR.test(color)) return color;
  return KEYWORD.test(color) ? color.toLowerCase() : undefined;
}

/**
 * Returns the URL when it is `https:` or a path on the page's own origin, otherwise undefined.
 * `javascript:`, `data:` and plain `http:` (mixed content, tracking over cleartext) are dropped,
 * and so are protocol-relative (`//host`) and backslash paths, which browsers resolve off-origin.
 *
 * @example
 * ```ts
 * sanitizeLogoUrl("https://cdn.example.com/logo.svg"); // "https://cdn.example.com/logo.svg"
 * sanitizeLogoUrl("/static/logo.png"); // "/static/logo.png"
 * sanitizeLogoUrl("javascript:alert(1)"); // undefined
 * ```
 */
export function sanitizeLogoUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const url = value.trim();
  if (url.length === 0 || url.length > 2048) return undefined;
  // Control characters and whitespace are stripped by URL parsers, which turns `/\t/evil` into `//evil`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return undefined;
  if (url.startsWith("/")) return url.startsWith("//") ? undefined : url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps only the theme values that pass their checks; unknown colour schemes become `"auto"`.
 *
 * @example
 * ```ts
 * resolveTheme({ brandColor: "red;}", colorScheme: "dark" }); // { colorScheme: "dark" }
 * ```
 */
export function resolveTheme(theme: Theme | undefined): SafeTheme {
  const scheme = theme?.colorScheme;
  const safe: SafeTheme = { colorScheme: scheme === "light" || scheme === "dark" ? scheme : "auto" };
  const brandColor = sanitizeColor(theme?.brandColor);
  if (brandColor) safe.brandColor = brandColor;
  const buttonText = sanitizeColor(theme?.buttonText);
  if (buttonText) safe.buttonText = buttonText;
  const logo = sanitizeLogoUrl(theme?.logo);
  if (logo) safe.logo = logo;
  return safe;
}

/**
 * Black or white, whichever reads better on a hex background; undefined for other colour shapes,
 * where the page's own text colour is used instead.
 */
export function readableTextOn(background: string): string | undefined {
  if (!HEX_COLOR.test(background)) return undefined;
  let hex = background.slice(1);
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join("");
  const channels = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  // WCAG relative luminance; 0.179 is where black and white text have equal contrast.
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#111111" : "#ffffff";
}
