/**
 * The one place that decides where latchkey may send a browser. Every callbackUrl — from the query,
 * the body, the callback-url cookie, `pages.*`, or the `redirect` callback — passes through
 * {@link safeRedirect} at every use, so an open redirect needs no single check to be forgotten.
 */
import { InvalidCallbackUrl } from "./errors.js";

/** Longer than any real return address; longer ones are refused rather than parsed. */
const MAX_CALLBACK_URL_LENGTH = 4096;

/** URL parsers silently drop tabs and newlines ("/\t/evil.test" becomes "//evil.test"), so refuse them outright. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

/**
 * Rejects (400) a callbackUrl the client sent that is not a URL at all. A well-formed URL to another
 * site is not an error: it falls back to the app's own URL in {@link safeRedirect}.
 */
export function assertWellFormedCallbackUrl(value: unknown, origin: string): void {
  if (value === undefined) return;
  if (typeof value !== "string" || value.length > MAX_CALLBACK_URL_LENGTH || CONTROL_OR_SPACE.test(value)) {
    throw new InvalidCallbackUrl("callbackUrl is not a well-formed URL.");
  }
  try {
    new URL(value, origin);
  } catch {
    throw new InvalidCallbackUrl("callbackUrl is not a well-formed URL.");
  }
}

/** Undoes percent-encoding a few layers deep, as a lenient server or proxy on the way might. */
function percentDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A redirect target checked against the app's origin: the absolute URL, or why it was refused. */
export type RedirectCheck = { url: string; refused?: undefined } | { url?: undefined; refused: string };

/**
 * Checks `candidate` against `origin` (the app's scheme, host and port). Refuses protocol-relative
 * (`//evil`), backslash (`/\evil`, `/%5Cevil`), credentials (`https://app@evil`), non-http schemes
 * (`javascript:`), control characters, other origins and junk, saying which.
 *
 * @example
 * ```ts
 * checkRedirect("/dashboard", "https://app.test"); // { url: "https://app.test/dashboard" }
 * checkRedirect("https://evil.test/", "https://app.test").refused; // "it points at another origin (https://evil.test)"
 * ```
 */
export function checkRedirect(candidate: unknown, origin: string): RedirectCheck {
  if (typeof candidate !== "string" || candidate === "") return { refused: "it is empty" };
  if (candidate.length > MAX_CALLBACK_URL_LENGTH) return { refused: "it is too long" };
  if (CONTROL_OR_SPACE.test(candidate)) return { refused: "it contains whitespace or control characters" };
  const decoded = percentDecoded(candidate);
  if (decoded.includes("\\") || CONTROL_OR_SPACE.test(decoded)) {
    return { refused: "it contains an encoded backslash, whitespace or control character" };
  }

  const isPath = candidate.startsWith("/");
  if (isPath && (candidate.startsWith("//") || decoded.startsWith("//"))) {
    return { refused: "it is protocol-relative (//host), which leaves the app's origin" };
  }
  let url: URL;
  try {
    // Only a path is resolved against the origin: "dashboard" would otherwise become a same-origin URL.
    url = isPath ? new URL(candidate, origin) : new URL(candidate);
  } catch {
    return { refused: "it is neither an absolute URL nor a path starting with /" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { refused: `its scheme is ${url.protocol}` };
  if (url.username !== "" || url.password !== "") return { refused: "it carries credentials" };
  if (url.origin !== origin) return { refused: `it points at another origin (${url.origin})` };
  return { url: url.href };
}

/**
 * Returns `candidate` as an absolute URL when it stays on `origin`, otherwise `fallback`: the
 * silent form of {@link checkRedirect}, for targets that come from the client.
 *
 * @example
 * ```ts
 * safeRedirect("//evil.test", "https://app.test"); // "https://app.test"
 * ```
 */
export function safeRedirect(candidate: unknown, origin: string, fallback: string = origin): string {
  return checkRedirect(candidate, origin).url ?? fallback;
}
