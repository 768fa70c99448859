/**
 * Organizations on an edge runtime, where `Auth` brings no feature: a plain `organizations` object
 * fails at startup naming `Organizations()`, which carries the code. And the server functions of
 * `latchkey/organizations`, for code that runs beside the routes: the same checks, the cookies to
 * set handed back, `requireRole` and the events they tell.
 */
import { describe, expect, it, vi } from "vitest";
import { getSession } from "../../src/index.js";
import {
  acceptInvitation,
  createOrganization,
  inviteMember,
  listOrganizations,
  OrganizationRefused,
  Organizations,
  removeMember,
  requireRole,
  setActiveOrganization,
  updateMemberRole,
} from "../../src/organizations-entry.js";
import { type CookieJar, recordingLogger, send } from "../core/helpers.js";
import { requestWith } from "../two-factor/harness.js";
import { orgApp, sessionOf, signIn } from "./harness.js";

vi.mock("#auth-features", () => import("../../src/pipeline/built-in-features.edge.js"));

/** The request as the browser sends it after taking `cookies`. */
function withCookies(jar: CookieJar, cookies: Array<{ name: string; value: string }>) {
  for (const { name, value } of cookies) jar.cookies.set(name, value);
  return requestWith(jar);
}

describe("organizations on an edge runtime", () => {
  it("a plain organizations object fails at startup, naming Organizations()", async () => {
    const log = recordingLogger();
    const { config } = await orgApp("jwt", { logger: log.logger });
    expect((await send(config, "/session")).status).toBe(500);
    expect(log.text()).toMatch(
      /organizations: Organizations\(\{\}\) with Organizations from "latchkey\/organizations"/,
    );
  });

  it("Organizations() brings the feature, and the server functions act as the routes do", async () => {
    const told: string[] = [];
    const { config } = await orgApp("jwt", {
      organizations: Organizations({
        sendInvitation: () => undefined,
        events: {
          organizationCreated: ({ organization }) => void told.push(`created ${organization.slug}`),
          roleChanged: ({ userId, from, to }) => void told.push(`${userId} ${from}->${to}`),
          memberRemoved: ({ userId }) => void told.push(`removed ${userId}`),
        },
      }),
    });
    const alice = await signIn(config, "alice");
    const acme = await createOrganization(requestWith(alice), config, { name: "Acme", slug: "acme" });
    const { invitation } = await inviteMember(requestWith(alice), config, acme.id, {
      email: "bob@example.test",
      role: "admin",
    });

    const bob = await signIn(config, "bob");
    const { member, cookies } = await acceptInvitation(requestWith(bob), config, invitation.id);
    expect(member.role).toBe("admin");
    expect((await getSession(withCookies(bob, cookies), config))?.activeOrganization).toEqual({
      id: acme.id,
      slug: "acme",
      role: "admin",
    });
    expect(await requireRole(requestWith(bob), config, ["owner", "admin"])).toMatchObject({ role: "admin" });
    await expect(requireRole(requestWith(bob), config, "owner")).rejects.toBeInstanceOf(OrganizationRefused);

    await updateMemberRole(requestWith(alice), config, acme.id, "user-bob", "member");
    await expect(requireRole(requestWith(bob), config, "admin")).rejects.toMatchObject({ code: "forbidden" });
    await removeMember(requestWith(alice), config, acme.id, "user-bob");
    await expect(requireRole(requestWith(bob), config, "member")).rejects.toMatchObject({
      code: "notMember",
    });
    expect(await listOrganizations(requestWith(bob), config)).toEqual([]);
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
    await expect(setActiveOrganization(requestWith(bob), config, acme.id)).rejects.toMatchObject({
      code: "notMember",
    });
    expect(told).toEqual(["created acme", "user-bob admin->member", "removed user-bob"]);
  });
});
