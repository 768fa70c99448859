/**
 * The organization operations over the Organization, Member and Invitation models
 * (prisma/README.md). Two of them must hold under concurrency, and the database decides, not a
 * read before the write:
 *
 * - accepting an invitation is one conditional UPDATE (`status = 'pending'`, not expired) whose
 *   affected-row count says whether this caller won, in the transaction that inserts the member;
 * - a demotion or removal that could leave an organization without an owner first writes to
 *   every owner row of that organization (setting the role it already has), which takes their row
 *   locks until the transaction ends; the owners are counted only then. Two concurrent demotions
 *   of the last two owners queue on those locks, and the second counts one owner and refuses.
 *
 * Transactions run at READ COMMITTED on MySQL and MariaDB, so each read sees what committed
 * before it: at their default, REPEATABLE READ, the first read fixes a snapshot, and a read made
 * before the lock was granted would keep showing an owner another transaction removed.
 * PostgreSQL's default is READ COMMITTED, and SQLite runs one write transaction at a time. A transaction the database aborts
 * for a deadlock or a write conflict (Prisma's P2034) is run again.
 */

import type { Adapter, AdapterMember, AdapterMemberChange, OrganizationMethod } from "../types.js";
import type { PrismaModels, PrismaOrganizationDelegate, PrismaTransactionOptions } from "./client.js";
import { nullIfNotFound } from "./not-found.js";
import {
  invitationData,
  MEMBER_USER_FIELDS,
  memberData,
  organizationData,
  toAdapterInvitation,
  toAdapterMember,
  toAdapterMemberWithUser,
  toAdapterOrganization,
} from "./records.js";

type OrganizationOperations = Required<Pick<Adapter, OrganizationMethod>>;

interface OrganizationModels {
  organization: PrismaOrganizationDelegate;
  member: PrismaOrganizationDelegate;
  invitation: PrismaOrganizationDelegate;
}

interface OrganizationStore extends OrganizationModels {
  $transaction<R>(run: (tx: PrismaModels) => Promise<R>, options?: PrismaTransactionOptions): Promise<R>;
  /** Prisma's name for the database (`"postgresql"`, `"mysql"`, `"sqlite"`, `"mongodb"`), when known. */
  provider: unknown;
}

/** Prisma's codes: a unique constraint failed; a transaction hit a write conflict or a deadlock. */
const UNIQUE_VIOLATION = "P2002";
const WRITE_CONFLICT = "P2034";
const ATTEMPTS = 5;

function hasCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/** The transaction's delegates; the models exist there whenever they exist on the client. */
function modelsIn(tx: PrismaModels): OrganizationModels {
  return {
    organization: tx.organization as PrismaOrganizationDelegate,
    member: tx.member as PrismaOrganizationDelegate,
    invitation: tx.invitation as PrismaOrganizationDelegate,
  };
}

const membership = (organizationId: string, userId: string) => ({
  organizationId_userId: { organizationId, userId },
});

