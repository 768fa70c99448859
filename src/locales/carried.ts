/**
 * The key under which a language pack carries the negotiation among the app's languages
 * (negotiate.ts); apart from the packs so that reading it brings none of their code.
 */
import type { CodeKey } from "../carried-code.js";
import type { Language, MessageOverrides } from "./messages.js";
import type { LanguageOptions } from "./negotiate.js";

export const LANGUAGE_CHOICE = Symbol.for("latchkey.languages") as CodeKey<
  (options: LanguageOptions, english?: MessageOverrides) => (request: Request) => Language
>;
