import type { VerificationToken } from "../../types.js";
import { assert, assertEqual, assertKeysWithin } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newVerificationToken } from "../fixtures.js";

const TOKEN_FIELDS = ["identifier", "token", "expires"];

function assertToken(
  actual: VerificationToken | null | undefined,
  expected: VerificationToken,
  what: string,
): void {
  assert(actual, `${what} should be the verification token, got ${String(actual)}`);
  // A surrogate id (MongoDB's _id, a serial) is database-only and must not leak.
  assertKeysWithin(actual, TOKEN_FIELDS, what);
  assertEqual(actual, expected, what);
}

export const verificationTokenChecks: CheckDefinition[] = [
  {
    name: "createVerificationToken stores the token and returns it without database-only fields",
    requires: ["createVerificationToken"],
    async run({ adapter, db }) {
      const token = newVerificationToken();
      const created = await adapter.createVerificationToken(token);
      if (created) assertToken(created, token, "createVerificationToken result");
      const stored = await db.verificationToken(token.identifier, token.token);
      assert(stored, "the verification token should be stored");
      assertEqual(stored.expires, token.expires, "stored expires");
    },
  },
  {
    name: "useVerificationToken returns the token once and deletes it",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, db }) {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const { identifier } = token;
      assertToken(await adapter.useVerificationToken({ identifier, token: token.token }), token, "first use");
      assertEqual(await db.verificationToken(identifier, token.token), null, "stored token after use");
      assertEqual(await adapter.useVerificationToken({ identifier, token: token.token }), null, "second use");
    },
  },
  {
    name: "useVerificationToken returns null for a wrong identifier or token, and the token stays usable",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter }) {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const other = newVerificationToken();
      assertEqual(
        await adapter.useVerificationToken({ identifier: other.identifier, token: token.token }),
        null,
        "use with another identifier",
      );
      assertEqual(
        await adapter.useVerificationToken({ identifier: token.identifier, token: other.token }),
        null,
        "use with another token",
      );
      assertToken(
        await adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        token,
        "use with the right pair",
      );
    },
  },
  {
    name: "useVerificationToken returns an expired token as stored: expiry is the caller's decision",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter }) {
      const token = newVerificationToken({ expires: daysFromNow(-1) });
      await adapter.createVerificationToken(token);
      assertToken(
        await adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        token,
        "use of an expired token",
      );
    },
  },
  {
    name: "useVerificationToken: of concurrent uses of one token exactly one gets it",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, concurrency }) {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const uses = await Promise.allSettled(
        Array.from({ length: concurrency }, () =>
          adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        ),
      );
      const failed = uses.find((use) => use.status === "rejected");
      assert(
        !failed,
        `a concurrent useVerificationToken threw: ${String((failed as PromiseRejectedResult)?.reason)}`,
      );
      const winners = uses.filter((use) => use.status === "fulfilled" && use.value !== null);
      assert(
        winners.length === 1,
        `${winners.length} of ${concurrency} concurrent uses got the token; a sign-in link must work exactly once`,
      );
    },
  },
];