export function organizationOperations(store: OrganizationStore): OrganizationOperations {
  const { organization, member, invitation } = store;
  const options: PrismaTransactionOptions = {
    // Twenty acceptances of one invitation queue for one row lock: give them time.
    maxWait: 10_000,
    timeout: 15_000,
    ...(store.provider === "mysql" ? { isolationLevel: "ReadCommitted" } : {}),
  };

  async function transaction<R>(run: (models: OrganizationModels) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await store.$transaction((tx) => run(modelsIn(tx)), options);
      } catch (error) {
        if (!hasCode(error, WRITE_CONFLICT) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * The two conditions of updateMemberRole and removeMember (the current role is allowed; an
   * owner remains), checked after the owner rows are locked, and `write` in the same transaction.
   */
  function changeMember(
    organizationId: string,
    userId: string,
    fromRoles: readonly string[],
    staysOwner: boolean,
    /** Writes and says whether the member's row was changed; true without a write when nothing would change. */
    write: (models: OrganizationModels, current: AdapterMember) => Promise<boolean>,
  ): Promise<AdapterMemberChange> {
    return transaction(async (models) => {
      if (fromRoles.includes("owner") && !staysOwner) {
        // The lock: an UPDATE of every owner row holds their row locks to the end of the transaction.
        await models.member.updateMany({ where: { organizationId, role: "owner" }, data: { role: "owner" } });
      }
      const row = await models.member.findUnique({ where: membership(organizationId, userId) });
      if (!row) return { outcome: "notMember" };
      const current = toAdapterMember(row);
      if (!fromRoles.includes(current.role)) return { outcome: "roleMoved", member: current };
      if (current.role === "owner" && !staysOwner) {
        const owners = await models.member.count({ where: { organizationId, role: "owner" } });
        if (owners <= 1) return { outcome: "lastOwner" };
      }
      // Conditional on the role read above: a change that slipped in between is reported, not
      // overwritten. MySQL counts changed rows, not matched ones: skip a write that changes nothing.
      if (!(await write(models, current))) {
        const moved = await models.member.findUnique({ where: membership(organizationId, userId) });
        return moved ? { outcome: "roleMoved", member: toAdapterMember(moved) } : { outcome: "notMember" };
      }
      return { outcome: "done", before: current };
    });
  }

  return {
    async createOrganization(newOrganization, owner) {
      return transaction(async (models) => {
        const created = toAdapterOrganization(
          await models.organization.create({ data: organizationData(newOrganization) }),
        );
        const first = await models.member.create({
          data: memberData({ ...owner, organizationId: created.id }),
        });
        return { organization: created, member: toAdapterMember(first) };
      });
    },

    async getOrganization(id) {
      const row = await organization.findUnique({ where: { id } });
      return row ? toAdapterOrganization(row) : null;
    },

    async getOrganizationBySlug(slug) {
      const row = await organization.findUnique({ where: { slug } });
      return row ? toAdapterOrganization(row) : null;
    },

    async updateOrganization({ id, name, slug, logo, metadata }) {
      const changes = Object.fromEntries(
        Object.entries({ name, slug, logo, metadata }).filter(([, value]) => value !== undefined),
      );
      const row = await nullIfNotFound(organization.update({ where: { id }, data: changes }));
      return row ? toAdapterOrganization(row) : null;
    },

    async deleteOrganization(id) {
      return transaction(async (models) => {
        const row = await models.organization.findUnique({ where: { id } });
        if (!row) return null;
        const members = (await models.member.findMany({
          where: { organizationId: id },
          orderBy: { createdAt: "asc" },
        })) as unknown[];
        // Explicit deletes rather than only the schema's cascade, which MongoDB lacks (Prisma
        // emulates it there) and an app's own schema may have left out.
        await models.invitation.deleteMany({ where: { organizationId: id } });
        await models.member.deleteMany({ where: { organizationId: id } });
        const { count } = await models.organization.deleteMany({ where: { id } });
        if (count !== 1) return null;
        return { organization: toAdapterOrganization(row), members: members.map(toAdapterMember) };
      });
    },

    async listOrganizationsByUserId(userId) {
      const rows = (await member.findMany({
        where: { userId },
        include: { organization: true },
        orderBy: { createdAt: "asc" },
      })) as Array<{ organization: unknown }>;
      return rows.map((row) => ({
        organization: toAdapterOrganization(row.organization),
        member: toAdapterMember(row),
      }));
    },

    async getMember(organizationId, userId) {
      const row = await member.findUnique({ where: membership(organizationId, userId) });
      return row ? toAdapterMember(row) : null;
    },

    async listMembers(organizationId) {
      const rows = (await member.findMany({
        where: { organizationId },
        include: { user: { select: MEMBER_USER_FIELDS } },
        orderBy: { createdAt: "asc" },
      })) as unknown[];
      return rows.map(toAdapterMemberWithUser);
    },

    async addMember(newMember) {
      try {
        return toAdapterMember(await member.create({ data: memberData(newMember) }));
      } catch (error) {
        // The unique (organizationId, userId) index: already a member, nothing written.
        if (hasCode(error, UNIQUE_VIOLATION)) {
          const existing = await member.findUnique({
            where: membership(newMember.organizationId, newMember.userId),
          });
          if (existing) return null;
        }
        throw error;
      }
    },

    async updateMemberRole({ organizationId, userId, role, fromRoles }) {
      return changeMember(organizationId, userId, fromRoles, role === "owner", async (models, current) => {
        if (current.role === role) return true;
        const { count } = await models.member.updateMany({
          where: { organizationId, userId, role: current.role },
          data: { role },
        });
        return count === 1;
      });
    },

    async removeMember({ organizationId, userId, fromRoles }) {
      return changeMember(organizationId, userId, fromRoles, false, async (models, current) => {
        const { count } = await models.member.deleteMany({
          where: { organizationId, userId, role: current.role },
        });
        return count === 1;
      });
    },

    async markMemberActive(organizationId, userId, at) {
      await member.updateMany({ where: { organizationId, userId }, data: { lastActiveAt: at } });
    },

    async createInvitation(newInvitation) {
      return toAdapterInvitation(await invitation.create({ data: invitationData(newInvitation) }));
    },

    async getInvitation(id) {
      const row = await invitation.findUnique({ where: { id } });
      return row ? toAdapterInvitation(row) : null;
    },

    async listInvitations(organizationId) {
      const rows = (await invitation.findMany({
        where: { organizationId },
        orderBy: { createdAt: "desc" },
      })) as unknown[];
      return rows.map(toAdapterInvitation);
    },

    async listInvitationsByEmail(email) {
      const rows = (await invitation.findMany({
        where: { email },
        orderBy: { createdAt: "desc" },
      })) as unknown[];
      return rows.map(toAdapterInvitation);
    },

    async updatePendingInvitation({ id, status, expires }) {
      return transaction(async (models) => {
        // UPDATE … WHERE status = 'pending': a used, rejected or cancelled invitation is never revived.
        const { count } = await models.invitation.updateMany({
          where: { id, status: "pending" },
          data: expires ? { status, expires } : { status },
        });
        const row = await models.invitation.findUnique({ where: { id } });
        const stored = row ? toAdapterInvitation(row) : null;
        if (count === 1) return stored;
        // MySQL counts changed rows: a resend that changes nothing still answers the pending invitation.
        const unchanged =
          stored?.status === "pending" &&
          status === "pending" &&
          (!expires || stored.expires.getTime() === expires.getTime());
        return unchanged ? stored : null;
      });
    },

    async acceptInvitation({ invitationId, member: newMember, now }) {
      try {
        return await transaction(async (models) => {
          const row = await models.invitation.findUnique({ where: { id: invitationId } });
          const found = row ? toAdapterInvitation(row) : null;
          if (found?.status !== "pending" || found.expires.getTime() <= now.getTime()) {
            return { outcome: "unavailable" } as const;
          }
          const existing = await models.member.findUnique({
            where: membership(found.organizationId, newMember.userId),
          });
          if (existing) return { outcome: "alreadyMember", member: toAdapterMember(existing) } as const;
          // The race is decided here: of concurrent acceptances, the row lock lets exactly one
          // change the status, and the others count 0 rows.
          const { count } = await models.invitation.updateMany({
            where: { id: invitationId, status: "pending", expires: { gt: now } },
            data: { status: "accepted" },
          });
          if (count !== 1) return { outcome: "unavailable" } as const;
          const added = await models.member.create({
            data: memberData({ ...newMember, organizationId: found.organizationId, role: found.role }),
          });
          return {
            outcome: "accepted",
            invitation: { ...found, status: "accepted" },
            member: toAdapterMember(added),
          } as const;
        });
      } catch (error) {
        // The user joined by another way meanwhile: the transaction rolled back, the invitation
        // stays pending.
        if (hasCode(error, UNIQUE_VIOLATION)) {
          const invited = await invitation.findUnique({ where: { id: invitationId } });
          const existing =
            invited &&
            (await member.findUnique({
              where: membership(toAdapterInvitation(invited).organizationId, newMember.userId),
            }));
          if (existing) return { outcome: "alreadyMember", member: toAdapterMember(existing) };
        }
        throw error;
      }
    },
  };
}
