/**
 * Choosing the language of a request from its `Accept-Language` header among the ones the app
 * offers. Carried by language packs (language.ts): an app that adds no language bundles none of it.
 */
import type { Language, MessageOverrides } from "./messages.js";

/** The config options that say which languages an app speaks. */
export interface LanguageOptions {
  /** The default language's tag; `"en"` unless set. */
  locale?: string;
  /** Language packs the app offers besides English. */
  locales?: readonly Language[];
  /** Words to override, or a whole language to add, by locale tag. */
  messages?: Readonly<Record<string, MessageOverrides>>;
}

/**
 * The language ranges of an `Accept-Language` value, most preferred first: ordered by weight
 * (RFC 9110 §12.5.4; §12.4.2: a missing weight is 1, `q=0` means "not acceptable"), equal weights
 * keeping the order they were sent in. Ranges are lowercased: tags compare case-insensitively
 * (RFC 5646 §2.1.1).
 *
 * @example
 * ```ts
 * acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5"); // ["fr-ch", "fr", "en", "de", "*"]
 * ```
 */
export function acceptedLanguages(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((member, index) => {
      const [range = "", ...parameters] = member.split(";");
      // weight = OWS ";" OWS "q=" qvalue; qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
      const weight = parameters.find((parameter) => /^\s*q\s*=/i.test(parameter));
      const q =
        weight === undefined ? "1" : /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(weight)?.[1];
      // A weight that is not a qvalue makes the member unreadable: it is dropped, never taken as q=1.
      return { range: range.trim().toLowerCase(), q: q === undefined ? 0 : Number(q), index };
    })
    .filter(({ range, q }) => q > 0 && /^(\*|[a-z]{1,8}(-[a-z\d]{1,8})*)$/.test(range))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ range }) => range);
}

/**
 * The tag among `offered` that best serves `header`, else `fallback`. Each range, most preferred
 * first, is looked up as RFC 4647 §3.4 does: the whole range, then shorter by one subtag at a time
 * (`de-AT` finds `de`); failing that, a range that is a prefix of an offered tag matches it (basic
 * filtering, RFC 4647 §3.3.1: `pt` finds `pt-BR`). `*` takes the default.
 *
 * @example
 * ```ts
 * negotiateLocale("de-AT,de;q=0.9,en;q=0.5", ["en", "de", "fr"], "en"); // "de"
 * ```
 */
export function negotiateLocale(header: string | null, offered: readonly string[], fallback: string): string {
  const byLowercase = new Map(offered.map((tag) => [tag.toLowerCase(), tag]));
  for (const range of acceptedLanguages(header)) {
    if (range === "*") return fallback;
    const subtags = range.split("-");
    while (subtags.length > 0) {
      const found = byLowercase.get(subtags.join("-"));
      if (found) return found;
      subtags.pop();
      // RFC 4647 §3.4: a singleton (`x` of a private use part) is dropped with the subtag it introduces.
      if (subtags.at(-1)?.length === 1) subtags.pop();
    }
    for (const [tag, found] of byLowercase) if (tag.startsWith(`${range}-`)) return found;
  }
  return fallback;
}

/** Overrides laid over a language's words; error types merge one by one. */
const overlay = (
  words: MessageOverrides | undefined,
  over: MessageOverrides | undefined,
): MessageOverrides => ({
  ...words,
  ...over,
  errors: { ...words?.errors, ...over?.errors },
});

/**
 * The app's languages (English, each pack, each locale `messages` names) with its overrides laid
 * over them, and a function choosing one per request. `english` lies under every language: the
 * English words the configured flows and features carry (`errorWords`), which a language lacking
 * them falls back to. Throws when the default names no language the app has.
 */
export function chooseLanguages(
  options: LanguageOptions,
  english: MessageOverrides = {},
): (request: Request) => Language {
  const languages = new Map<string, Language>([["en", { locale: "en", messages: english }]]);
  const add = (locale: string, words: MessageOverrides | undefined) =>
    languages.set(locale, { locale, messages: overlay(languages.get(locale)?.messages ?? english, words) });
  for (const pack of options.locales ?? []) add(pack.locale, pack.messages);
  for (const [locale, words] of Object.entries(options.messages ?? {})) add(locale, words);
  const fallback = options.locale ?? "en";
  const offered = [...languages.keys()];
  if (!languages.has(fallback)) {
    throw new TypeError(
      `The default locale "${fallback}" is not among the app's languages (${offered.join(", ")}): add its pack to \`locales\` (import ${fallback} from "latchkey/locales/${fallback}"), or its words to \`messages\`.`,
    );
  }
  return (request) =>
    languages.get(negotiateLocale(request.headers.get("accept-language"), offered, fallback)) as Language;
}
