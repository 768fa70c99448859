/**
 * Advice about where the app runs, beyond what `checkConfig` refuses: an http AUTH_URL in
 * production, and a process-local store where several instances share the traffic.
 */
import type { AuthConfig, EnvRecord } from "../../index.js";
import { MemoryStore } from "../../rate-limit/index.js";
import type { DoctorFinding } from "./finding.js";

/** Variables whose presence means several instances of the app answer requests. */
const MANY_INSTANCE_PLATFORMS: ReadonlyArray<readonly [variable: string, platform: string]> = [
  ["NODE_APP_INSTANCE", "a PM2 cluster"],
  ["VERCEL", "Vercel's functions"],
  ["AWS_LAMBDA_FUNCTION_NAME", "AWS Lambda"],
  ["NETLIFY", "Netlify's functions"],
  ["K_SERVICE", "Cloud Run"],
];

/**
 * Why the doctor believes more than one instance runs, or undefined: `--instances` when given
 * (it wins over every hint), else WEB_CONCURRENCY above 1, else a platform that scales out.
 */
export function severalInstancesHint(env: EnvRecord, declared: number | undefined): string | undefined {
  if (declared !== undefined) return declared > 1 ? `--instances ${declared}` : undefined;
  const concurrency = Number(env.WEB_CONCURRENCY);
  if (Number.isInteger(concurrency) && concurrency > 1) return `WEB_CONCURRENCY=${concurrency}`;
  const platform = MANY_INSTANCE_PLATFORMS.find(([variable]) => env[variable] !== undefined);
  return platform ? `${platform[0]} is set: ${platform[1]}` : undefined;
}

const isProcessLocal = (store: unknown) => store === undefined || store instanceof MemoryStore;

/**
 * `ProcessLocalStore`: several instances, but rate-limit counters, refresh locks and single-use
 * passkey challenges kept in each process's memory, so each instance counts and locks alone.
 * Without a config module the store is unknown, and the advice says what to check.
 */
export function storeFindings(config: AuthConfig | undefined, hint: string | undefined): DoctorFinding[] {
  if (hint === undefined) return [];
  const share = "share one between instances: `store: new RedisStore(redis)` from latchkey/rate-limit.";
  if (config === undefined) {
    return [
      {
        severity: "warning",
        code: "ProcessLocalStore",
        message: `Several instances may run (${hint}); unless \`store\` is a shared store, each counts rate limits and holds locks alone: ${share} Pass --config to check.`,
      },
    ];
  }
  const limiterStore = config.rateLimit === false ? undefined : (config.rateLimit?.store ?? config.store);
  const local = [
    isProcessLocal(config.store) ? "`store` (refresh locks, passkey challenges)" : undefined,
    config.rateLimit !== false && isProcessLocal(limiterStore) ? "the rate limiter's counters" : undefined,
  ].filter((part) => part !== undefined);
  if (local.length === 0) return [];
  return [
    {
      severity: "warning",
      code: "ProcessLocalStore",
      message: `Several instances may run (${hint}), but ${local.join(" and ")} live in each process's memory, so each instance counts and locks alone; ${share}`,
    },
  ];
}

/** `InsecureAuthUrl`: a production AUTH_URL over http, so session cookies go without `Secure` and the `__Secure-` prefix. */
export function authUrlFindings(env: EnvRecord): DoctorFinding[] {
  if (env.NODE_ENV !== "production" || !env.AUTH_URL) return [];
  let protocol: string;
  try {
    protocol = new URL(env.AUTH_URL).protocol;
  } catch {
    return []; // checkConfig already reports an AUTH_URL that is not a URL
  }
  if (protocol !== "http:") return [];
  return [
    {
      severity: "warning",
      code: "InsecureAuthUrl",
      message: `AUTH_URL is http (${env.AUTH_URL}) with NODE_ENV=production: session cookies are sent without Secure, readable on the network. Serve the app over https and set AUTH_URL to its https URL.`,
    },
  ];
}
