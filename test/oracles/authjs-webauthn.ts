/**
 * Auth.js's WebAuthn, as an Auth.js app runs it: `@auth/core` with the `@simplewebauthn/server` 9
 * it was built for, and the `@simplewebauthn/browser` 9 bundle its sign-in page loads. They live in
 * test/oracles/authjs-webauthn/ with a lockfile of their own, because the root package pins
 * `@simplewebauthn/server` 14 for latchkey (and `@auth/core`'s WebAuthn does not run on it);
 * `.ci/run` installs them with `npm ci` there.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ORACLE = fileURLToPath(new URL("./authjs-webauthn/", import.meta.url));
const MODULES = `${ORACLE}node_modules/`;

/** The parts of `@auth/core` the tests call, typed as they use them. */
export interface AuthjsWebAuthn {
  Auth(request: Request, config: Record<string, unknown>): Promise<Response>;
  Passkey(options?: Record<string, unknown>): Record<string, unknown>;
  /** `@simplewebauthn/browser`'s UMD bundle, which Auth.js's sign-in page loads from unpkg. */
  browserBundle: string;
  versions: { core: string; server: string; browser: string };
}

const versionOf = (name: string) =>
  (JSON.parse(readFileSync(`${MODULES}${name}/package.json`, "utf8")) as { version: string }).version;

/** Loads the oracle, or fails with what to run when test/oracles/authjs-webauthn was never installed. */
export async function loadAuthjsWebAuthn(): Promise<AuthjsWebAuthn> {
  if (!existsSync(`${MODULES}@auth/core/package.json`)) {
    throw new Error(
      "@auth/core's WebAuthn (the oracle for passkeys registered under Auth.js) is not installed: run `npm ci` in test/oracles/authjs-webauthn (.ci/run does).",
    );
  }
  // Imported by file: the root's @auth/core would resolve the root's @simplewebauthn/server 14.
  const core = (await import(pathToFileURL(`${MODULES}@auth/core/index.js`).href)) as Pick<
    AuthjsWebAuthn,
    "Auth"
  >;
  const passkey = (await import(pathToFileURL(`${MODULES}@auth/core/providers/passkey.js`).href)) as {
    default: AuthjsWebAuthn["Passkey"];
  };
  return {
    Auth: core.Auth,
    Passkey: passkey.default,
    browserBundle: readFileSync(`${MODULES}@simplewebauthn/browser/dist/bundle/index.umd.min.js`, "utf8"),
    versions: {
      core: versionOf("@auth/core"),
      server: versionOf("@simplewebauthn/server"),
      browser: versionOf("@simplewebauthn/browser"),
    },
  };
}
