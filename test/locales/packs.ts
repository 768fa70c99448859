/** The built-in language packs and a flat view of a catalogue, for the language tests. */
import ar from "../../src/locales/ar.js";
import de from "../../src/locales/de.js";
import es from "../../src/locales/es.js";
import fr from "../../src/locales/fr.js";
import he from "../../src/locales/he.js";
import it_ from "../../src/locales/it.js";
import ja from "../../src/locales/ja.js";
import ko from "../../src/locales/ko.js";
import type { LanguagePack } from "../../src/locales/language.js";
import nl from "../../src/locales/nl.js";
import pl from "../../src/locales/pl.js";
import ptBR from "../../src/locales/pt-BR.js";
import tr from "../../src/locales/tr.js";
import zhCN from "../../src/locales/zh-CN.js";

export const BUILT_IN: readonly LanguagePack[] = [de, fr, es, ptBR, it_, nl, pl, tr, ja, zhCN, ko, ar, he];

/** Every message of a pack as `key → text`, a plural form as `key.form`, an error as `errors.Type.0|1`. */
export function flatten(messages: object): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === "string") flat.set(prefix, value);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner);
  };
  walk("", messages);
  return flat;
}
