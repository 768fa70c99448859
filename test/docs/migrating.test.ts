/**
 * docs/migrating.md names, for each deliberate difference from Auth.js, the test that pins it. A
 * renamed or deleted test would leave the line pointing at nothing, so each one is looked up.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** The bullet items of the "Deliberate differences" section, each on one line, headings left out. */
function differences(): string[] {
  const doc = readFileSync("docs/migrating.md", "utf8");
  const section = doc.slice(doc.indexOf("## Deliberate differences"), doc.indexOf("## From next-auth v4"));
  const withoutHeadings = section
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .join("\n");
  return withoutHeadings.split(/\n- /).slice(1).map(collapse);
}

/** Each "test/… :: name" citation of a difference, as [file, name]. */
function citations(): Array<[string, string]> {
  return differences().flatMap((item) =>
    [...item.matchAll(/(test\/[\w./-]+\.test\.ts) :: (.+?)(?=; test\/|$)/g)].map(
      (match): [string, string] => [match[1] as string, (match[2] as string).trim()],
    ),
  );
}

describe("docs/migrating.md", () => {
  it("cites a pinning test for every deliberate difference", () => {
    const items = differences();
    expect(items.length).toBeGreaterThan(25);
    for (const item of items) expect(item).toMatch(/test\/[\w./-]+\.test\.ts :: /);
  });

  it.each(citations())("%s has the test it cites: %s", (file, name) => {
    expect(collapse(readFileSync(file, "utf8"))).toContain(name);
  });
});
