/**
 * A tiny HTML tree builder for the page tests. The pages emit well-formed markup with double-quoted
 * attributes, so a tokenizer is enough to assert on structure (elements, attributes, text) instead of
 * on substrings, and to notice markup that an escaping bug would inject.
 */

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | undefined;
}
export type HtmlNode = HtmlElement | string;

const VOID_TAGS = new Set(["meta", "input", "img", "br", "hr", "link"]);
const RAW_TEXT_TAGS = new Set(["style", "script", "title"]);
const TOKEN =
  /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-z0-9]+)\s*>|<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/gi;
const ATTRIBUTE = /([^\s=>/]+)(?:="([^"]*)")?/g;

export function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: "#root", attributes: {}, children: [], parent: undefined };
  let current = root;
  let last = 0;
  const pushText = (text: string) => {
    if (text.length > 0) current.children.push(decodeEntities(text));
  };
  const tokens = new RegExp(TOKEN.source, TOKEN.flags);
  for (let match = tokens.exec(html); match !== null; match = tokens.exec(html)) {
    pushText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, opening, attributeText] = match;
    if (closing) {
      if (current.tag !== closing.toLowerCase()) {
        throw new Error(`mismatched </${closing}> inside <${current.tag}>`);
      }
      current = current.parent!;
    } else if (opening) {
      const element: HtmlElement = {
        tag: opening.toLowerCase(),
        attributes: {},
        children: [],
        parent: current,
      };
      for (const attribute of (attributeText ?? "").matchAll(ATTRIBUTE)) {
        element.attributes[attribute[1]!.toLowerCase()] = decodeEntities(attribute[2] ?? "");
      }
      current.children.push(element);
      if (RAW_TEXT_TAGS.has(element.tag)) {
        const end = html.indexOf(`</${element.tag}>`, last);
        const raw = html.slice(last, end);
        element.children.push(element.tag === "title" ? decodeEntities(raw) : raw);
        tokens.lastIndex = end;
        last = end;
        current = element;
      } else if (!VOID_TAGS.has(element.tag)) {
        current = element;
      }
    }
  }
  pushText(html.slice(last));
  if (current !== root) throw new Error(`unclosed <${current.tag}>`);
  return root;
}

export function findAll(node: HtmlElement, predicate: (element: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (predicate(child)) found.push(child);
    found.push(...findAll(child, predicate));
  }
  return found;
}

export const byTag = (tag: string) => (element: HtmlElement) => element.tag === tag;

export function textContent(node: HtmlNode): string {
  if (typeof node === "string") return node;
  return node.children.map(textContent).join("");
}

/** Text with whitespace collapsed, as a user or screen reader perceives it. */
export function visibleText(node: HtmlNode): string {
  return textContent(node).replace(/\s+/g, " ").trim();
}

export function closest(element: HtmlElement, tag: string): HtmlElement | undefined {
  let node = element.parent;
  while (node && node.tag !== tag) node = node.parent;
  return node;
}

/** Values of the hidden inputs of a form, by name. */
export function hiddenValues(form: HtmlElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const input of findAll(form, (e) => e.tag === "input" && e.attributes.type === "hidden")) {
    values[input.attributes.name!] = input.attributes.value!;
  }
  return values;
}

/** The form whose submit button reads `text`. */
export function formWithButton(root: HtmlElement, text: string): HtmlElement {
  const button = findAll(root, byTag("button")).find((b) => visibleText(b) === text);
  if (!button) throw new Error(`no button reading "${text}"`);
  const form = closest(button, "form");
  if (!form) throw new Error(`button "${text}" is not in a form`);
  return form;
}
