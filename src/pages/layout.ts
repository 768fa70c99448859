/**
 * The HTML document every default page is wrapped in: metadata, stylesheet, the optional logo and
 * the card that holds the page's content.
 */
import { pages } from "../locales/en/pages.js";
import { type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { pageStylesheet } from "./styles.js";
import { resolveTheme, type Theme } from "./theme.js";

/** What every page renderer returns: the document and the HTTP status to send it with. */
export interface RenderedPage {
  html: string;
  status: number;
}

export interface DocumentParts {
  /** Plain text; escaped here. Also used as the `<h1>`. */
  title: string;
  /** Trusted markup built by a page module from escaped parts. */
  body: string;
  theme: Theme | undefined;
  /** The request's language: `<html lang>` and `dir`; English when absent. */
  language?: Language | undefined;
}

/**
 * Wraps a page body in the shared document. `title` is escaped; `body` must already be safe markup.
 *
 * @example
 * ```ts
 * renderDocument({ title: "Sign out", body: "<p>Bye</p>", theme: { colorScheme: "dark" } });
 * ```
 */
export function renderDocument({ title, body, theme, language }: DocumentParts): string {
  const safeTheme = resolveTheme(theme);
  const logo = safeTheme.logo ? `<img class="logo" src="${escapeHtml(safeTheme.logo)}" alt="">` : "";
  // same-origin (https://www.w3.org/TR/referrer-policy/#referrer-policy-same-origin): a themed logo or
  // any other origin gets no Referer, so the one-time token in the e-mail confirm page's URL never
  // leaves the app; the page's own POSTs keep their `Origin` header (Fetch's "serializing a request
  // origin" sends `Origin: null` under no-referrer), which SvelteKit's origin check, Hono's csrf()
  // and latchkey's own check need.
  return `<!doctype html>
<html lang="${escapeHtml(language?.locale ?? "en")}" dir="${say(language, pages, "dir") === "rtl" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${pageStylesheet(safeTheme)}</style>
</head>
<body>
<main>
${logo}<div class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</div>
</main>
</body>
</html>
`;
}
