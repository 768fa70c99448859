/**
 * Invitations to an organization (a latchkey extension): stored, listed newest first, changed only
 * while pending, and accepted once, with the organization and role the invitation names.
 */
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newInvitation, newMember } from "../fixtures.js";
import {
  addedMember,
  expectInvitation,
  expectMember,
  ORGANIZATION_BASICS,
  ownedOrganization,
} from "./organization-records.js";

export const invitationChecks: CheckDefinition[] = [
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
];
