/**
 * The two-factor methods (a latchkey extension): the record per user, spent TOTP steps and
 * recovery codes. The races are the point: a code must work once however many requests carry it
 * at the same moment (RFC 6238 §5.2 for TOTP; a recovery code is single use by definition).
 */
import { TWO_FACTOR_COLUMNS } from "../../columns.js";
import type { AdapterTwoFactor } from "../../types.js";
import type { Findings } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newRecoveryCodeHashes, newTwoFactor } from "../fixtures.js";
import { expectOneWinnerPerRound, race } from "./race.js";

function expectTwoFactor(
  expect: Findings,
  actual: AdapterTwoFactor | null | undefined,
  expected: AdapterTwoFactor,
  what: string,
): void {
  const found = expect.present(actual, `${what} should be the two-factor record`);
  expect.onlyFields(found, TWO_FACTOR_COLUMNS, what);
  expect.equalFields(found, expected, TWO_FACTOR_COLUMNS, what);
}

export const twoFactorChecks: CheckDefinition[] = [
  {
    name: "setTwoFactor stores the record and returns it; getTwoFactor reads it, and null for a user without one",
    level: "latchkey",
    requires: ["createUser", "setTwoFactor", "getTwoFactor"],
    async run({ adapter, db, createUser, unknownUserId, expect }) {
      const user = await createUser();
      const record = newTwoFactor(user.id);
      expectTwoFactor(expect, await adapter.setTwoFactor(record), record, "setTwoFactor result");
      expectTwoFactor(expect, await adapter.getTwoFactor(user.id), record, "getTwoFactor result");
      if (db.twoFactor) expect.that(await db.twoFactor(user.id), "the two-factor record should be stored");
      const other = await createUser();
      expect.equal(await adapter.getTwoFactor(other.id), null, "getTwoFactor(user without a record)");
      expect.equal(await adapter.getTwoFactor(unknownUserId()), null, "getTwoFactor(unknown user)");
    },
  },
  {
    name: "setTwoFactor replaces every field of an existing record, nulls included, but never moves lastTotpStep back",
    level: "latchkey",
    requires: ["createUser", "setTwoFactor", "getTwoFactor"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      await setup.setTwoFactor(newTwoFactor(user.id, { lastTotpStep: null }));
      const pending: AdapterTwoFactor = {
        userId: user.id,
        totpSecret: "v1.replaced",
        totpEnabledAt: null,
        lastTotpStep: null,
        trustedDevicesSince: null,
      };
      expectTwoFactor(expect, await adapter.setTwoFactor(pending), pending, "setTwoFactor result");
      expectTwoFactor(expect, await adapter.getTwoFactor(user.id), pending, "getTwoFactor after replacing");

      const forward = { ...pending, lastTotpStep: 59_000_010 };
      expectTwoFactor(
        expect,
        await adapter.setTwoFactor(forward),
        forward,
        "setTwoFactor moving the step forward",
      );
      // A record read before a code was spent, written back after: the spent step must stay.
      const stale = { ...pending, totpEnabledAt: new Date("2026-11-01T00:00:00Z"), lastTotpStep: 59_000_001 };
      const kept = { ...stale, lastTotpStep: 59_000_010 };
      expectTwoFactor(expect, await adapter.setTwoFactor(stale), kept, "setTwoFactor with an earlier step");
      expectTwoFactor(
        expect,
        await adapter.getTwoFactor(user.id),
        kept,
        "getTwoFactor after an earlier step",
      );
      expectTwoFactor(
        expect,
        await adapter.setTwoFactor({ ...stale, lastTotpStep: null }),
        kept,
        "setTwoFactor with a null step over a spent one",
      );
    },
  },
  {
    name: "spendTotpStep accepts a step once and then only later ones; false for a user without a record",
    level: "latchkey",
    requires: ["createUser", "setTwoFactor", "getTwoFactor", "spendTotpStep"],
    async run({ adapter, setup, createUser, unknownUserId, expect }) {
      const user = await createUser();
      await setup.setTwoFactor(newTwoFactor(user.id, { lastTotpStep: null }));
      expect.equal(await adapter.spendTotpStep(user.id, 1000), true, "spendTotpStep(first step)");
      expect.equal(await adapter.spendTotpStep(user.id, 1000), false, "spendTotpStep(the same step again)");
      expect.equal(await adapter.spendTotpStep(user.id, 999), false, "spendTotpStep(an earlier step)");
      expect.equal(await adapter.spendTotpStep(user.id, 1001), true, "spendTotpStep(the next step)");
      expect.equal((await setup.getTwoFactor(user.id))?.lastTotpStep, 1001, "stored lastTotpStep");
      const other = await createUser();
      expect.equal(
        await adapter.spendTotpStep(other.id, 1000),
        false,
        "spendTotpStep(user without a record)",
      );
      expect.equal(await adapter.spendTotpStep(unknownUserId(), 1000), false, "spendTotpStep(unknown user)");
      expect.equal(await setup.getTwoFactor(other.id), null, "spendTotpStep must not create a record");
    },
  },
  {
    name: "spendTotpStep: of concurrent calls with one step exactly one returns true, in every round",
    level: "latchkey",
    requires: ["createUser", "setTwoFactor", "spendTotpStep"],
    async run(context) {
      const user = await context.createUser();
      await context.setup.setTwoFactor(newTwoFactor(user.id, { lastTotpStep: null }));
      let step = 50_000_000;
      await expectOneWinnerPerRound(
        context,
        () => {
          step += 1;
          const spent = step;
          return race(
            context,
            () => context.adapter.spendTotpStep(user.id, spent),
            (won) => won === true,
          );
        },
        { racers: "spendTotpStep calls with one step", won: "succeeded", rule: "exactly one must" },
      );
    },
  },
  {
    name: "replaceRecoveryCodes stores the codes; countRecoveryCodes counts the unused ones, 0 for a user without any",
    level: "latchkey",
    requires: ["createUser", "replaceRecoveryCodes", "countRecoveryCodes"],
    async run({ adapter, db, createUser, unknownUserId, expect }) {
      const user = await createUser();
      const hashes = newRecoveryCodeHashes(10);
      await adapter.replaceRecoveryCodes(user.id, hashes);
      expect.equal(await adapter.countRecoveryCodes(user.id), 10, "countRecoveryCodes after storing 10");
      if (db.recoveryCodes) {
        const stored = await db.recoveryCodes(user.id);
        expect.equal(
          stored.map((row) => row.codeHash).sort(),
          [...hashes].sort(),
          "stored recovery code hashes",
        );
      }
      const other = await createUser();
      expect.equal(await adapter.countRecoveryCodes(other.id), 0, "countRecoveryCodes(user without codes)");
      expect.equal(await adapter.countRecoveryCodes(unknownUserId()), 0, "countRecoveryCodes(unknown user)");
    },
  },
  {
    name: "useRecoveryCode spends a code once and says how many remain; null for an unknown hash or another user's code",
    level: "latchkey",
    requires: ["createUser", "replaceRecoveryCodes", "useRecoveryCode", "countRecoveryCodes"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const other = await createUser();
      const [first, second, third] = newRecoveryCodeHashes(3) as [string, string, string];
      await setup.replaceRecoveryCodes(user.id, [first, second, third]);
      expect.equal(await adapter.useRecoveryCode(user.id, second), { remaining: 2 }, "first use of a code");
      expect.equal(await adapter.useRecoveryCode(user.id, second), null, "second use of the same code");
      expect.equal(await adapter.useRecoveryCode(other.id, first), null, "use of another user's code");
      const [unknown] = newRecoveryCodeHashes(1) as [string];
      expect.equal(await adapter.useRecoveryCode(user.id, unknown), null, "use of an unknown code");
      expect.equal(await adapter.countRecoveryCodes(user.id), 2, "countRecoveryCodes after one use");
      expect.equal(await adapter.useRecoveryCode(user.id, third), { remaining: 1 }, "use of another code");
    },
  },
  {
    name: "useRecoveryCode: of concurrent uses of one code exactly one succeeds, in every round",
    level: "latchkey",
    requires: ["createUser", "replaceRecoveryCodes", "useRecoveryCode"],
    async run(context) {
      const user = await context.createUser();
      const hashes = newRecoveryCodeHashes(context.rounds);
      await context.setup.replaceRecoveryCodes(user.id, hashes);
      let index = 0;
      await expectOneWinnerPerRound(
        context,
        () => {
          const hash = hashes[index++] as string;
          return race(
            context,
            () => context.adapter.useRecoveryCode(user.id, hash),
            (used) => used != null,
          );
        },
        { racers: "uses of one recovery code", won: "succeeded", rule: "exactly one must" },
      );
      const remaining = await context.setup.countRecoveryCodes(user.id);
      context.expect.equal(remaining, 0, "unused codes after every code was raced for");
    },
  },
  {
    name: "replaceRecoveryCodes voids the old set, and an empty list removes them all",
    level: "latchkey",
    requires: ["createUser", "replaceRecoveryCodes", "useRecoveryCode", "countRecoveryCodes"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const old = newRecoveryCodeHashes(3);
      await setup.replaceRecoveryCodes(user.id, old);
      await setup.useRecoveryCode(user.id, old[0] as string);
      const fresh = newRecoveryCodeHashes(2);
      await adapter.replaceRecoveryCodes(user.id, fresh);
      expect.equal(await adapter.countRecoveryCodes(user.id), 2, "countRecoveryCodes after regenerating");
      expect.equal(await adapter.useRecoveryCode(user.id, old[1] as string), null, "use of an old code");
      expect.equal(
        await adapter.useRecoveryCode(user.id, fresh[0] as string),
        { remaining: 1 },
        "use of a new code",
      );
      await adapter.replaceRecoveryCodes(user.id, []);
      expect.equal(
        await adapter.countRecoveryCodes(user.id),
        0,
        "countRecoveryCodes after replacing with []",
      );
      expect.equal(
        await adapter.useRecoveryCode(user.id, fresh[1] as string),
        null,
        "use after removing all",
      );
    },
  },
  {
    name: "deleteTwoFactor deletes the user's record and recovery codes, and nobody else's",
    level: "latchkey",
    requires: [
      "createUser",
      "setTwoFactor",
      "getTwoFactor",
      "deleteTwoFactor",
      "replaceRecoveryCodes",
      "countRecoveryCodes",
    ],
    async run({ adapter, setup, db, createUser, unknownUserId, expect }) {
      const user = await createUser();
      const kept = await createUser();
      for (const { id } of [user, kept]) {
        await setup.setTwoFactor(newTwoFactor(id));
        await setup.replaceRecoveryCodes(id, newRecoveryCodeHashes(2));
      }
      await adapter.deleteTwoFactor(user.id);
      expect.equal(await setup.getTwoFactor(user.id), null, "getTwoFactor after deleteTwoFactor");
      expect.equal(await setup.countRecoveryCodes(user.id), 0, "countRecoveryCodes after deleteTwoFactor");
      if (db.twoFactor) expect.equal(await db.twoFactor(user.id), null, "the stored two-factor record");
      if (db.recoveryCodes) expect.equal(await db.recoveryCodes(user.id), [], "the stored recovery codes");
      expect.that(await setup.getTwoFactor(kept.id), "another user's two-factor record should be kept");
      expect.equal(await setup.countRecoveryCodes(kept.id), 2, "another user's recovery codes");
      // Deleting what is not there is not an error: disabling two-factor twice must not fail.
      await adapter.deleteTwoFactor(user.id);
      await adapter.deleteTwoFactor(unknownUserId());
    },
  },
  {
    name: "deleteUser deletes the user's two-factor record and recovery codes",
    level: "latchkey",
    requires: [
      "createUser",
      "deleteUser",
      "setTwoFactor",
      "getTwoFactor",
      "replaceRecoveryCodes",
      "countRecoveryCodes",
    ],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      await setup.setTwoFactor(newTwoFactor(user.id));
      await setup.replaceRecoveryCodes(user.id, newRecoveryCodeHashes(2));
      await adapter.deleteUser(user.id);
      expect.equal(await setup.getTwoFactor(user.id), null, "getTwoFactor after deleteUser");
      expect.equal(await setup.countRecoveryCodes(user.id), 0, "countRecoveryCodes after deleteUser");
      if (db.twoFactor) expect.equal(await db.twoFactor(user.id), null, "the stored two-factor record");
      if (db.recoveryCodes) expect.equal(await db.recoveryCodes(user.id), [], "the stored recovery codes");
    },
  },
];
