/**
 * The two-factor operations over the TwoFactor and RecoveryCode models (prisma/README.md). Every
 * "spend" is one conditional write whose affected-row count says whether this caller won: the
 * database's row lock, not a read before the write, decides between concurrent requests, so a
 * TOTP code or a recovery code works once however many requests carry it.
 */

import { twoFactorFields } from "../columns.js";
import type { Adapter, TwoFactorMethod } from "../types.js";
import type { PrismaConditionalDelegate, PrismaModels } from "./client.js";

type TwoFactorOperations = Required<Pick<Adapter, TwoFactorMethod>>;

interface TwoFactorModels {
  twoFactor: PrismaConditionalDelegate;
  recoveryCode: PrismaConditionalDelegate;
  $transaction<R>(run: (tx: PrismaModels) => Promise<R>): Promise<R>;
}

/** The transaction's delegates; the models exist there whenever they exist on the client. */
function modelsIn(tx: PrismaModels): {
  twoFactor: PrismaConditionalDelegate;
  recoveryCode: PrismaConditionalDelegate;
} {
  return {
    twoFactor: tx.twoFactor as PrismaConditionalDelegate,
    recoveryCode: tx.recoveryCode as PrismaConditionalDelegate,
  };
}

export function twoFactorOperations({
  twoFactor,
  recoveryCode,
  $transaction,
}: TwoFactorModels): TwoFactorOperations {
  const unused = (userId: string) => ({ userId, usedAt: null });
  // One UPDATE … WHERE lastTotpStep IS NULL OR lastTotpStep < step: of concurrent callers the
  // database lets exactly one change the row (RFC 6238 §5.2: accept a code once).
  const spendStep = async (userId: string, step: number): Promise<boolean> => {
    const { count } = await twoFactor.updateMany({
      where: { userId, OR: [{ lastTotpStep: null }, { lastTotpStep: { lt: step } }] },
      data: { lastTotpStep: step },
    });
    return count === 1;
  };

  return {
    async getTwoFactor(userId) {
      const row = await twoFactor.findUnique({ where: { userId } });
      return row ? twoFactorFields(row) : null;
    },

    async setTwoFactor(record) {
      const { userId, lastTotpStep, ...fields } = twoFactorFields(record);
      // The update leaves the step alone: a record read before a code was spent and written back
      // after must not un-spend it. The step moves forward only through a conditional write.
      const stored = twoFactorFields(
        await twoFactor.upsert({
          where: { userId },
          create: { userId, lastTotpStep, ...fields },
          update: fields,
        }),
      );
      const step = typeof lastTotpStep === "number" ? lastTotpStep : null;
      if (step === null || (stored.lastTotpStep !== null && stored.lastTotpStep >= step)) return stored;
      if (await spendStep(userId, step)) return { ...stored, lastTotpStep: step };
      // Not changed: a later step was spent between the two writes, and it stays.
      const row = await twoFactor.findUnique({ where: { userId } });
      return row ? twoFactorFields(row) : stored;
    },

    async deleteTwoFactor(userId) {
      await $transaction(async (tx) => {
        const models = modelsIn(tx);
        await models.recoveryCode.deleteMany({ where: { userId } });
        await models.twoFactor.deleteMany({ where: { userId } });
      });
    },

    async spendTotpStep(userId, step) {
      return spendStep(userId, step);
    },

    async replaceRecoveryCodes(userId, codeHashes) {
      await $transaction(async (tx) => {
        const models = modelsIn(tx);
        await models.recoveryCode.deleteMany({ where: { userId } });
        // One insert per code rather than createMany, whose argument types no structural type
        // can accept for every generated client; ten inserts in a rare transaction cost little.
        // usedAt is written as an explicit null: MongoDB's `usedAt: null` filter does not match
        // a field that was never set.
        for (const codeHash of codeHashes) {
          await models.recoveryCode.create({ data: { userId, codeHash, usedAt: null } });
        }
      });
    },

    async useRecoveryCode(userId, codeHash) {
      const { count } = await recoveryCode.updateMany({
        where: { ...unused(userId), codeHash },
        data: { usedAt: new Date() },
      });
      if (count !== 1) return null;
      return { remaining: await recoveryCode.count({ where: unused(userId) }) };
    },

    async countRecoveryCodes(userId) {
      return recoveryCode.count({ where: unused(userId) });
    },
  };
}
