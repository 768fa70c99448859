/**
 * `npm run bench`: latchkey side by side with @auth/core, interleaved in one process, against the
 * built package (dist/), which is what users run. Absolute numbers on shared machines are noise;
 * the ratios are the result.
 */
import { type BenchGroup, report, runInterleaved } from "./harness.js";
import { jwtGroups } from "./jwt.js";
import { oidcCallbackGroups } from "./oidc-callback.js";
import { prismaSessionGroups } from "./prisma-session.js";
import { rateLimitGroups } from "./rate-limit.js";
import { sessionGroups } from "./session.js";

const quick = process.argv.includes("--quick");
const options = quick
  ? { rounds: 3, sliceMs: 100, warmupMs: 100 }
  : { rounds: 10, sliceMs: 250, warmupMs: 500 };

const prisma = await prismaSessionGroups();
const oidc = await oidcCallbackGroups();
const rateLimit = await rateLimitGroups();
const groups: BenchGroup[] = [
  ...(await jwtGroups()),
  ...(await sessionGroups()),
  ...prisma.groups,
  ...oidc.groups,
  ...rateLimit.groups,
];
const results = await runInterleaved(groups, options);
await prisma.close();
await oidc.close();
await rateLimit.close();
console.log(
  `latchkey benchmarks — node ${process.version}, ${options.rounds} interleaved rounds of ${options.sliceMs} ms`,
);
console.log(report(groups, results));
