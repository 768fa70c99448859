import type { Adapter, OrganizationMethod, TwoFactorMethod } from "../types.js";
import { authenticatorOperations } from "./authenticators.js";
import type { PrismaClientLike } from "./client.js";
import { nullIfNotFound } from "./not-found.js";
import { organizationOperations } from "./organizations.js";
import {
  accountData,
  accountTokenData,
  sessionData,
  toAdapterAccount,
  toAdapterSession,
  toAdapterUser,
  toVerificationToken,
  userData,
  verificationTokenData,
} from "./records.js";
import { sessionMetadataColumns } from "./session-metadata.js";
import { twoFactorOperations } from "./two-factor.js";

/** The adapter methods present only when the schema has an Authenticator model. */
export type AuthenticatorMethod =
  | "createAuthenticator"
  | "getAuthenticator"
  | "listAuthenticatorsByUserId"
  | "updateAuthenticatorCounter"
  | "deleteAuthenticator";

/**
 * What PrismaAdapter returns: every method, the WebAuthn ones only when the schema has an
 * Authenticator model, the two-factor ones only when it has the TwoFactor and RecoveryCode models,
 * the organization ones only when it has the Organization, Member and Invitation models.
 */
export type PrismaAdapterMethods = Required<
  Omit<Adapter, AuthenticatorMethod | TwoFactorMethod | OrganizationMethod>
> &
  Pick<Adapter, AuthenticatorMethod | TwoFactorMethod | OrganizationMethod>;

const REQUIRED_MODELS = ["user", "account", "session", "verificationToken"] as const;

function assertPrismaClient(prisma: unknown): asserts prisma is PrismaClientLike {
  const client = prisma as Partial<Record<string, { findUnique?: unknown }>> | null;
  const missing = REQUIRED_MODELS.filter((model) => typeof client?.[model]?.findUnique !== "function");
  if (missing.length > 0) {
    throw new TypeError(
      `PrismaAdapter needs a Prisma client instance (new PrismaClient(...) or prisma.$extends(...)) whose ` +
        `schema has the models ${missing.join(", ")}. Copy the models from latchkey/prisma/<database>/schema.prisma ` +
        `and run \`prisma generate\`.`,
    );
  }
}

/**
 * Creates an {@link Adapter} that stores users, accounts, sessions, verification tokens, and (when
 * the schema has their models) passkeys, two-factor settings and organizations through Prisma.
 *
 * `prisma` is a generated client or a client built with `$extends`; its schema must have the
 * models of `latchkey/prisma/<database>/schema.prisma` (tables and columns may be renamed with
 * `@@map`/`@map`). With the `relationJoins` preview feature on PostgreSQL or MySQL 8 (as in the
 * shipped schemas), looking up a session and its user is a single SQL query.
 *
 * - Lookups that find nothing return `null`; `listAuthenticatorsByUserId` returns `[]`.
 * - `useVerificationToken` hands a token to exactly one of any number of concurrent callers.
 * - `updateAccount` writes the given token columns of one account, `null` for an unknown account.
 * - `createUserAndLinkAccount` runs in one transaction; `deleteUser` relies on the schema's
 *   `onDelete: Cascade` to remove accounts, sessions, authenticators and two-factor records.
 * - `spendTotpStep` and `useRecoveryCode` are each one conditional UPDATE: of concurrent
 *   requests with the same code, exactly one succeeds.
 * - `acceptInvitation` accepts an invitation once however many requests carry it, and
 *   `updateMemberRole`/`removeMember` never leave an organization without an owner, on
 *   PostgreSQL, MySQL, MariaDB and SQLite (on MongoDB see prisma/README.md).
 * - Fields the schema has no column for (profile extras, `expires_in`) are not written; the
 *   session metadata columns (`createdAt`, `lastSeenAt`, `userAgent`, `ipAddress`) are written
 *   when the Session model has them, so a schema from Auth.js works as it is.
 *
 * @example
 * ```ts
 * import { PrismaPg } from "@prisma/adapter-pg";
 * import { PrismaAdapter } from "latchkey/adapters/prisma";
 * import { PrismaClient } from "./generated/prisma/client.js";
 *
 * const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
 * const config = { adapter: PrismaAdapter(prisma), providers, secret };
 * ```
 */
