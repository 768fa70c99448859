import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { PLANNING_REFERENCE, planningReferences } from "./planning-references.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

test("src/, prisma/, README.md and docs/ cite no planning document", () => {
  const generatedApiDocs = (path: string) => path === "docs/api";
  expect(planningReferences(ROOT, ["src", "prisma", "README.md", "docs"], generatedApiDocs)).toEqual([]);
});

test.each([
  "schemas (SPEC.md §2.3)",
  "// latchkey storage schema (seed §2.3).",
  "The seed types `email` as a string",
  "as API.md says",
  "see STYLE.md",
  "fixed in issue 7",
])("recognises a planning reference: %s", (line) => {
  expect(PLANNING_REFERENCE.test(line)).toBe(true);
});

test.each(["RFC 6265 §5.4", "see docs/adapter-conformance.md", "pass your own tables to seed them"])(
  "leaves public citations alone: %s",
  (line) => {
    expect(PLANNING_REFERENCE.test(line)).toBe(false);
  },
);
