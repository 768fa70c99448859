/**
 * The message catalogue: every word a default page or e-mail shows, by key, one catalogue per
 * language. English is built in, split by page (`en/*.ts`) so that an app bundles the words of the
 * pages it serves only; another language arrives as a pack (`latchkey/locales/de`) holding every key.
 * A message names its parameters in braces (`{email}`); one with plural forms is chosen by `{count}`
 * (count.ts). This module sits in every bundle: keep it tiny.
 */
import type { email, Plural } from "./en/email.js";
import type {
  credentialsErrors,
  ErrorWords,
  emailErrors,
  errors,
  oauthErrors,
  organizationsErrors,
  passkeyErrors,
  twoFactorErrors,
} from "./en/errors.js";
import type { invitation } from "./en/invitation.js";
import type { pages } from "./en/pages.js";
import type { passkey } from "./en/passkey.js";
import type { twoFactor } from "./en/two-factor.js";

/** Every error type with words of its own: the table of any app's, and those the flows and features carry. */
type ErrorType = keyof (typeof errors &
  typeof oauthErrors &
  typeof emailErrors &
  typeof credentialsErrors &
  typeof passkeyErrors &
  typeof twoFactorErrors &
  typeof organizationsErrors);

/** Every key of a catalogue, with its English words' type: `errors` holds `[heading, message]` by error type. */
export type Messages = typeof pages &
  typeof email &
  typeof twoFactor &
  typeof invitation &
  typeof passkey & { errors: Record<ErrorType, ErrorWords> };

/** English words for some error types, as a flow or a feature carries them (`errorWords`). */
export type ErrorWordsByType = Partial<Messages["errors"]>;

/** Some keys of a catalogue, to override (`messages` in the config): any key, any error type. */
export type MessageOverrides = Partial<Omit<Messages, "errors">> & { errors?: Partial<Messages["errors"]> };

/** A language as the pages speak it: its BCP 47 tag (`<html lang>`) and its words. Missing keys fall back to English. */
export interface Language {
  locale: string;
  messages: MessageOverrides;
}

/** Values for a message's `{name}` parameters: text, or (for `sayMarkup`) already-escaped markup. */
export type Params = Record<string, string | number>;

/** English words of one page group, the fallback for a key a language lacks. */
type English = Record<string, string | Plural>;

/** English, when the app configures no language: the built-in words, nothing overridden. */
export const ENGLISH: Language = { locale: "en", messages: {} };

/** Replaces each `{name}` of `text` with `params[name]`; an unknown name stays as it is. */
export const fill = (text: string, params: Params = {}): string =>
  text.replace(/\{(\w+)\}/g, (all, name: string) => `${params[name] ?? all}`);

/** The raw message `key` in `language`, or English's. */
export const message = <E extends English>(language: Language | undefined, english: E, key: keyof E) =>
  ((language?.messages as Record<keyof E, E[keyof E]> | undefined)?.[key] ?? english[key]) as E[keyof E];

/**
 * Message `key` of `language` (English's when it lacks it) as plain text, parameters filled in.
 *
 * @example
 * ```ts
 * say(ENGLISH, { signInWith: "Sign in with {provider}" }, "signInWith", { provider: "GitHub" }); // "Sign in with GitHub"
 * ```
 */
export const say = <E extends English>(
  language: Language | undefined,
  english: E,
  key: keyof E,
  params?: Params,
): string => fill(message(language, english, key) as string, params);
