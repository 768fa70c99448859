/**
 * Languages of the default pages and e-mails: `language()` defines a pack; each built-in one is
 * imported by its tag (`import de from "latchkey/locales/de"`) and listed in the config's `locales`.
 */
export { type LanguagePack, language } from "./language.js";
export type { Language, MessageOverrides, Messages } from "./messages.js";
export { acceptedLanguages, type LanguageOptions, negotiateLocale } from "./negotiate.js";
