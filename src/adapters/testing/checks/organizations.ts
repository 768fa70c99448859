/**
 * The organization methods (a latchkey extension): organizations, their members and invitations.
 * Two rules must hold under concurrency, and the races pin them: an invitation adds one member
 * however many requests accept it at once, and concurrent demotions or removals never leave an
 * organization without an owner (docs/adapter-conformance.md).
 */
import { INVITATION_COLUMNS, MEMBER_COLUMNS, ORGANIZATION_COLUMNS } from "../../columns.js";
import type {
  AdapterInvitation,
  AdapterMember,
  AdapterMemberChange,
  AdapterOrganization,
  AdapterUser,
  OrganizationMethod,
} from "../../types.js";
import type { Findings } from "../assert.js";
import type { CheckContext, CheckDefinition } from "../context.js";
import { daysFromNow, newInvitation, newMember, newOrganization } from "../fixtures.js";
import { describeError } from "../steps.js";

/** How many requests accept one invitation at once in the acceptance races. */
const ACCEPTANCE_RACERS = 20;

function expectRecord<T extends object>(
  expect: Findings,
  actual: T | null | undefined,
  expected: T,
  columns: readonly string[],
  what: string,
): void {
  const found = expect.present(actual, `${what} should be the record`);
  expect.onlyFields(found, columns, what);
  expect.equalFields(found, expected, columns, what);
}

const expectOrganization = (
  expect: Findings,
  actual: AdapterOrganization | null | undefined,
  expected: AdapterOrganization,
  what: string,
) => expectRecord(expect, actual, expected, ORGANIZATION_COLUMNS, what);

const expectMember = (
  expect: Findings,
  actual: AdapterMember | null | undefined,
  expected: AdapterMember,
  what: string,
) => expectRecord(expect, actual, expected, MEMBER_COLUMNS, what);

const expectInvitation = (
  expect: Findings,
  actual: AdapterInvitation | null | undefined,
  expected: AdapterInvitation,
  what: string,
) => expectRecord(expect, actual, expected, INVITATION_COLUMNS, what);

/** An organization owned by a fresh user, created through the adapter (a setup step). */
async function ownedOrganization(
  { setup, createUser }: CheckContext,
  overrides: Partial<AdapterOrganization> = {},
): Promise<{ organization: AdapterOrganization; owner: AdapterUser; ownership: AdapterMember }> {
  const owner = await createUser();
  const organization = newOrganization(overrides);
  const ownership = newMember(organization.id, owner.id, { role: "owner", createdAt: daysFromNow(-3) });
  await setup.createOrganization(organization, ownership);
  return { organization, owner, ownership };
}

/** A fresh user added to the organization with `role`, `createdAt` `daysAgo` days back (a setup step). */
async function addedMember(
  context: CheckContext,
  organizationId: string,
  role: string,
  daysAgo = 1,
): Promise<AdapterMember> {
  const user = await context.createUser();
  const member = newMember(organizationId, user.id, { role, createdAt: daysFromNow(-daysAgo) });
  await context.setup.addMember(member);
  return member;
}

const outcomeOf = (change: AdapterMemberChange) => change.outcome;

/** Every method organizations need: a check that uses several of them names them all. */
const ORGANIZATION_BASICS: OrganizationMethod[] = ["createOrganization", "getOrganization", "getMember"];

