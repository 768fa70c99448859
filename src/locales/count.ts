/**
 * Messages about a number: the plural form the language's rules pick for `{count}` (CLDR plural
 * rules through `Intl.PluralRules`, e.g. Polish "2 próby" but "5 prób"), with the number written
 * the language's way (`Intl.NumberFormat`). Only the pages that count bundle this.
 */
import type { Plural } from "./en/email.js";
import { fill, type Language, message, type Params } from "./messages.js";

/**
 * Message `key` for `count`, in the form `Intl.PluralRules` selects (`other` when the language's
 * catalogue has no such form).
 *
 * @example
 * ```ts
 * const english = { left: { one: "{count} try left", other: "{count} tries left" } };
 * sayCount(undefined, english, "left", 1); // "1 try left"
 * sayCount({ locale: "de", messages: {} }, english, "left", 1500); // "1.500 tries left"
 * ```
 */
export function sayCount<E extends Record<string, unknown>>(
  language: Language | undefined,
  english: E,
  key: keyof E,
  count: number,
  params?: Params,
): string {
  const locale = language?.locale ?? "en";
  const forms = message(language, english as Record<string, Plural>, key as string);
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
  return fill(form, { ...params, count: new Intl.NumberFormat(locale).format(count) });
}
