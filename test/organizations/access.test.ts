/**
 * Organization access through the public handler: every operation checks the caller's membership
 * of the organization it names and their role there. Attacks: another organization's id, a role
 * above the caller's through the update route or an invitation, an admin touching an owner, the
 * last owner leaving, and the CSRF check on every POST.
 */
import { describe, expect, it } from "vitest";
import { send } from "../core/helpers.js";
import { addPerson, createOrg, get, orgApp, post, signIn } from "./harness.js";

describe("organizations: access", () => {
  it("answers another organization's id as notMember, for reads and every change", async () => {
    const { config } = await orgApp();
    const alice = await signIn(config, "alice");
    const bob = await signIn(config, "bob");
    const acme = await createOrg(config, alice, "acme");
    await createOrg(config, bob, "bobco");

    const read = await get(config, bob, `/organization?action=get&organizationId=${acme}`);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ error: "OrganizationRefused", code: "notMember" });
    for (const action of ["update", "delete", "addMember", "removeMember", "updateMemberRole"]) {
      const attempt = await post(config, bob, "/organization", {
        action,
        organizationId: acme,
        userId: "user-bob",
        role: "owner",
        name: "pwned",
      });
      expect(attempt.status, action).toBe(403);
      expect(attempt.body.code, action).toBe("notMember");
    }
    const invite = await post(config, bob, "/organization-invite", {
      organizationId: acme,
      email: "x@example.test",
    });
    expect(invite.body.code).toBe("notMember");
    // An unknown id reads exactly as another organization's.
    const unknown = await get(config, bob, "/organization?action=get&organizationId=no-such-org");
    expect(unknown.body).toEqual(read.body);
    const own = (await get(config, alice, `/organization?action=get&organizationId=${acme}`)).body as {
      organization: { name: string };
      members: unknown[];
    };
    expect(own.organization.name).toBe("acme");
    expect(own.members).toHaveLength(1);
  });

  it("refuses a role above the caller's own, through the update route and through an invitation", async () => {
    const { config } = await orgApp();
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "admin");
    await addPerson(config, alice, acme, "carol", "member");
    const bob = await signIn(config, "bob");
    const carol = await signIn(config, "carol");

    const selfPromotion = await post(config, bob, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-bob",
      role: "owner",
    });
    expect(selfPromotion.body.code).toBe("roleNotAllowed");
    const ownerInvite = await post(config, bob, "/organization-invite", {
      organizationId: acme,
      email: "dave@example.test",
      role: "owner",
    });
    expect(ownerInvite.body.code).toBe("roleNotAllowed");
    const unknownRole = await post(config, bob, "/organization-invite", {
      organizationId: acme,
      email: "dave@example.test",
      role: "superuser",
    });
    expect(unknownRole.body.code).toBe("roleNotAllowed");
    // A member holds no member:update at all.
    const byMember = await post(config, carol, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-carol",
      role: "admin",
    });
    expect(byMember.body.code).toBe("forbidden");
    // An admin may raise a member to admin: not above their own.
    const raise = await post(config, bob, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-carol",
      role: "admin",
    });
    expect(raise.status).toBe(200);
  });

  it("lets no admin change or remove an owner, and keeps the last owner", async () => {
    const { config, tables } = await orgApp();
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "admin");
    const bob = await signIn(config, "bob");

    const demote = await post(config, bob, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-alice",
      role: "member",
    });
    expect(demote.body.code).toBe("roleNotAllowed");
    const remove = await post(config, bob, "/organization", {
      action: "removeMember",
      organizationId: acme,
      userId: "user-alice",
    });
    expect(remove.body.code).toBe("roleNotAllowed");
    const leave = await post(config, alice, "/organization", { action: "leave", organizationId: acme });
    expect(leave.body.code).toBe("lastOwner");
    const selfDemote = await post(config, alice, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-alice",
      role: "admin",
    });
    expect(selfDemote.body.code).toBe("lastOwner");
    expect([...tables.members.values()].find((member) => member.userId === "user-alice")?.role).toBe("owner");
    // With a second owner, the first may step down.
    await post(config, alice, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-bob",
      role: "owner",
    });
    const stepDown = await post(config, alice, "/organization", { action: "leave", organizationId: acme });
    expect(stepDown.status).toBe(200);
  });

  it("of two concurrent demotions of the last two owners, one is refused", async () => {
    const { config, tables } = await orgApp();
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "owner");
    const bob = await signIn(config, "bob");
    const [first, second] = await Promise.all([
      post(config, alice, "/organization", {
        action: "updateMemberRole",
        organizationId: acme,
        userId: "user-bob",
        role: "member",
      }),
      post(config, bob, "/organization", {
        action: "updateMemberRole",
        organizationId: acme,
        userId: "user-alice",
        role: "member",
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const owners = [...tables.members.values()].filter((member) => member.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("checks app-defined statements in one place: hasPermission's answer follows the role", async () => {
    const { config } = await orgApp("jwt", {
      organizations: { roles: { member: { project: ["read"] }, editor: { project: ["read", "update"] } } },
    });
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "editor");
    await addPerson(config, alice, acme, "carol", "member");
    const { hasPermission } = await import("../../src/organizations-entry.js");
    const { requestWith } = await import("../two-factor/harness.js");
    for (const [person, expected] of [
      ["bob", true],
      ["carol", false],
    ] as const) {
      const jar = await signIn(config, person);
      await post(config, jar, "/organization", { action: "setActive", organizationId: acme });
      expect(await hasPermission(requestWith(jar), config, { project: ["update"] }), person).toBe(expected);
      expect(await hasPermission(requestWith(jar), config, { project: ["read"] }), person).toBe(true);
    }
    // An editor may not grant editor? It may: not above its own. But it holds no member:create.
    const bob = await signIn(config, "bob");
    const grant = await post(config, bob, "/organization", {
      action: "addMember",
      organizationId: acme,
      userId: "user-dave",
      role: "editor",
    });
    expect(grant.body.code).toBe("forbidden");
  });

  it("needs the CSRF token on every organization POST", async () => {
    const { config } = await orgApp();
    const alice = await signIn(config, "alice");
    for (const path of ["/organization", "/organization-create", "/organization-invite"]) {
      const response = await send(config, path, {
        cookie: alice,
        json: { action: "leave", name: "x", slug: "x" },
      });
      expect(response.status, path).toBe(403);
    }
  });
});
