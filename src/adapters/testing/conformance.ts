import type { Adapter } from "../types.js";
import { CheckStopped, ConformanceFailure, Findings } from "./assert.js";
import { accountChecks } from "./checks/accounts.js";
import { authenticatorChecks } from "./checks/authenticators.js";
import { isolationChecks } from "./checks/isolation.js";
import { organizationChecks } from "./checks/organizations.js";
import { recordFieldChecks } from "./checks/record-fields.js";
import { sessionChecks } from "./checks/sessions.js";
import { signUpChecks } from "./checks/sign-up.js";
import { twoFactorChecks } from "./checks/two-factor.js";
import { updateAccountChecks } from "./checks/update-account.js";
import { userChecks } from "./checks/users.js";
import { verificationTokenChecks } from "./checks/verification-tokens.js";
import type { CheckContext, CheckDefinition } from "./context.js";
import { newUser } from "./fixtures.js";
import { AdapterMethodThrew, adapterAtStep, describeError } from "./steps.js";
import type { AdapterConformanceOptions, AdapterMethod, ConformanceCheck } from "./types.js";

const ALL_CHECKS: readonly CheckDefinition[] = [
  ...userChecks,
  ...accountChecks,
  ...updateAccountChecks,
  ...sessionChecks,
  ...verificationTokenChecks,
  ...authenticatorChecks,
  ...twoFactorChecks,
  ...organizationChecks,
  ...signUpChecks,
  ...recordFieldChecks,
  ...isolationChecks,
];

function skipReason(definition: CheckDefinition, options: AdapterConformanceOptions): string | undefined {
  const missing = definition.requires.filter((method) => typeof options.adapter[method] !== "function");
  if (missing.length > 0) return `the adapter does not implement ${missing.join(", ")}`;
  if (definition.countsQueries && !options.db.countQueries) {
    return "db.countQueries is not given";
  }
  return undefined;
}

/** Runs one check and turns whatever it found, or whatever stopped it, into one failure. */
async function runCheck(definition: CheckDefinition, options: AdapterConformanceOptions): Promise<void> {
  const expect = new Findings();
  const setup = adapterAtStep(options.adapter, "setup");
  const context: CheckContext = {
    adapter: adapterAtStep(options.adapter, "call under test"),
    setup,
    db: options.db,
    expect,
    concurrency: options.concurrency ?? 10,
    rounds: options.rounds ?? 5,
    maxSessionLookupQueries: options.maxSessionLookupQueries ?? 1,
    unknownUserId: options.unknownUserId ?? (() => crypto.randomUUID()),
    has: (method: AdapterMethod) => typeof options.adapter[method] === "function",
    createUser: (overrides) => setup.createUser(newUser(overrides)),
  };
  let cause: unknown;
  try {
    await definition.run(context);
  } catch (error) {
    if (error instanceof AdapterMethodThrew) {
      expect.differences.push(error.message);
      cause = error.cause;
    } else if (!(error instanceof CheckStopped)) {
      expect.differences.push(`the check could not go on: ${describeError(error)}`);
      cause = error;
    }
  }
  if (expect.differences.length > 0) {
    throw new ConformanceFailure(
      { check: definition.name, level: definition.level, differences: expect.differences },
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * The adapter contract as a list of named checks, one behaviour each, each tagged with its level:
 * the Auth.js adapter contract (`"authjs"`), or a latchkey rule stricter than it (`"latchkey"`).
 * Together they cover every {@link Adapter} method, "not found" answers, uniqueness, cascade
 * deletes on deleteUser, single use of verification tokens under concurrency, the optional latchkey
 * methods (the two-factor ones with their races: a TOTP step or a recovery code spent once; the
 * organization ones with theirs: an invitation accepted once, an organization never left without
 * an owner), and
 * records that carry only the contract's fields.
 *
 * The list is runner-agnostic: hand each check to your test runner. A check whose `skip` is set
 * needs a method the adapter lacks. Checks create their own uniquely named records, so they
 * share one database without cleanup between them; run them one after another (the race check
 * makes its own concurrency, and query counting assumes nothing else is running). A failing check
 * reports every difference it found, the level it belongs to, and the step that threw.
 *
 * @example
 * ```ts
 * import { describe, test } from "vitest";
 * import { adapterConformance } from "latchkey/adapters/testing";
 *
 * describe("my adapter", () => {
 *   const checks = adapterConformance({
 *     adapter: MyAdapter(client),
 *     level: "latchkey", // or "authjs" for the Auth.js contract alone
 *     db: {
 *       user: (id) => client.users.findOne({ id }),
 *       userByEmail: (email) => client.users.findOne({ email }),
 *       account: (provider, providerAccountId) => client.accounts.findOne({ provider, providerAccountId }),
 *       session: (sessionToken) => client.sessions.findOne({ sessionToken }),
 *       verificationToken: (identifier, token) => client.tokens.findOne({ identifier, token }),
 *       authenticator: (credentialID) => client.authenticators.findOne({ credentialID }),
 *     },
 *   });
 *   for (const check of checks) test.skipIf(check.skip)(`[${check.level}] ${check.name}`, check.run);
 * });
 * ```
 */
export function adapterConformance(options: AdapterConformanceOptions): ConformanceCheck[] {
  const level = options.level ?? "latchkey";
  return ALL_CHECKS.filter((definition) => level === "latchkey" || definition.level === "authjs").map(
    (definition) => {
      const skip = skipReason(definition, options);
      return {
        name: definition.name,
        level: definition.level,
        ...(skip === undefined ? {} : { skip }),
        run: async () => {
          if (skip !== undefined) throw new Error(`Skipped check "${definition.name}" was run: ${skip}`);
          await runCheck(definition, options);
        },
      };
    },
  );
}
