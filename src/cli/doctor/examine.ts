/**
 * What `latchkey doctor` finds: the library's startup checks (`checkConfig`) on the environment and
 * the configuration module, then the doctor's own advice (a guessable secret, the deployment).
 * Loaded only when the doctor runs, since it brings the whole library.
 */
import { type AuthConfig, checkConfig, type EnvRecord, setEnvDefaults } from "../../index.js";
import { authUrlFindings, severalInstancesHint, storeFindings } from "./deployment.js";
import type { DoctorFinding } from "./finding.js";
import { ConfigModuleError, loadConfigModule } from "./load-config.js";
import { secretStrengthFindings } from "./secret-strength.js";

/** The secrets `Auth()` would use, newest first, by the library's own reading of `secret` and AUTH_SECRET[_1.._3]. */
function configuredSecrets(config: AuthConfig | undefined, env: EnvRecord): string[] {
  const { secret } = setEnvDefaults(env, { providers: [], secret: config?.secret });
  return (typeof secret === "string" ? [secret] : (secret ?? [])).filter(
    (value) => typeof value === "string",
  );
}

/** The configuration module's findings, and the configuration when it loaded. */
async function fromConfigModule(path: string): Promise<{ config?: AuthConfig; findings: DoctorFinding[] }> {
  try {
    return { config: await loadConfigModule(path), findings: [] };
  } catch (error) {
    if (!(error instanceof ConfigModuleError)) throw error;
    return { findings: [{ severity: "error", code: "ConfigNotLoaded", message: error.message }] };
  }
}

const NO_CONFIG: DoctorFinding = {
  severity: "info",
  code: "NoConfig",
  message:
    "No --config given: the environment alone was checked. Pass your configuration module to check providers, adapter and store.",
};

/** Everything the doctor finds in `process.env` and the module at `configPath`, in no particular order. */
export async function examine(
  configPath: string | undefined,
  instances: number | undefined,
): Promise<DoctorFinding[]> {
  const env: EnvRecord = process.env;
  const loaded = configPath === undefined ? { findings: [NO_CONFIG] } : await fromConfigModule(configPath);
  const { config } = loaded;
  const findings = [...loaded.findings, ...checkConfig(config ?? { providers: [] }, env)];
  // A secret the library already calls weak (or none at all) needs no second opinion.
  if (!findings.some(({ code }) => code === "WeakSecret" || code === "MissingSecret")) {
    findings.push(...secretStrengthFindings(configuredSecrets(config, env)));
  }
  findings.push(...authUrlFindings(env));
  // A module that failed to load says nothing about its store; no module at all gets the general advice.
  if (config !== undefined || configPath === undefined) {
    findings.push(...storeFindings(config, severalInstancesHint(env, instances)));
  }
  return findings;
}
