/** The built-in language packs and a flat view of a catalogue, for the language tests. */

import type { LanguagePack } from "../../src/locales/language.js";
import ar from "../../src/locales/packs/ar.js";
import de from "../../src/locales/packs/de.js";
import es from "../../src/locales/packs/es.js";
import fr from "../../src/locales/packs/fr.js";
import he from "../../src/locales/packs/he.js";
import it_ from "../../src/locales/packs/it.js";
import ja from "../../src/locales/packs/ja.js";
import ko from "../../src/locales/packs/ko.js";
import nl from "../../src/locales/packs/nl.js";
import pl from "../../src/locales/packs/pl.js";
import ptBR from "../../src/locales/packs/pt-BR.js";
import tr from "../../src/locales/packs/tr.js";
import zhCN from "../../src/locales/packs/zh-CN.js";

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
