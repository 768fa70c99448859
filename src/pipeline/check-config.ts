/**
 * `checkConfig`: what `Auth()` would refuse or warn about when it resolves a configuration at its
 * first request, every problem at once instead of the first one thrown. It runs the same checks
 * `resolveConfig` runs (nothing here restates a rule), one part at a time, so that a deploy check
 * (`latchkey doctor`, a test in CI) sees a missing provider variable and a missing adapter method
 * together.
 */
import type { Adapter } from "../adapters/types.js";
import type { AuthConfig, LoggerInstance } from "../config.js";
import { type EnvRecord, readProcessEnv } from "../core/env.js";
import { AuthError } from "../core/errors.js";
import type { Feature } from "../core/feature.js";
import { appOrigin } from "../core/origin.js";
import { flowFor } from "../flows/index.js";
import type { ProviderConfig } from "../provider-types.js";
import { applyEnvDefaults } from "./env-defaults.js";
import {
  assertAdapter,
  chosenStrategy,
  configuredFeatures,
  configuredRoutes,
  flowSetup,
  parseAuthUrl,
  requiredAdapterMethods,
  resolveConfig,
  resolveProviders,
  resolveSecrets,
  warnAboutMissingExtensions,
  warnAboutNextAuthV4Names,
  warnAboutReplacedProviders,
} from "./resolve-config.js";

/** One problem `checkConfig` found. */
export interface ConfigFinding {
  /**
   * `error`: `Auth()` refuses the configuration, or every request, or every sign-in with a provider
   * (a mail service without `from`). `warning`: it runs, weaker or with a feature off.
   */
  severity: "error" | "warning";
  /**
   * The error's `type` (`MissingAdapterMethods`, `InvalidConfig`, …) or the warning's code
   * (`WeakSecret`, `AdapterExtensionMissing`, …); docs/errors.md has a section for each.
   */
  code: string;
  /** What is wrong and how to fix it, naming the option or environment variable. */
  message: string;
}

function errorFinding(error: unknown): ConfigFinding {
  if (error instanceof AuthError) return { severity: "error", code: error.type, message: error.message };
  // A provider factory or an app-written option may throw anything; say what it said.
  const message = error instanceof Error ? error.message : String(error);
  return { severity: "error", code: "InvalidConfig", message };
}

/**
 * Every problem latchkey's startup checks find in `config` with the environment `env` (default:
 * `process.env`): a missing or short secret, an unparsable AUTH_URL, a host nobody vouches for
 * (neither AUTH_URL nor `trustHost`), each provider its own variables (`AUTH_<ID>_ID`, …) do not
 * complete, a provider every sign-in with would fail (a mail service without `from`), the adapter
 * methods the session strategy and the providers call, and the warnings
 * `Auth()` would log. An empty array means `Auth()` starts with this configuration; option values
 * checked after those parts (durations, `basePath`, `rateLimit`) are reported once the parts pass.
 * Never throws and never calls the adapter or a provider.
 *
 * @example
 * ```ts
 * import { checkConfig } from "latchkey";
 *
 * const errors = checkConfig(config).filter((finding) => finding.severity === "error");
 * if (errors.length > 0) throw new Error(errors.map((finding) => finding.message).join("\n"));
 * ```
 */
export function checkConfig(config: AuthConfig, env: EnvRecord = readProcessEnv()): ConfigFinding[] {
  const findings: ConfigFinding[] = [];
  const attempt = <T>(check: () => T): T | undefined => {
    try {
      return check();
    } catch (error) {
      findings.push(errorFinding(error));
      return undefined;
    }
  };
  const warnings: LoggerInstance = {
    error: () => undefined,
    debug: () => undefined,
    warn: (code, message) => findings.push({ severity: "warning", code, message: message ?? code }),
  };

  const chosen = attempt(() => chosenStrategy(config));
  const setup = chosen && flowSetup(config, env, chosen);
  // The providers apart: a factory that throws is one provider's problem, not the whole report's.
  // next-auth v4's variable names are read as Auth() reads them, and reported once each as deprecated.
  const onV4Name = warnAboutNextAuthV4Names(warnings);
  const settings = applyEnvDefaults(env, { ...config, providers: [] }, onV4Name);
  if (chosen && setup) {
    // One provider at a time, each with what its AUTH_<ID>_* variables fill in, so each one's problem is reported.
    const given = (config.providers ?? []).flatMap(
      (provider) =>
        attempt(
          () => applyEnvDefaults(env, { providers: [provider] }, onV4Name).providers as ProviderConfig[],
        ) ?? [],
    );
    const providers = given.flatMap((provider) => attempt(() => resolveProviders([provider], setup)) ?? []);
    if (providers.length === given.length) attempt(() => resolveProviders(given, setup)); // shared ids
    // What startup accepts but every use of the provider would refuse (a mail service without `from`).
    for (const provider of providers) {
      const problem = flowFor(provider)?.usageProblem?.(provider);
      if (problem) findings.push(errorFinding(problem));
    }
    // The features (two-factor sign-in) as Auth() builds them: their options, adapter methods and routes.
    const features = attempt(() => configuredFeatures(config, providers)) ?? [];
    // A feature whose own check names its missing methods is left out of the general one (said once).
    const { adapter } = config;
    const passes = (feature: Feature) => {
      feature.checkAdapter?.(adapter as Adapter);
      return true;
    };
    const checked = features.filter((feature) => !adapter || attempt(() => passes(feature)) === true);
    attempt(() => configuredRoutes(providers, features));
    attempt(() => assertAdapter(config.adapter, requiredAdapterMethods(providers, setup, chosen, checked)));
    if (config.adapter) warnAboutMissingExtensions(config.adapter, warnings);
    warnAboutReplacedProviders(providers, warnings);
  }
  attempt(() => resolveSecrets(settings.secret, warnings));
  const authUrl = attempt(() => parseAuthUrl(env, onV4Name));
  // The origin rule itself decides: any request URL will do, since only the settings are in question.
  attempt(() =>
    appOrigin({ authUrl, trustHost: settings.trustHost ?? false }, new Request("http://localhost/")),
  );

  if (!findings.some((finding) => finding.severity === "error")) {
    const quiet: LoggerInstance = { error: () => undefined, warn: () => undefined, debug: () => undefined };
    attempt(() => resolveConfig({ ...config, logger: quiet }, env));
  }
  return findings;
}
