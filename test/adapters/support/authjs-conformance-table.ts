/**
 * Runs the conformance kit on Auth.js's adapters and prints, per adapter, the Markdown table and
 * the failures with their causes that docs/adapter-conformance.md shows:
 *
 *   npx tsx test/adapters/support/authjs-conformance-table.ts
 *
 * Needs the generated Prisma clients (any `npx vitest run test/adapters` makes them) and the
 * databases the suite uses.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { runAdapterConformance } from "../../../src/adapters/testing/index.js";
import type { ConformanceReport, ConformanceResult } from "../../../src/adapters/testing/types.js";
import {
  AUTHJS_STORES,
  type AuthjsAdapterName,
  type AuthjsStore,
  type DatabaseName,
} from "./authjs-stores.js";
import { REPOSITORY_ROOT } from "./prisma-clients.js";

/** The installed version (these packages do not export their package.json). */
export function versionOf(packageName: string): string {
  const manifest = readFileSync(`${REPOSITORY_ROOT}node_modules/${packageName}/package.json`, "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}

/** Runs the kit on one store, at the latchkey level (which includes the Auth.js contract's checks). */
export async function conformanceOf(store: AuthjsStore): Promise<ConformanceReport> {
  const opened = await store.open();
  try {
    return await runAdapterConformance({
      adapter: opened.adapter,
      db: opened.db,
      maxSessionLookupQueries: store.sessionLookupQueries,
      ...(store.unknownUserId ? { unknownUserId: store.unknownUserId } : {}),
    });
  } finally {
    await opened.close();
  }
}

const CELL: Record<ConformanceResult["outcome"], string> = { passed: "✓", failed: "✗", skipped: "–" };
const LEVEL: Record<ConformanceResult["level"], string> = { authjs: "Auth.js", latchkey: "latchkey" };

function table(reports: Map<DatabaseName, ConformanceReport>): string {
  const databases = [...reports.keys()];
  const checks = [...reports.values()][0]?.results ?? [];
  const lines = [
    `| check | level | ${databases.join(" | ")} |`,
    `| --- | --- | ${databases.map(() => ":-:").join(" | ")} |`,
  ];
  for (const { name, level } of checks) {
    const cells = databases.map((database) => {
      const result = reports.get(database)?.results.find((candidate) => candidate.name === name);
      return result ? CELL[result.outcome] : "";
    });
    lines.push(`| ${name} | ${LEVEL[level]} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function failures(reports: Map<DatabaseName, ConformanceReport>): string {
  const lines: string[] = [];
  for (const [database, report] of reports) {
    lines.push(`- **${database}**: ${report.summary}`);
    for (const result of report.results.filter((candidate) => candidate.outcome === "failed")) {
      lines.push(`  - ${LEVEL[result.level]}: ${result.name}`);
      for (const detail of result.details) lines.push(`    - ${detail.replaceAll("|", "\\|")}`);
    }
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const byAdapter = new Map<AuthjsAdapterName, Map<DatabaseName, ConformanceReport>>();
  for (const store of AUTHJS_STORES) {
    const reports = byAdapter.get(store.adapterName) ?? new Map<DatabaseName, ConformanceReport>();
    reports.set(store.database, await conformanceOf(store));
    byAdapter.set(store.adapterName, reports);
  }
  for (const [adapterName, reports] of byAdapter) {
    console.log(`### ${adapterName} ${versionOf(adapterName)}\n`);
    console.log(`${table(reports)}\n`);
    console.log(`${failures(reports)}\n`);
  }
}

// Run as a script, not when the suite imports conformanceOf.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
