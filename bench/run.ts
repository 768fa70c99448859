/**
 * `npm run bench`: latchkey side by side with @auth/core, interleaved in one process, against the
 * built package (dist/), which is what users run. Absolute numbers on shared machines are noise;
 * the ratios are the result.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { bundleReport } from "./bundle.js";
import { type BenchGroup, report, runInterleaved } from "./harness.js";
import { httpBenchmark } from "./http.js";
import { jwtGroups } from "./jwt.js";
import { oidcCallbackGroups } from "./oidc-callback.js";
import { organizationGroups } from "./organizations.js";
import { prismaSessionGroups } from "./prisma-session.js";
import { rateLimitGroups } from "./rate-limit.js";
import {
  type BenchRow,
  BLOCK_FILES,
  currentMachine,
  ratioRows,
  renderBlock,
  replaceBlock,
} from "./readme-block.js";
import { sessionGroups } from "./session.js";
import { tokenCacheMemory } from "./token-cache-memory.js";
import { twoFactorGroups } from "./two-factor.js";

const loadAtStart = loadavg()[0] ?? 0;
const quick = process.argv.includes("--quick");
const options = quick
  ? { rounds: 3, sliceMs: 100, warmupMs: 100 }
  : { rounds: 10, sliceMs: 250, warmupMs: 500 };

/**
 * `--only=jwt,session` runs some sets alone (jwt, session, organizations, prisma, oidc, rate-limit,
 * two-factor, http, memory, bundle).
 * Only a full run (no `--only`, no `--quick`, no `--no-write`) rewrites the README's table.
 */
const SETS = [
  "jwt",
  "session",
  "organizations",
  "prisma",
  "oidc",
  "rate-limit",
  "two-factor",
  "http",
  "memory",
  "bundle",
] as const;
const onlyArgument = process.argv.find((argument) => argument.startsWith("--only="))?.slice("--only=".length);
const only = new Set(onlyArgument ? onlyArgument.split(",") : SETS);
const unknown = [...only].filter((set) => !(SETS as readonly string[]).includes(set));
if (unknown.length > 0) throw new Error(`--only takes ${SETS.join(", ")}; not ${unknown.join(", ")}`);

// In-process groups first, before any server or pool exists: the sets that start an OpenID
// Provider, a Prisma pool or Redis clients keep timers and sockets busy in this process, which
// the microsecond-scale groups would feel far more than @auth/core does.
const inProcess: BenchGroup[] = [
  ...(only.has("jwt") ? await jwtGroups() : []),
  ...(only.has("session") ? await sessionGroups() : []),
  ...(only.has("organizations") ? await organizationGroups() : []),
];
const inProcessResults = await runInterleaved(inProcess, options);

const none = { groups: [] as BenchGroup[], close: async () => undefined };
const prisma = only.has("prisma") ? await prismaSessionGroups() : none;
const oidc = only.has("oidc") ? await oidcCallbackGroups() : none;
const rateLimit = only.has("rate-limit") ? await rateLimitGroups() : none;
const withServers: BenchGroup[] = [...prisma.groups, ...oidc.groups, ...rateLimit.groups];
const withServersResults = await runInterleaved(withServers, options);
await prisma.close();
await oidc.close();
await rateLimit.close();

// Alone: its TOTP task moves this process's clock on (bench/two-factor.ts).
const twoFactor = only.has("two-factor") ? await twoFactorGroups() : none;
const twoFactorResults = await runInterleaved(twoFactor.groups, options);
await twoFactor.close();

// Last, and in processes of their own: servers under load from this process.
const http = only.has("http")
  ? await httpBenchmark(quick)
  : { groups: [], results: new Map<string, number>() };

const groups = [...inProcess, ...withServers, ...twoFactor.groups, ...http.groups];
const results = new Map([...inProcessResults, ...withServersResults, ...twoFactorResults, ...http.results]);
console.log(
  `latchkey benchmarks — node ${process.version}, ${options.rounds} interleaved rounds of ${options.sliceMs} ms`,
);
console.log(report(groups, results));
// After the timed groups: filling the heap with 100k sessions must not slow any of them.
const memory = only.has("memory") ? await tokenCacheMemory() : { text: "", rows: [] as BenchRow[] };
if (only.has("memory")) console.log(`\n${memory.text}`);
// Last, so that esbuild's service process never runs beside a timed group.
const bundle = only.has("bundle") ? await bundleReport() : { text: "", rows: [] as BenchRow[] };
if (only.has("bundle")) console.log(`\n${bundle.text}`);

// A full run writes the README's table; a partial or quick one would mix days in it.
if (!quick && onlyArgument === undefined && !process.argv.includes("--no-write")) {
  const block = renderBlock(
    [...ratioRows(groups, results), ...memory.rows, ...bundle.rows],
    currentMachine(loadAtStart),
    "npm run bench",
  );
  for (const file of BLOCK_FILES) {
    const path = fileURLToPath(new URL(`../${file}`, import.meta.url));
    writeFileSync(path, replaceBlock(readFileSync(path, "utf8"), block));
  }
  console.log(`\nwrote the benchmark table into ${BLOCK_FILES.join(" and ")}`);
}
