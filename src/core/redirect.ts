/**
 * The one place that decides where latchkey may send a browser. Every callbackUrl — from the query,
 * the body, the callback-url cookie, `pages.*`, or the `redirect` callback — passes through
 * {@link safeRedirect} at every use, so an open redirect needs no single check to be forgotten.
 */
import { InvalidRequest } from "./errors.js";

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
    throw new InvalidRequest("callbackUrl is not a well-formed URL.");
  }
  try {
    new URL(value, origin);
  } catch {
    throw new InvalidRequest("callbackUrl is not a well-formed URL.");
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

/**
 * Returns `candidate` as an absolute URL when it stays on `origin` (the app's scheme, host and port),
 * otherwise `fallback`. Refuses protocol-relative (`//evil`), backslash (`/\evil`, `/%5Cevil`),
 * credentials (`https://app@evil`), non-http schemes (`javascript:`), control characters and junk.
 */
export function safeRedirect(candidate: unknown, origin: string, fallback: string = origin): string {
  if (typeof candidate !== "string" || candidate === "") return fallback;
  if (candidate.length > MAX_CALLBACK_URL_LENGTH || CONTROL_OR_SPACE.test(candidate)) return fallback;
  const decoded = percentDecoded(candidate);
  if (decoded.includes("\\") || CONTROL_OR_SPACE.test(decoded)) return fallback;

  let url: URL;
  if (candidate.startsWith("/")) {
    if (candidate.startsWith("//") || decoded.startsWith("//")) return fallback;
    try {
      url = new URL(candidate, origin);
    } catch {
      return fallback;
    }
  } else {
    try {
      url = new URL(candidate);
    } catch {
      return fallback; // a bare relative path like "dashboard" has no safe reading
    }
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return fallback;
  if (url.username !== "" || url.password !== "") return fallback;
  return url.origin === origin ? url.href : fallback;
}
