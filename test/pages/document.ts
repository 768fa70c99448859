/** Assertions every default page must pass: document metadata, landmarks, labels, and no inline script. */
import { expect } from "vitest";
import { byTag, findAll, type HtmlElement, parseHtml, visibleText } from "./html.js";

export function expectAccessibleDocument(html: string): HtmlElement {
  expect(html.startsWith("<!doctype html>")).toBe(true);
  const root = parseHtml(html);
  const [htmlElement] = findAll(root, byTag("html"));
  expect(htmlElement?.attributes.lang).toBe("en");
  const metas = findAll(root, byTag("meta"));
  expect(metas.some((meta) => meta.attributes.charset === "utf-8")).toBe(true);
  expect(metas.some((meta) => meta.attributes.name === "viewport")).toBe(true);
  const [title] = findAll(root, byTag("title"));
  expect(visibleText(title!)).not.toBe("");
  expect(findAll(root, byTag("main"))).toHaveLength(1);
  const headings = findAll(root, byTag("h1"));
  expect(headings).toHaveLength(1);
  expect(visibleText(headings[0]!)).not.toBe("");

  const labelled = new Set(findAll(root, byTag("label")).map((label) => label.attributes.for));
  const ids = findAll(root, (element) => element.attributes.id !== undefined).map((e) => e.attributes.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const input of findAll(root, byTag("input"))) {
    if (input.attributes.type === "hidden") continue;
    expect(input.attributes.id, `input ${input.attributes.name} has an id`).toBeDefined();
    expect(labelled.has(input.attributes.id), `input ${input.attributes.name} has a label`).toBe(true);
  }

  // Scripts only by URL (the passkey script), so a Content-Security-Policy without 'unsafe-inline' holds.
  for (const script of findAll(root, byTag("script"))) {
    expect(script.attributes.src, "a script loaded by URL").toBeDefined();
    expect(script.children.join("").trim(), "an empty script element").toBe("");
  }
  for (const element of findAll(root, () => true)) {
    for (const name of Object.keys(element.attributes)) expect(name.startsWith("on"), name).toBe(false);
  }
  return root;
}