export function PrismaAdapter(prisma: PrismaClientLike): PrismaAdapterMethods {
  assertPrismaClient(prisma);
  const { user, account, session, verificationToken } = prisma;
  const metadata = sessionMetadataColumns(prisma);
  const sessionOf = (row: unknown) => toAdapterSession(metadata.learnFrom(row));

  const adapter: PrismaAdapterMethods = {
    async createUser(newUser) {
      return toAdapterUser(await user.create({ data: userData(newUser) }));
    },

    async getUser(id) {
      const row = await user.findUnique({ where: { id } });
      return row ? toAdapterUser(row) : null;
    },

    async getUserByEmail(email) {
      const row = await user.findUnique({ where: { email } });
      return row ? toAdapterUser(row) : null;
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = (await account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        select: { user: true },
      })) as { user: unknown } | null;
      return row?.user ? toAdapterUser(row.user) : null;
    },

    async updateUser({ id, ...changes }) {
      return toAdapterUser(await user.update({ where: { id }, data: userData(changes) }));
    },

    async deleteUser(id) {
      // Accounts, sessions and authenticators go with the user: onDelete: Cascade in the schema.
      const row = await nullIfNotFound(user.delete({ where: { id } }));
      return row ? toAdapterUser(row) : null;
    },

    async linkAccount(newAccount) {
      return toAdapterAccount(await account.create({ data: accountData(newAccount) }));
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await nullIfNotFound(
        account.delete({ where: { provider_providerAccountId: { provider, providerAccountId } } }),
      );
      return row ? toAdapterAccount(row) : undefined;
    },

    async listAccountsByUserId(userId) {
      const rows = (await account.findMany({ where: { userId } })) as unknown[];
      return rows.map(toAdapterAccount);
    },

    async getAccount(providerAccountId, provider) {
      const row = await account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
      });
      return row ? toAdapterAccount(row) : null;
    },

    async updateAccount({ provider, providerAccountId, ...tokens }) {
      const row = await nullIfNotFound(
        account.update({
          where: { provider_providerAccountId: { provider, providerAccountId } },
          data: accountTokenData(tokens),
        }),
      );
      return row ? toAdapterAccount(row) : null;
    },

    async createSession(newSession) {
      return sessionOf(await session.create({ data: sessionData(newSession, metadata.writable()) }));
    },

    async getSessionAndUser(sessionToken) {
      // `include` lets Prisma fetch both rows with one joined query where the connector can
      // (relationJoins on PostgreSQL and MySQL 8); every session lookup pays for this call.
      const row = (await session.findUnique({ where: { sessionToken }, include: { user: true } })) as {
        user: unknown;
      } | null;
      if (!row?.user) return null;
      return { session: sessionOf(row), user: toAdapterUser(row.user) };
    },

    async updateSession({ sessionToken, ...changes }) {
      const row = await nullIfNotFound(
        session.update({ where: { sessionToken }, data: sessionData(changes, metadata.writable()) }),
      );
      return row ? sessionOf(row) : null;
    },

    async deleteSession(sessionToken) {
      const row = await nullIfNotFound(session.delete({ where: { sessionToken } }));
      return row ? sessionOf(row) : null;
    },

    async listSessionsByUserId(userId) {
      const rows = (await session.findMany({ where: { userId }, orderBy: { expires: "asc" } })) as unknown[];
      return rows.map(sessionOf);
    },

    async createVerificationToken(newToken) {
      return toVerificationToken(await verificationToken.create({ data: verificationTokenData(newToken) }));
    },

    async useVerificationToken({ identifier, token }) {
      // Not `delete` + P2025: on MySQL Prisma runs delete as SELECT then DELETE and reports
      // success to every concurrent caller. deleteMany's affected-row count comes from the
      // database's own row lock, so exactly one caller sees count 1 and gets the token.
      const row = await verificationToken.findUnique({ where: { identifier_token: { identifier, token } } });
      if (!row) return null;
      const { count } = await verificationToken.deleteMany({ where: { identifier, token } });
      return count === 1 ? toVerificationToken(row) : null;
    },

    async createUserAndLinkAccount(newUser, newAccount) {
      // An interactive transaction rather than a nested `user.create({ accounts: { create } })`:
      // it runs the account through `account.create`, so query extensions the application put on
      // that model (token encryption, auditing) apply here exactly as in linkAccount.
      return prisma.$transaction(async (tx) => {
        const createdUser = toAdapterUser(await tx.user.create({ data: userData(newUser) }));
        const linked = await tx.account.create({
          data: accountData({ ...newAccount, userId: createdUser.id }),
        });
        return { user: createdUser, account: toAdapterAccount(linked) };
      });
    },
  };

  // Without a model its methods stay absent, so latchkey reports the missing capability by name
  // at configuration time instead of failing at sign-in.
  const { authenticator, twoFactor, recoveryCode, organization, member, invitation } = prisma;
  return {
    ...adapter,
    ...(authenticator ? authenticatorOperations(authenticator) : {}),
    ...(twoFactor && recoveryCode
      ? twoFactorOperations({ twoFactor, recoveryCode, $transaction: (run) => prisma.$transaction(run) })
      : {}),
    ...(organization && member && invitation
      ? organizationOperations({
          organization,
          member,
          invitation,
          $transaction: (run, options) => prisma.$transaction(run, options),
          // Prisma's own field on every client, $extends'd ones included; undocumented, so only a hint.
          provider: (prisma as { _activeProvider?: unknown })._activeProvider,
        })
      : {}),
  };
}
