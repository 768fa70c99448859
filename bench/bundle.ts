/**
 * The edge bundle and the install, where users see them: `Auth` + `getToken` bundled for a worker
 * from the packed package (test/package/edge-bundle.ts, which the package test holds to a budget),
 * alone and with one OAuth provider (GitHub), beside the same apps on `@auth/core`; and how many
 * packages `npm install` brings with each.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForBrowser, CLIENT_ENTRIES } from "../test/package/client-bundle.js";
import {
  authCoreBundle,
  bundleForWorker,
  EDGE_ENTRIES,
  EDGE_ENTRIES_WITH_GITHUB,
  installPacked,
} from "../test/package/edge-bundle.js";
import type { BenchRow } from "./readme-block.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (directory: string): Manifest =>
  JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as Manifest;

/** What `npm install` adds for a package: its dependencies and required peers, transitively, itself included. */
function installedPackages(directory: string): Set<string> {
  const found = new Set<string>();
  const visit = (from: string) => {
    if (found.has(from)) return;
    found.add(from);
    const manifest = readManifest(from);
    const optional = manifest.peerDependenciesMeta ?? {};
    const required = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optional[name]?.optional),
    ];
    for (const name of required) {
      const nested = join(from, "node_modules", name);
      visit(existsSync(nested) ? nested : join(ROOT, "node_modules", name));
    }
  };
  visit(directory);
  return found;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Packs the built package (dist/ must be current: `npm run bench` builds it first) and compares the
 * bundles: the text the run prints, and the rows of the README's table.
 */
export async function bundleReport(): Promise<{ text: string; rows: BenchRow[] }> {
  const app = mkdtempSync(join(tmpdir(), "latchkey-bench-app-"));
  try {
    const [report] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", app], {
        cwd: ROOT,
        encoding: "utf8",
      }),
    ) as Array<{ filename: string }>;
    installPacked(app, join(app, report!.filename));
    const latchkey = await bundleForWorker(EDGE_ENTRIES.latchkey, app);
    const authCore = await authCoreBundle();
    const latchkeyGitHub = await bundleForWorker(EDGE_ENTRIES_WITH_GITHUB.latchkey, app);
    const authCoreGitHub = await authCoreBundle(EDGE_ENTRIES_WITH_GITHUB["@auth/core"]);
    const client: string[] = [];
    for (const [name, entry] of Object.entries(CLIENT_ENTRIES)) {
      const bundle = await bundleForBrowser(entry, app);
      client.push(`  ${name}\n    ${kB(bundle.bytes).padStart(9)} minified, ${kB(bundle.gzipBytes)} gzipped`);
    }
    const installs = (directory: string) => installedPackages(directory).size;
    const ours = installs(join(app, "node_modules", "latchkey"));
    const theirs = installs(join(ROOT, "node_modules", "@auth", "core"));
    const rows: BenchRow[] = [
      {
        measure: "edge bundle, Auth + getToken: latchkey / @auth/core (minified)",
        target: "≤ 0.6x",
        result: `${(latchkey.bytes / authCore.bytes).toFixed(2)}x (${kB(latchkey.bytes)} / ${kB(authCore.bytes)})`,
      },
      {
        measure: "edge bundle, Auth + getToken + GitHub: latchkey / @auth/core (minified)",
        target: "—",
        result: `${(latchkeyGitHub.bytes / authCoreGitHub.bytes).toFixed(2)}x (${kB(latchkeyGitHub.bytes)} / ${kB(authCoreGitHub.bytes)})`,
      },
    ];
    const text = [
      "edge bundle (esbuild, minified, worker/browser conditions, from the packed tarball)",
      `  latchkey, Auth + getToken         ${kB(latchkey.bytes).padStart(9)}`,
      `  @auth/core, Auth + getToken       ${kB(authCore.bytes).padStart(9)}`,
      `  latchkey, with GitHub             ${kB(latchkeyGitHub.bytes).padStart(9)}`,
      `  @auth/core, with GitHub           ${kB(authCoreGitHub.bytes).padStart(9)}`,
      `  ratio latchkey / @auth/core                   ${(latchkey.bytes / authCore.bytes).toFixed(2)}x`,
      `  ratio latchkey / @auth/core, with GitHub      ${(latchkeyGitHub.bytes / authCoreGitHub.bytes).toFixed(2)}x`,
      `  packages npm install brings (itself included): latchkey ${ours}, @auth/core ${theirs}`,
      "browser client (esbuild, minified, then gzip -9, from the packed tarball)",
      ...client,
    ].join("\n");
    return { text, rows };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
