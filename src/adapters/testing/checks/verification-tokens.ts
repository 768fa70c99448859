import { VERIFICATION_TOKEN_COLUMNS } from "../../columns.js";
import type { CheckContext, CheckDefinition } from "../context.js";
import { daysFromNow, newVerificationToken } from "../fixtures.js";
import { expectOneWinnerPerRound, race } from "./race.js";

/** One race: `concurrency` callers use the same fresh token at once. */
async function raceForOneToken(context: CheckContext) {
  const { adapter, setup } = context;
  const token = newVerificationToken();
  await setup.createVerificationToken(token);
  return race(
    context,
    () => adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
    (used) => used != null,
  );
}

/**
 * Opens as many connections as the race will use, so the first round does not run on a cold pool
 * (where connection setup staggers the callers and hides a race the warm pool shows).
 */
async function warmConnectionPool({ setup, concurrency }: CheckContext): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, () =>
      setup.useVerificationToken({
        identifier: `warm-up-${crypto.randomUUID()}`,
        token: crypto.randomUUID(),
      }),
    ),
  );
}

export const verificationTokenChecks: CheckDefinition[] = [
  {
    name: "createVerificationToken stores the token; its result, if any, is the token",
    level: "authjs",
    requires: ["createVerificationToken"],
    async run({ adapter, db, expect }) {
      const token = newVerificationToken();
      const created = await adapter.createVerificationToken(token);
      if (created)
        expect.equalFields(created, token, VERIFICATION_TOKEN_COLUMNS, "createVerificationToken result");
      const stored = expect.present(
        await db.verificationToken(token.identifier, token.token),
        "the verification token should be stored",
      );
      expect.equal(stored.expires, token.expires, "stored expires");
    },
  },
  {
    name: "useVerificationToken returns the token once and deletes it",
    level: "authjs",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, setup, db, expect }) {
      const token = newVerificationToken();
      await setup.createVerificationToken(token);
      const { identifier } = token;
      const used = expect.present(
        await adapter.useVerificationToken({ identifier, token: token.token }),
        "the first use should return the token",
      );
      expect.equalFields(used, token, VERIFICATION_TOKEN_COLUMNS, "first use");
      expect.equal(await db.verificationToken(identifier, token.token), null, "stored token after use");
      expect.equal(
        await adapter.useVerificationToken({ identifier, token: token.token }),
        null,
        "second use",
      );
    },
  },
  {
    name: "useVerificationToken returns null for a wrong identifier or token, and the token stays usable",
    level: "authjs",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, setup, expect }) {
      const token = newVerificationToken();
      await setup.createVerificationToken(token);
      const other = newVerificationToken();
      expect.equal(
        await adapter.useVerificationToken({ identifier: other.identifier, token: token.token }),
        null,
        "use with another identifier",
      );
      expect.equal(
        await adapter.useVerificationToken({ identifier: token.identifier, token: other.token }),
        null,
        "use with another token",
      );
      const used = expect.present(
        await adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        "the use with the right pair should return the token",
      );
      expect.equalFields(used, token, VERIFICATION_TOKEN_COLUMNS, "use with the right pair");
    },
  },
  {
    name: "useVerificationToken returns an expired token as stored: expiry is the caller's decision",
    level: "latchkey",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, setup, expect }) {
      const token = newVerificationToken({ expires: daysFromNow(-1) });
      await setup.createVerificationToken(token);
      const used = expect.present(
        await adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        "the use of an expired token should return it",
      );
      expect.equalFields(used, token, VERIFICATION_TOKEN_COLUMNS, "use of an expired token");
    },
  },
  {
    name: "useVerificationToken: of concurrent uses of one token exactly one gets it, in every round",
    level: "authjs",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run(context) {
      await warmConnectionPool(context);
      await expectOneWinnerPerRound(context, () => raceForOneToken(context), {
        racers: "uses",
        won: "got the token",
        rule: "a sign-in link must work exactly once",
      });
    },
  },
];
