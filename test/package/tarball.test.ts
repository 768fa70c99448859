/**
 * What `npm pack` puts in the tarball, from a clean checkout (no dist/, as CI and a publisher
 * start): prepack builds dist/, every export resolves to a packed file, nothing from the
 * repository's tooling leaks in, source maps (if any) carry their sources, and no shipped file,
 * the built `.d.ts` included, cites a planning document.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { planningReferences } from "../docs/planning-references.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

interface PackedFile {
  path: string;
}

let checkout: string;
let packed: string[];

beforeAll(async () => {
  checkout = mkdtempSync(join(tmpdir(), "latchkey-pack-"));
  // The files a clone of this working tree would have: tracked ones and new ones not ignored.
  const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
  });
  for (const file of stdout.split("\0").filter((path) => path !== "" && path !== "node_modules")) {
    cpSync(join(ROOT, file), join(checkout, file), { recursive: true });
  }
  symlinkSync(join(ROOT, "node_modules"), join(checkout, "node_modules"), "dir");
  const pack = await run("npm", ["pack", "--dry-run", "--json"], {
    cwd: checkout,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [report] = JSON.parse(pack.stdout) as Array<{ files: PackedFile[] }>;
  packed = report!.files.map((file) => file.path).sort();
}, 120_000);

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | Record<string, string>>;
  imports: Record<string, Record<string, string>>;
};

/** Every file path that `exports` and `imports` point at, wildcards as regular expressions. */
function manifestTargets(): string[] {
  return [...Object.values(manifest.exports), ...Object.values(manifest.imports)].flatMap((target) =>
    typeof target === "string" ? [target] : Object.values(target),
  );
}

describe("npm pack from a clean checkout", () => {
  test("holds the built package: every export and import target is a packed file", () => {
    for (const target of manifestTargets()) {
      const pattern = new RegExp(
        `^${target.replace(/^\.\//, "").replace(/\./g, "\\.").replace("*", "[^/]+")}$`,
      );
      expect(
        packed.some((path) => pattern.test(path)),
        `${target} is not in the tarball`,
      ).toBe(true);
    }
  });

  test("holds the README, the schemas and the guides, and none of the repository's tooling", () => {
    expect(packed).toEqual(
      expect.arrayContaining(["README.md", "package.json", "prisma/postgresql/schema.prisma"]),
    );
    expect(packed.some((path) => /^docs\/[^/]+\.md$/.test(path))).toBe(true);
    expect(
      packed.filter((path) => /^(src|test|bench|generated|docs\/api|\.ci|\.github)\/|\.tgz$/.test(path)),
    ).toEqual([]);
  });

  test("ships no source map that points at a file the tarball lacks", () => {
    for (const map of packed.filter((path) => path.endsWith(".map"))) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(checkout, map), "utf8")) as {
        sources: string[];
        sourcesContent?: Array<string | null>;
      };
      sources.forEach((source, index) => {
        const shipped = packed.includes(join(dirname(map), source));
        expect(shipped || typeof sourcesContent?.[index] === "string", `${map} → ${source}`).toBe(true);
      });
    }
  });

  test("no shipped file, built declarations included, cites a planning document", () => {
    const textFiles = packed.filter((path) => /\.(ts|js|md|prisma|sql|json)$/.test(path));
    expect(textFiles.flatMap((path) => planningReferences(checkout, [path]))).toEqual([]);
  });
});
