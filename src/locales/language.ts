/**
 * A language pack: a locale tag and its catalogue, carrying the code that negotiates among the
 * app's languages (negotiate.ts), so that code comes with the first pack an app imports.
 */
import { carrying } from "../carried-code.js";
import { LANGUAGE_CHOICE } from "./carried.js";
import type { Messages } from "./messages.js";
import { chooseLanguages } from "./negotiate.js";

/** A language pack, as `latchkey/locales/<tag>` exports it. */
export interface LanguagePack {
  locale: string;
  messages: Messages;
}

/**
 * Defines a language pack: every key of the catalogue (docs/pages.md lists them) in one language.
 * Put it in the config's `locales`.
 *
 * @example
 * ```ts
 * import { language } from "latchkey/locales";
 * import en from "latchkey/locales/en";
 *
 * export default language("sv", { ...en.messages, signIn: "Logga in" });
 * ```
 */
export const language = (locale: string, messages: Messages): LanguagePack =>
  carrying({ locale, messages }, LANGUAGE_CHOICE, chooseLanguages);