export const organizationChecks: CheckDefinition[] = [
  {
    name: "createOrganization stores the organization and its owner in one call; getOrganization and getOrganizationBySlug read it, null for unknown ones",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "getOrganizationBySlug"],
    async run({ adapter, createUser, expect }) {
      const owner = await createUser();
      const organization = newOrganization();
      const ownership = newMember(organization.id, owner.id, { role: "owner" });
      const created = await adapter.createOrganization(organization, ownership);
      expectOrganization(expect, created.organization, organization, "createOrganization organization");
      expectMember(expect, created.member, ownership, "createOrganization member");
      expectOrganization(
        expect,
        await adapter.getOrganization(organization.id),
        organization,
        "getOrganization",
      );
      expectOrganization(
        expect,
        await adapter.getOrganizationBySlug(organization.slug),
        organization,
        "getOrganizationBySlug",
      );
      expectMember(expect, await adapter.getMember(organization.id, owner.id), ownership, "getMember(owner)");
      expect.equal(await adapter.getOrganization(crypto.randomUUID()), null, "getOrganization(unknown id)");
      expect.equal(
        await adapter.getOrganizationBySlug(`unknown-${crypto.randomUUID()}`),
        null,
        "getOrganizationBySlug(unknown slug)",
      );
      // Nullable fields come back as null, not undefined or missing.
      const bare = newOrganization({ logo: null, metadata: null });
      await adapter.createOrganization(bare, newMember(bare.id, owner.id, { role: "owner" }));
      expectOrganization(expect, await adapter.getOrganization(bare.id), bare, "organization without logo");
    },
  },
  {
    name: "createOrganization and updateOrganization reject a slug another organization has, and write nothing",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "getOrganizationBySlug", "updateOrganization"],
    async run(context) {
      const { adapter, createUser, expect } = context;
      const { organization: taken } = await ownedOrganization(context);
      const owner = await createUser();
      const clash = newOrganization({ slug: taken.slug });
      await expect.rejects(
        () => adapter.createOrganization(clash, newMember(clash.id, owner.id, { role: "owner" })),
        "createOrganization with a taken slug",
      );
      expect.equal(await adapter.getOrganization(clash.id), null, "the organization whose slug clashed");
      expect.equal(
        await adapter.getMember(clash.id, owner.id),
        null,
        "the owner of the clashing organization",
      );
      const { organization: other } = await ownedOrganization(context);
      await expect.rejects(
        () => adapter.updateOrganization({ id: other.id, slug: taken.slug }),
        "updateOrganization to a taken slug",
      );
      expectOrganization(
        expect,
        await adapter.getOrganization(other.id),
        other,
        "organization after the clash",
      );
      expectOrganization(
        expect,
        await adapter.getOrganizationBySlug(taken.slug),
        taken,
        "getOrganizationBySlug(the taken slug)",
      );
    },
  },
  {
    name: "updateOrganization changes the given fields, keeps absent ones, and returns the organization; null for an unknown id",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "updateOrganization"],
    async run(context) {
      const { adapter, expect } = context;
      const { organization } = await ownedOrganization(context);
      const renamed = { ...organization, name: "Difference Engines", slug: `renamed-${crypto.randomUUID()}` };
      expectOrganization(
        expect,
        await adapter.updateOrganization({ id: organization.id, name: renamed.name, slug: renamed.slug }),
        renamed,
        "updateOrganization result",
      );
      const cleared = { ...renamed, logo: null, metadata: JSON.stringify({ plan: "enterprise" }) };
      expectOrganization(
        expect,
        await adapter.updateOrganization({ id: organization.id, logo: null, metadata: cleared.metadata }),
        cleared,
        "updateOrganization clearing the logo",
      );
      expectOrganization(
        expect,
        await adapter.getOrganization(organization.id),
        cleared,
        "stored organization",
      );
      expect.equal(
        await adapter.updateOrganization({ id: crypto.randomUUID(), name: "Nobody's" }),
        null,
        "updateOrganization(unknown id)",
      );
    },
  },
  {
    name: "deleteOrganization deletes it with its members and invitations and returns the members it had; null for an unknown id",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "deleteOrganization",
      "addMember",
      "createInvitation",
      "getInvitation",
      "listOrganizationsByUserId",
    ],
    async run(context) {
      const { adapter, setup, expect } = context;
      const { organization, owner, ownership } = await ownedOrganization(context);
      const admin = await addedMember(context, organization.id, "admin");
      const invitation = newInvitation(organization.id, owner.id);
      await setup.createInvitation(invitation);
      const { organization: kept } = await ownedOrganization(context);
      const elsewhere = newMember(kept.id, admin.userId, { role: "member" });
      await setup.addMember(elsewhere);

      const deleted = expect.present(
        await adapter.deleteOrganization(organization.id),
        "deleteOrganization should return what it deleted",
      );
      expectOrganization(expect, deleted.organization, organization, "deleteOrganization organization");
      expect.equal(
        deleted.members.map((member) => member.userId).sort(),
        [owner.id, admin.userId].sort(),
        "deleteOrganization members (user ids)",
      );
      for (const member of deleted.members) {
        expectMember(expect, member, member.userId === owner.id ? ownership : admin, "deleted member");
      }
      expect.equal(await adapter.getOrganization(organization.id), null, "getOrganization after deleting");
      expect.equal(await adapter.getMember(organization.id, owner.id), null, "the owner's membership");
      expect.equal(await adapter.getMember(organization.id, admin.userId), null, "the admin's membership");
      expect.equal(await adapter.getInvitation(invitation.id), null, "the organization's invitation");
      expect.equal(
        (await adapter.listOrganizationsByUserId(admin.userId)).map((found) => found.organization.id),
        [kept.id],
        "the admin's organizations after deleting one",
      );
      expect.equal(await adapter.deleteOrganization(organization.id), null, "deleteOrganization again");
      expect.equal(
        await adapter.deleteOrganization(crypto.randomUUID()),
        null,
        "deleteOrganization(unknown)",
      );
    },
  },
  {
    name: "addMember adds a user once (null, writing nothing, when already a member) and throws for an unknown organization",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "addMember"],
    async run(context) {
      const { adapter, createUser, expect } = context;
      const { organization } = await ownedOrganization(context);
      const user = await createUser();
      const member = newMember(organization.id, user.id, { role: "admin" });
      expectMember(expect, await adapter.addMember(member), member, "addMember result");
      expectMember(expect, await adapter.getMember(organization.id, user.id), member, "getMember");
      expect.equal(
        await adapter.addMember(newMember(organization.id, user.id, { role: "owner" })),
        null,
        "addMember of a user who already is a member",
      );
      expectMember(
        expect,
        await adapter.getMember(organization.id, user.id),
        member,
        "the membership after adding it twice",
      );
      await expect.rejects(
        () => adapter.addMember(newMember(crypto.randomUUID(), user.id)),
        "addMember to an unknown organization",
      );
      const stranger = await createUser();
      expect.equal(await adapter.getMember(organization.id, stranger.id), null, "getMember(not a member)");
    },
  },
  {
    name: "listMembers lists the members with their users, oldest first; listOrganizationsByUserId the user's organizations with the membership",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "addMember", "listMembers", "listOrganizationsByUserId"],
    async run(context) {
      const { adapter, createUser, expect } = context;
      const { organization, owner, ownership } = await ownedOrganization(context);
      const newest = await addedMember(context, organization.id, "member", 1);
      const middle = await addedMember(context, organization.id, "admin", 2);
      const listed = await adapter.listMembers(organization.id);
      expect.equal(
        listed.map((member) => member.userId),
        [owner.id, middle.userId, newest.userId],
        "listMembers order (user ids)",
      );
      const first = expect.present(listed[0], "listMembers should list the owner");
      expectRecord(
        expect,
        first,
        { ...ownership, user: first.user },
        [...MEMBER_COLUMNS, "user"],
        "listMembers item",
      );
      expect.equal(
        first.user,
        { id: owner.id, email: owner.email, name: owner.name ?? null, image: owner.image ?? null },
        "listMembers item's user",
      );
      expect.equal(await adapter.listMembers(crypto.randomUUID()), [], "listMembers(unknown organization)");

      const { organization: older } = await ownedOrganization(context, { createdAt: daysFromNow(-9) });
      const earlier = newMember(older.id, newest.userId, { createdAt: daysFromNow(-5) });
      await context.setup.addMember(earlier);
      const memberships = await adapter.listOrganizationsByUserId(newest.userId);
      expect.equal(
        memberships.map((found) => found.organization.id),
        [older.id, organization.id],
        "listOrganizationsByUserId order (oldest membership first)",
      );
      expectOrganization(
        expect,
        memberships[1]?.organization,
        organization,
        "listOrganizationsByUserId organization",
      );
      expectMember(expect, memberships[1]?.member, newest, "listOrganizationsByUserId member");
      const loner = await createUser();
      expect.equal(
        await adapter.listOrganizationsByUserId(loner.id),
        [],
        "listOrganizationsByUserId(no memberships)",
      );
    },
  },
  {
    name: "updateMemberRole changes a role only from one of fromRoles, and never demotes the last owner",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "addMember", "updateMemberRole"],
    async run(context) {
      const { adapter, createUser, expect } = context;
      const { organization, owner, ownership } = await ownedOrganization(context);
      const admin = await addedMember(context, organization.id, "admin");
      const id = organization.id;

      expect.equal(
        await adapter.updateMemberRole({
          organizationId: id,
          userId: admin.userId,
          role: "member",
          fromRoles: ["admin"],
        }),
        { outcome: "done", before: admin },
        "demoting an admin",
      );
      expect.equal((await adapter.getMember(id, admin.userId))?.role, "member", "the demoted admin's role");
      const moved = await adapter.updateMemberRole({
        organizationId: id,
        userId: admin.userId,
        role: "owner",
        fromRoles: ["admin"],
      });
      expect.equal(outcomeOf(moved), "roleMoved", "a change from a role the member no longer has");
      if (moved.outcome === "roleMoved") expect.equal(moved.member.role, "member", "roleMoved member's role");
      expect.equal((await adapter.getMember(id, admin.userId))?.role, "member", "the role after roleMoved");

      expect.equal(
        await adapter.updateMemberRole({
          organizationId: id,
          userId: owner.id,
          role: "admin",
          fromRoles: ["owner"],
        }),
        { outcome: "lastOwner" },
        "demoting the last owner",
      );
      expectMember(expect, await adapter.getMember(id, owner.id), ownership, "the last owner after refusing");
      expect.equal(
        await adapter.updateMemberRole({
          organizationId: id,
          userId: owner.id,
          role: "owner",
          fromRoles: ["owner"],
        }),
        { outcome: "done", before: ownership },
        "setting the last owner's role to owner",
      );

      expect.equal(
        outcomeOf(
          await adapter.updateMemberRole({
            organizationId: id,
            userId: admin.userId,
            role: "owner",
            fromRoles: ["member"],
          }),
        ),
        "done",
        "promoting a member to owner",
      );
      expect.equal(
        outcomeOf(
          await adapter.updateMemberRole({
            organizationId: id,
            userId: owner.id,
            role: "member",
            fromRoles: ["owner"],
          }),
        ),
        "done",
        "demoting one of two owners",
      );
      const stranger = await createUser();
      expect.equal(
        await adapter.updateMemberRole({
          organizationId: id,
          userId: stranger.id,
          role: "admin",
          fromRoles: ["member"],
        }),
        { outcome: "notMember" },
        "updateMemberRole of a user who is not a member",
      );
    },
  },
  {
    name: "removeMember removes a member only from one of fromRoles, and never the last owner",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "addMember", "removeMember"],
    async run(context) {
      const { adapter, expect } = context;
      const { organization, owner, ownership } = await ownedOrganization(context);
      const admin = await addedMember(context, organization.id, "admin");
      const member = await addedMember(context, organization.id, "member");
      const id = organization.id;

      expect.equal(
        outcomeOf(
          await adapter.removeMember({ organizationId: id, userId: admin.userId, fromRoles: ["member"] }),
        ),
        "roleMoved",
        "removing an admin where only members may be removed",
      );
      expect.that(await adapter.getMember(id, admin.userId), "the admin should still be a member");
      expect.equal(
        await adapter.removeMember({
          organizationId: id,
          userId: member.userId,
          fromRoles: ["member", "admin"],
        }),
        { outcome: "done", before: member },
        "removing a member",
      );
      expect.equal(await adapter.getMember(id, member.userId), null, "the removed member");
      expect.equal(
        await adapter.removeMember({ organizationId: id, userId: member.userId, fromRoles: ["member"] }),
        { outcome: "notMember" },
        "removing them again",
      );
      expect.equal(
        await adapter.removeMember({
          organizationId: id,
          userId: owner.id,
          fromRoles: ["owner", "admin", "member"],
        }),
        { outcome: "lastOwner" },
        "removing the last owner",
      );
      expectMember(expect, await adapter.getMember(id, owner.id), ownership, "the last owner after refusing");
    },
  },
  {
    name: "markMemberActive records when a member made the organization active; nothing for a non-member",
    level: "latchkey",
    requires: ["createUser", ...ORGANIZATION_BASICS, "markMemberActive"],
    async run(context) {
      const { adapter, createUser, expect } = context;
      const { organization, owner, ownership } = await ownedOrganization(context);
      const at = daysFromNow(0);
      await adapter.markMemberActive(organization.id, owner.id, at);
      expectMember(
        expect,
        await adapter.getMember(organization.id, owner.id),
        { ...ownership, lastActiveAt: at },
        "the member after markMemberActive",
      );
      const stranger = await createUser();
      await adapter.markMemberActive(organization.id, stranger.id, at);
      expect.equal(
        await adapter.getMember(organization.id, stranger.id),
        null,
        "markMemberActive(non-member)",
      );
    },
  },
  {
    name: "createInvitation stores an invitation; getInvitation reads it; both lists show every status, newest first",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "createInvitation",
      "getInvitation",
      "listInvitations",
      "listInvitationsByEmail",
      "updatePendingInvitation",
    ],
    async run(context) {
      const { adapter, setup, expect } = context;
      const { organization, owner } = await ownedOrganization(context);
      const { organization: other } = await ownedOrganization(context);
      const email = `invited-${crypto.randomUUID()}@conformance.example`;
      const oldest = newInvitation(organization.id, owner.id, { email, createdAt: daysFromNow(-3) });
      const newest = newInvitation(organization.id, owner.id, { role: "admin", createdAt: daysFromNow(-1) });
      const fromOther = newInvitation(other.id, owner.id, { email, createdAt: daysFromNow(-2) });
      expectInvitation(expect, await adapter.createInvitation(oldest), oldest, "createInvitation result");
      await setup.createInvitation(newest);
      await setup.createInvitation(fromOther);
      await setup.updatePendingInvitation({ id: oldest.id, status: "canceled" });
      const canceled = { ...oldest, status: "canceled" as const };

      expectInvitation(expect, await adapter.getInvitation(oldest.id), canceled, "getInvitation(canceled)");
      expect.equal(await adapter.getInvitation(crypto.randomUUID()), null, "getInvitation(unknown id)");
      const listed = await adapter.listInvitations(organization.id);
      expect.equal(
        listed.map((found) => found.id),
        [newest.id, oldest.id],
        "listInvitations (ids, newest first)",
      );
      expectInvitation(expect, listed[0], newest, "listInvitations item");
      expect.equal(
        (await adapter.listInvitationsByEmail(email)).map((found) => found.id),
        [fromOther.id, oldest.id],
        "listInvitationsByEmail (ids, newest first)",
      );
      expect.equal(
        await adapter.listInvitations(crypto.randomUUID()),
        [],
        "listInvitations(unknown organization)",
      );
      await expect.rejects(
        () => adapter.createInvitation(newInvitation(crypto.randomUUID(), owner.id)),
        "createInvitation to an unknown organization",
      );
      await expect.rejects(
        () => adapter.createInvitation({ ...newest, email: `second-${email}` }),
        "createInvitation with an id that is taken",
      );
    },
  },
  {
    name: "updatePendingInvitation changes only a pending invitation, and never revives a used one",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "createInvitation",
      "getInvitation",
      "updatePendingInvitation",
    ],
    async run(context) {
      const { adapter, setup, expect } = context;
      const { organization, owner } = await ownedOrganization(context);
      const invitation = newInvitation(organization.id, owner.id);
      await setup.createInvitation(invitation);
      const resent = { ...invitation, expires: daysFromNow(14) };
      expectInvitation(
        expect,
        await adapter.updatePendingInvitation({
          id: invitation.id,
          status: "pending",
          expires: resent.expires,
        }),
        resent,
        "resending (new expiry)",
      );
      const rejected = { ...resent, status: "rejected" as const };
      expectInvitation(
        expect,
        await adapter.updatePendingInvitation({ id: invitation.id, status: "rejected" }),
        rejected,
        "rejecting",
      );
      expect.equal(
        await adapter.updatePendingInvitation({
          id: invitation.id,
          status: "pending",
          expires: daysFromNow(30),
        }),
        null,
        "reviving a rejected invitation",
      );
      expect.equal(
        await adapter.updatePendingInvitation({ id: invitation.id, status: "canceled" }),
        null,
        "cancelling a rejected invitation",
      );
      expectInvitation(expect, await adapter.getInvitation(invitation.id), rejected, "the stored invitation");
      expect.equal(
        await adapter.updatePendingInvitation({ id: crypto.randomUUID(), status: "canceled" }),
        null,
        "updatePendingInvitation(unknown id)",
      );
    },
  },
  {
    name: "acceptInvitation adds the member with the invitation's organization and role, once; refuses used, expired and cancelled ones",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "addMember",
      "createInvitation",
      "getInvitation",
      "updatePendingInvitation",
      "acceptInvitation",
    ],
    async run(context) {
      const { adapter, setup, createUser, expect } = context;
      const { organization, owner } = await ownedOrganization(context);
      const now = daysFromNow(0);
      const invitation = newInvitation(organization.id, owner.id, { role: "admin" });
      await setup.createInvitation(invitation);
      const user = await createUser();
      // The member the caller passes names another organization and role: the invitation's win.
      const given = newMember(crypto.randomUUID(), user.id, { role: "owner" });
      const accepted = await adapter.acceptInvitation({ invitationId: invitation.id, member: given, now });
      const expected = { ...given, organizationId: organization.id, role: "admin" };
      expect.equal(accepted.outcome, "accepted", "acceptInvitation outcome");
      if (accepted.outcome === "accepted") {
        expectInvitation(
          expect,
          accepted.invitation,
          { ...invitation, status: "accepted" },
          "accepted invitation",
        );
        expectMember(expect, accepted.member, expected, "accepted member");
      }
      expectMember(expect, await adapter.getMember(organization.id, user.id), expected, "the new member");
      expect.equal(await adapter.getMember(given.organizationId, user.id), null, "a membership elsewhere");
      expect.equal((await adapter.getInvitation(invitation.id))?.status, "accepted", "the stored status");
      const other = await createUser();
      expect.equal(
        await adapter.acceptInvitation({
          invitationId: invitation.id,
          member: newMember(organization.id, other.id),
          now,
        }),
        { outcome: "unavailable" },
        "accepting a used invitation",
      );
      expect.equal(
        await adapter.getMember(organization.id, other.id),
        null,
        "a member from a used invitation",
      );

      const expired = newInvitation(organization.id, owner.id, { expires: daysFromNow(-1) });
      const canceled = newInvitation(organization.id, owner.id);
      await setup.createInvitation(expired);
      await setup.createInvitation(canceled);
      await setup.updatePendingInvitation({ id: canceled.id, status: "canceled" });
      for (const [id, what] of [
        [expired.id, "an expired invitation"],
        [canceled.id, "a cancelled invitation"],
        [crypto.randomUUID(), "an unknown invitation"],
      ] as const) {
        expect.equal(
          await adapter.acceptInvitation({
            invitationId: id,
            member: newMember(organization.id, other.id),
            now,
          }),
          { outcome: "unavailable" },
          `accepting ${what}`,
        );
      }
      expect.equal(
        (await adapter.getInvitation(expired.id))?.status,
        "pending",
        "the expired invitation's status",
      );
      expect.equal(
        await adapter.getMember(organization.id, other.id),
        null,
        "a member from a refused invitation",
      );
    },
  },
  {
    name: "acceptInvitation by a user who already is a member writes nothing and leaves the invitation pending",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "addMember",
      "createInvitation",
      "getInvitation",
      "acceptInvitation",
    ],
    async run(context) {
      const { adapter, setup, expect } = context;
      const { organization, owner } = await ownedOrganization(context);
      const member = await addedMember(context, organization.id, "member");
      const invitation = newInvitation(organization.id, owner.id, { role: "admin" });
      await setup.createInvitation(invitation);
      const result = await adapter.acceptInvitation({
        invitationId: invitation.id,
        member: newMember(organization.id, member.userId),
        now: daysFromNow(0),
      });
      expect.equal(result.outcome, "alreadyMember", "acceptInvitation outcome");
      if (result.outcome === "alreadyMember")
        expectMember(expect, result.member, member, "the existing member");
      expectMember(expect, await adapter.getMember(organization.id, member.userId), member, "the membership");
      expectInvitation(expect, await adapter.getInvitation(invitation.id), invitation, "the invitation");
    },
  },
  {
    name: `acceptInvitation: of ${ACCEPTANCE_RACERS} concurrent acceptances of one invitation (by different users, or one user) exactly one adds a member, in every round`,
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "createInvitation",
      "getInvitation",
      "acceptInvitation",
      "listMembers",
    ],
    async run(context) {
      const { adapter, setup, createUser, rounds, expect } = context;
      const perRound: string[] = [];
      const errors: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const { organization, owner } = await ownedOrganization(context);
        const invitation = newInvitation(organization.id, owner.id);
        await setup.createInvitation(invitation);
        // Even rounds: a link forwarded to many users; odd rounds: one user's double clicks.
        const oneUser = round % 2 === 1 ? await createUser() : null;
        const users = await Promise.all(
          Array.from({ length: ACCEPTANCE_RACERS }, () => oneUser ?? createUser()),
        );
        const now = daysFromNow(0);
        const results = await Promise.allSettled(
          users.map((user) =>
            adapter.acceptInvitation({
              invitationId: invitation.id,
              member: newMember(organization.id, user.id),
              now,
            }),
          ),
        );
        const accepted = results.filter(
          (result) => result.status === "fulfilled" && result.value.outcome === "accepted",
        ).length;
        for (const result of results)
          if (result.status === "rejected") errors.push(describeError(result.reason));
        const members = (await setup.listMembers(organization.id)).length - 1;
        const status = (await setup.getInvitation(invitation.id))?.status;
        perRound.push(`${accepted} accepted, ${members} added, ${status}`);
        expect.that(
          accepted === 1 && members === 1 && status === "accepted",
          `round ${round + 1} (${oneUser ? "one user" : "different users"}): ${accepted} of ${ACCEPTANCE_RACERS} ` +
            `concurrent acceptances succeeded and ${members} members were added (invitation ${status}); ` +
            "exactly one must",
        );
      }
      expect.that(
        errors.length === 0,
        `${errors.length} of ${rounds * ACCEPTANCE_RACERS} concurrent acceptances threw, e.g.: ${errors[0]}`,
      );
      if (expect.differences.length > 0) expect.differences.push(`per round: ${perRound.join("; ")}`);
    },
  },
  {
    name: "updateMemberRole and removeMember: of two concurrent demotions or removals of the last two owners exactly one succeeds and one owner is left, in every round",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "addMember",
      "updateMemberRole",
      "removeMember",
      "listMembers",
    ],
    async run(context) {
      const { adapter, rounds, expect } = context;
      const pairs = [
        ["demote", "demote"],
        ["remove", "remove"],
        ["demote", "remove"],
      ] as const;
      const errors: string[] = [];
      for (let round = 0; round < Math.max(rounds, pairs.length); round++) {
        const pair = pairs[round % pairs.length] as (typeof pairs)[number];
        const { organization, owner } = await ownedOrganization(context);
        const second = await addedMember(context, organization.id, "owner");
        const ownerIds = [owner.id, second.userId];
        const results = await Promise.allSettled(
          pair.map((kind, index) => {
            const target = {
              organizationId: organization.id,
              userId: ownerIds[index] as string,
              fromRoles: ["owner"],
            };
            return kind === "demote"
              ? adapter.updateMemberRole({ ...target, role: "admin" })
              : adapter.removeMember(target);
          }),
        );
        const outcomes = results.map((result) =>
          result.status === "fulfilled" ? result.value.outcome : `threw`,
        );
        for (const result of results)
          if (result.status === "rejected") errors.push(describeError(result.reason));
        const owners = (await context.setup.listMembers(organization.id)).filter(
          (member) => member.role === "owner",
        ).length;
        expect.that(
          outcomes.filter((outcome) => outcome === "done").length === 1 &&
            outcomes.includes("lastOwner") &&
            owners === 1,
          `round ${round + 1} (${pair.join(" + ")} of the last two owners): outcomes ${outcomes.join(", ")}, ` +
            `${owners} owners left; exactly one must succeed and one owner remain`,
        );
      }
      expect.that(errors.length === 0, `${errors.length} concurrent changes threw, e.g.: ${errors[0]}`);
    },
  },
  {
    name: "deleteUser deletes the user's memberships",
    level: "latchkey",
    requires: ["createUser", "deleteUser", ...ORGANIZATION_BASICS, "addMember", "listMembers"],
    async run(context) {
      const { adapter, expect } = context;
      const { organization, owner } = await ownedOrganization(context);
      const member = await addedMember(context, organization.id, "member");
      await adapter.deleteUser(member.userId);
      expect.equal(
        await adapter.getMember(organization.id, member.userId),
        null,
        "getMember after deleteUser",
      );
      expect.equal(
        (await adapter.listMembers(organization.id)).map((found) => found.userId),
        [owner.id],
        "listMembers after deleteUser",
      );
    },
  },
];
