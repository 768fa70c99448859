import type { Adapter } from "../types.js";
import { accountChecks } from "./checks/accounts.js";
import { authenticatorChecks } from "./checks/authenticators.js";
import { isolationChecks } from "./checks/isolation.js";
import { sessionChecks } from "./checks/sessions.js";
import { signUpChecks } from "./checks/sign-up.js";
import { userChecks } from "./checks/users.js";
import { verificationTokenChecks } from "./checks/verification-tokens.js";
import type { CheckContext, CheckDefinition } from "./context.js";
import { newUser } from "./fixtures.js";
import type { AdapterConformanceOptions, AdapterMethod, ConformanceCheck } from "./types.js";

const ALL_CHECKS: readonly CheckDefinition[] = [
  ...userChecks,
  ...accountChecks,
  ...sessionChecks,
  ...verificationTokenChecks,
  ...authenticatorChecks,
  ...signUpChecks,
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

/**
 * The latchkey adapter contract as a list of named checks, one behaviour each: every
 * {@link Adapter} method, its "not found" rules, uniqueness, cascade deletes on
 * deleteUser, atomic single use of verification tokens under concurrency, the transactional
 * createUserAndLinkAccount, and records that are copies with no database-only fields.
 *
 * The list is runner-agnostic: hand each check to your test runner. A check whose `skip` is set
 * needs a method the adapter lacks. Checks create their own uniquely named records, so they
 * share one database without cleanup between them; run them one after another (the race check
 * makes its own concurrency, and query counting assumes nothing else is running).
 *
 * @example
 * ```ts
 * import { describe, test } from "vitest";
 * import { adapterConformance } from "latchkey/adapters/testing";
 *
 * describe("my adapter", () => {
 *   const checks = adapterConformance({
 *     adapter: MyAdapter(client),
 *     db: {
 *       user: (id) => client.users.findOne({ id }),
 *       userByEmail: (email) => client.users.findOne({ email }),
 *       account: (provider, providerAccountId) => client.accounts.findOne({ provider, providerAccountId }),
 *       session: (sessionToken) => client.sessions.findOne({ sessionToken }),
 *       verificationToken: (identifier, token) => client.tokens.findOne({ identifier, token }),
 *       authenticator: (credentialID) => client.authenticators.findOne({ credentialID }),
 *     },
 *   });
 *   for (const check of checks) test.skipIf(check.skip)(check.name, check.run);
 * });
 * ```
 */
export function adapterConformance(options: AdapterConformanceOptions): ConformanceCheck[] {
  const adapter = options.adapter as Required<Adapter>;
  const context: CheckContext = {
    adapter,
    db: options.db,
    concurrency: options.concurrency ?? 10,
    maxSessionLookupQueries: options.maxSessionLookupQueries ?? 1,
    unknownUserId: options.unknownUserId ?? (() => crypto.randomUUID()),
    has: (method: AdapterMethod) => typeof options.adapter[method] === "function",
    createUser: (overrides) => Promise.resolve(adapter.createUser(newUser(overrides))),
  };

  return ALL_CHECKS.map((definition) => {
    const skip = skipReason(definition, options);
    return {
      name: definition.name,
      ...(skip === undefined ? {} : { skip }),
      run: async () => {
        if (skip !== undefined) throw new Error(`Skipped check "${definition.name}" was run: ${skip}`);
        await definition.run(context);
      },
    };
  });
}
