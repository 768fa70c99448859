/**
 * Organizations and their members (a latchkey extension): create, read, rename, delete with a
 * cascade, add members once, list them, and change or remove a member only from the roles the
 * caller allows and never the last owner.
 */

import { MEMBER_COLUMNS } from "../../columns.js";
import type { AdapterMemberChange } from "../../types.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newInvitation, newMember, newOrganization } from "../fixtures.js";
import {
  addedMember,
  expectMember,
  expectOrganization,
  expectRecord,
  ORGANIZATION_BASICS,
  ownedOrganization,
} from "./organization-records.js";

const outcomeOf = (change: AdapterMemberChange) => change.outcome;

export const organizationMemberChecks: CheckDefinition[] = [
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
