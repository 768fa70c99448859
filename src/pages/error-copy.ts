/**
 * What an end user reads about an error, by its type: the error page, the sign-in page's banner and
 * the `message` of a JSON refusal all take it from the catalogue's `errors` (locales/en/errors.ts),
 * in the request's language.
 *
 * The type arrives in a query string, so only the catalogue's own keys choose an entry and anything
 * else gets the default one; the raw value is never shown.
 */
import { type ErrorWords, errors } from "../locales/en/errors.js";
import type { Language } from "../locales/messages.js";

export interface ErrorCopy {
  /** The page's title and heading. */
  heading: string;
  /** What happened and what to do next. */
  message: string;
}

/**
 * The words for an error type in `language`; unknown types (including `__proto__`-style keys) get
 * the default.
 *
 * @example
 * ```ts
 * errorCopy("InvalidCheck").heading; // "Sign-in expired"
 * errorCopy("<script>").heading; // "Sign-in failed"
 * ```
 */
export function errorCopy(type: string, language?: Language): ErrorCopy {
  const own = language?.messages.errors;
  const entry = (words: Record<string, ErrorWords> | undefined): ErrorWords | undefined =>
    words && Object.hasOwn(words, type) ? words[type] : undefined;
  const [heading, message] = entry(own) ?? entry(errors) ?? own?.default ?? errors.default;
  return { heading, message };
}
