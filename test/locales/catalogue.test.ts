/**
 * The built-in languages against English: every key, every error type, every plural form a
 * language's rules need, and the same parameters as the English words.
 */
import { describe, expect, it } from "vitest";
import { CONFIGURATION_ERROR } from "../../src/core/error-traits.js";
import { ERROR_CLASSES } from "../../src/core/errors.js";
import type { LanguagePack } from "../../src/locales/language.js";
import en from "../../src/locales/packs/en.js";
import { BUILT_IN, flatten } from "./packs.js";

const keysOf = (pack: LanguagePack) =>
  [...flatten(pack.messages).keys()].map((key) => key.replace(/\.(zero|one|two|few|many|other)$/, "")).sort();
const params = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();

describe("the built-in languages", () => {
  it("are the fourteen the README names, each with its own tag", () => {
    expect([en, ...BUILT_IN].map((pack) => pack.locale)).toEqual([
      "en",
      "de",
      "fr",
      "es",
      "pt-BR",
      "it",
      "nl",
      "pl",
      "tr",
      "ja",
      "zh-CN",
      "ko",
      "ar",
      "he",
    ]);
  });

  it("English words errors by the types of real error classes, and a default for the rest", () => {
    const types = new Set<string>([
      CONFIGURATION_ERROR,
      ...ERROR_CLASSES.map((errorClass) => errorClass.type),
    ]);
    const named = Object.keys(en.messages.errors).filter((type) => type !== "default");
    expect(named.filter((type) => !types.has(type))).toEqual([]);
    expect(en.messages.errors.default).toBeDefined();
  });

  it.each(BUILT_IN.map((pack) => [pack.locale, pack] as const))(
    "%s has every key English has, and no other",
    (_, pack) => {
      expect([...new Set(keysOf(pack))]).toEqual([...new Set(keysOf(en))]);
    },
  );

  it.each(BUILT_IN.map((pack) => [pack.locale, pack] as const))(
    "%s uses the parameters English uses, in every message",
    (_, pack) => {
      const english = flatten(en.messages);
      for (const [key, text] of flatten(pack.messages)) {
        const englishKey = english.has(key) ? key : key.replace(/\.\w+$/, ".other");
        // A plural form for one number may write it out ("محاولة واحدة", one attempt) rather than say {count}.
        const exact = !/\.(zero|one|two)$/.test(key);
        const compared = (names: string[]) => (exact ? names : names.filter((name) => name !== "count"));
        const expected = compared(params(english.get(englishKey) ?? ""));
        expect({ key, params: compared(params(text)) }).toEqual({ key, params: expected });
      }
    },
  );

  it.each(BUILT_IN.map((pack) => [pack.locale, pack] as const))(
    "%s has every plural form its language's rules select",
    (locale, pack) => {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const key of ["codeWrong", "recoveryCodesLeft"] as const) {
        const forms = Object.keys(pack.messages[key]);
        // "many" in French, Spanish, Italian and Portuguese is for millions: the tries and codes never reach it.
        const required = needed.filter((form) => !(form === "many" && /^(fr|es|it|pt)/.test(locale)));
        expect({ key, forms: required.filter((form) => !forms.includes(form)) }).toEqual({ key, forms: [] });
      }
    },
  );

  it("the right-to-left languages say so, and only they", () => {
    expect(BUILT_IN.filter((pack) => pack.messages.dir === "rtl").map((pack) => pack.locale)).toEqual([
      "ar",
      "he",
    ]);
  });

  it.each(BUILT_IN.map((pack) => [pack.locale, pack] as const))(
    "%s is translated, not English left in place",
    (_, pack) => {
      const english = flatten(en.messages);
      const same = [...flatten(pack.messages)].filter(
        ([key, text]) =>
          english.get(key) === text && !["dir", "emailPlaceholder"].includes(key) && text.length > 12,
      );
      expect(same).toEqual([]);
    },
  );
});
