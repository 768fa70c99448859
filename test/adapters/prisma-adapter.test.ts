import { afterAll, describe, expect, test } from "vitest";
import { PrismaAdapter, type PrismaClientLike } from "../../src/adapters/prisma/index.js";
import { freshSqliteDatabase } from "./support/databases.js";
import { loadPrismaClientClass } from "./support/prisma-clients.js";
import { openPrismaClient } from "./support/prisma-suite.js";

const database = await freshSqliteDatabase();
const { prisma } = await openPrismaClient("sqlite", database);

describe("PrismaAdapter", () => {
  afterAll(async () => {
    await prisma.$disconnect();
    await database.drop();
  });

  test("rejects something that is not a client, naming the models it needs", async () => {
    const PrismaClient = await loadPrismaClientClass("sqlite");
    expect(() => PrismaAdapter(PrismaClient as unknown as PrismaClientLike)).toThrow(
      /needs a Prisma client instance .* models user, account, session, verificationToken/,
    );
    const { verificationToken: _, ...withoutTokens } = prisma;
    expect(() => PrismaAdapter(withoutTokens as unknown as PrismaClientLike)).toThrow(
      /models verificationToken\./,
    );
  });

  test("leaves the WebAuthn methods out when the schema has no Authenticator model", () => {
    const { user, account, session, verificationToken } = prisma;
    const adapter = PrismaAdapter({
      user,
      account,
      session,
      verificationToken,
      $transaction: (run) => prisma.$transaction(run),
    });
    expect(adapter.createAuthenticator).toBeUndefined();
    expect(adapter.updateAuthenticatorCounter).toBeUndefined();
    expect(typeof adapter.getSessionAndUser).toBe("function");
  });

  test("lets the database assign user ids, so ids from the caller never collide with stored ones", async () => {
    const adapter = PrismaAdapter(prisma);
    const user = await adapter.createUser({
      id: "caller-id",
      email: "ids@example.test",
      emailVerified: null,
    });
    expect(user.id).not.toBe("caller-id");
    expect(await adapter.getUser(user.id)).toEqual(user);
  });
});
