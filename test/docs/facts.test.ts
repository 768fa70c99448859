/**
 * Facts the docs state about the code, checked against the code: the README's module table against
 * package.json's exports, the dependency count against package.json, the edge bundle ratio in prose
 * against the benchmark table, the optional adapter methods docs/errors.md names against
 * `missingExtensions`, and the functions `SignOutReason`'s TSDoc names against latchkey's exports.
 * A change to the code that leaves one of them behind fails here instead of misleading a reader.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingExtensions } from "../../src/adapters/capabilities.js";
import * as latchkey from "../../src/index.js";

const readme = readFileSync("README.md", "utf8");
const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  exports: Record<string, unknown>;
};
const collapse = (text: string) => text.replace(/\s+/g, " ");

/** A markdown section: from its heading to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(" ");
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next === -1 ? rest : rest.slice(0, next);
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

describe("README.md", () => {
  it("has a row in its module table for every entry package.json exports, and none besides", () => {
    const rows = [...section(readme, "## Modules").matchAll(/^\| `(latchkey[^`]*)`/gm)].map((row) => row[1]);
    const exported = Object.keys(packageJson.exports)
      .filter((entry) => entry !== "./package.json")
      .map((entry) => `latchkey${entry.slice(1).replace("/*", "/<id>")}`);
    expect([...rows].sort()).toEqual([...exported].sort());
  });

  it("counts and names the dependencies package.json installs", () => {
    const stated = /It installs (\w+) dependencies \(([^)]*)\)/.exec(collapse(readme));
    expect(stated).not.toBeNull();
    const dependencies = Object.keys(packageJson.dependencies).sort();
    expect(NUMBER_WORDS.indexOf(stated?.[1] ?? "")).toBe(dependencies.length);
    const named = [...(stated?.[2] ?? "").matchAll(/`([^`]+)`/g)].map((name) => name[1]);
    expect(named.sort()).toEqual(dependencies);
  });

  it("states the edge bundle ratio the benchmark table measured, in the README and docs/migrating.md", () => {
    const measured = /\| edge bundle, Auth \+ getToken[^|]*\|[^|]*\| (\d+\.\d+x) /.exec(readme)?.[1];
    expect(measured).toMatch(/^\d+\.\d+x$/);
    const migrating = readFileSync("docs/migrating.md", "utf8");
    for (const text of [readme, migrating]) {
      const stated = [...collapse(text).matchAll(/(\d+\.\d+x) `@auth\/core`'s/g)].map((match) => match[1]);
      expect(stated.length).toBeGreaterThan(0);
      for (const ratio of stated) expect(ratio).toBe(measured);
    }
  });
});

describe("docs/errors.md", () => {
  it("AdapterExtensionMissing names every optional method missingExtensions reports, and counts them", () => {
    const text = collapse(section(readFileSync("docs/errors.md", "utf8"), "### AdapterExtensionMissing"));
    const methods = missingExtensions({}).map((missing) => missing.method);
    for (const method of methods) expect(text).toContain(`\`${method}\``);
    expect(text).toContain(`${NUMBER_WORDS[methods.length]} optional methods`);
    expect(text).not.toMatch(/all (one|two|three|five|six)\b/);
  });
});

describe("TSDoc", () => {
  it("SignOutReason names functions latchkey exports", () => {
    const source = readFileSync("src/callbacks.ts", "utf8");
    const doc = source.slice(source.lastIndexOf("/**", source.indexOf("export type SignOutReason")));
    const named = [...doc.slice(0, doc.indexOf("*/")).matchAll(/`(revoke\w+|signOut\w*)`/g)].map(
      (match) => match[1] as string,
    );
    expect(named.length).toBeGreaterThan(2);
    for (const name of named.filter((name) => name.startsWith("revoke"))) {
      expect(typeof (latchkey as Record<string, unknown>)[name], name).toBe("function");
    }
  });
});
