/**
 * Invitations through the public handler: mailed by `sendInvitation` or the e-mail provider's
 * sender, single-use under 20 parallel acceptances, bound to the invited address (and to a proven
 * one), dead once cancelled, rejected or expired, rate limited, and leading a new address through
 * sign-up. Before-hooks may refuse; events are told once.
 */
import { describe, expect, it } from "vitest";
import type { OrganizationInvitationMail } from "../../src/index.js";
import de from "../../src/locales/packs/de.js";
import { renderVerificationEmail } from "../../src/pages/index.js";
import { CookieJar, getCsrf, send } from "../core/helpers.js";
import { confirmLink, lastMail, outboxProvider, requestLink } from "../flows/email/helpers.js";
import { createOrg, get, orgApp, post, sessionOf, signIn } from "./harness.js";

function mailbox() {
  const mails: OrganizationInvitationMail[] = [];
  return { mails, sendInvitation: (mail: OrganizationInvitationMail) => void mails.push(mail) };
}

const idOf = (mail: OrganizationInvitationMail | undefined) =>
  new URL(String(mail?.url)).searchParams.get("id") as string;

describe("organizations: invitations", () => {
  it("mails the link; only the invited, proven address accepts it, once, with the invited role", async () => {
    const box = mailbox();
    const told: string[] = [];
    const { config, tables } = await orgApp("jwt", {
      organizations: {
        sendInvitation: box.sendInvitation,
        events: {
          invitationAccepted: ({ userId }) => void told.push(`accepted ${userId}`),
          memberAdded: ({ userId, role }) => void told.push(`added ${userId} ${role}`),
        },
      },
    });
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    const invited = await post(config, alice, "/organization-invite", {
      organizationId: acme,
      email: "Dave@Example.test",
      role: "admin",
    });
    expect(invited.status).toBe(200);
    expect(box.mails).toHaveLength(1);
    expect(box.mails[0]).toMatchObject({
      email: "dave@example.test",
      role: "admin",
      organization: { slug: "acme" },
    });
    const id = idOf(box.mails[0]);

    const bob = await signIn(config, "bob");
    const stolen = await post(config, bob, "/organization", { action: "acceptInvitation", invitationId: id });
    expect(stolen.body.code).toBe("wrongAddress");

    const dave = await signIn(config, "dave");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(config, dave, "/organization", { action: "acceptInvitation", invitationId: id }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const members = [...tables.members.values()].filter((member) => member.userId === "user-dave");
    expect(members).toHaveLength(1);
    expect(members[0]?.role).toBe("admin");
    expect(told).toEqual(["accepted user-dave", "added user-dave admin"]);
    expect((await sessionOf(config, dave))?.activeOrganization).toMatchObject({ id: acme, role: "admin" });
    const again = await post(config, dave, "/organization", { action: "acceptInvitation", invitationId: id });
    expect(again.status).toBe(403);
  });

  it("needs the address proven: a user whose address nobody proved cannot accept", async () => {
    const box = mailbox();
    const { config } = await orgApp("jwt", { organizations: { sendInvitation: box.sendInvitation } });
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await post(config, alice, "/organization-invite", { organizationId: acme, email: "erin@example.test" });
    const erin = await signIn(config, "erin");
    const attempt = await post(config, erin, "/organization", {
      action: "acceptInvitation",
      invitationId: idOf(box.mails[0]),
    });
    expect(attempt.body.code).toBe("wrongAddress");
    expect((await get(config, erin, "/organization?action=userInvitations")).body).toEqual([]);
  });

  it("is dead once cancelled, rejected, replaced or expired", async () => {
    const box = mailbox();
    const { config, tables } = await orgApp("jwt", {
      organizations: { sendInvitation: box.sendInvitation },
      rateLimit: { rules: { signInRequest: { perAccount: 20 } } },
    });
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    const dave = await signIn(config, "dave");
    const accept = (id: string) =>
      post(config, dave, "/organization", { action: "acceptInvitation", invitationId: id });
    const invite = async () => {
      await post(config, alice, "/organization-invite", { organizationId: acme, email: "dave@example.test" });
      return idOf(box.mails.at(-1));
    };

    const cancelled = await invite();
    await post(config, alice, "/organization", { action: "cancelInvitation", invitationId: cancelled });
    expect((await accept(cancelled)).body.code).toBe("invitationUnavailable");

    const rejected = await invite();
    expect(
      (await post(config, dave, "/organization", { action: "rejectInvitation", invitationId: rejected }))
        .status,
    ).toBe(200);
    expect((await accept(rejected)).body.code).toBe("invitationUnavailable");

    const replaced = await invite();
    const latest = await invite();
    expect((await accept(replaced)).body.code).toBe("invitationUnavailable");

    const stored = tables.invitations.get(latest);
    if (stored) tables.invitations.set(latest, { ...stored, expires: new Date(Date.now() - 1000) });
    expect((await accept(latest)).body.code).toBe("invitationUnavailable");
    // Resending gives the same link a new life.
    expect((await post(config, alice, "/organization-invite", { invitationId: latest })).status).toBe(200);
    expect((await accept(latest)).status).toBe(200);
  });

  it("rate limits invitations and creations per user (the signInRequest rule)", async () => {
    const box = mailbox();
    const { config } = await orgApp("jwt", {
      organizations: { sendInvitation: box.sendInvitation },
      rateLimit: { rules: { signInRequest: { perAccount: 4 } } },
    });
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await createOrg(config, alice, "acme-two");
    const invite = async (person: string) =>
      (
        await post(config, alice, "/organization-invite", {
          organizationId: acme,
          email: `${person}@example.test`,
        })
      ).status;
    expect([await invite("bob"), await invite("carol"), await invite("dave")]).toEqual([200, 200, 429]);
    const third = await post(config, alice, "/organization-create", { name: "three", slug: "three" });
    expect(third.status).toBe(429);
    // Another user has their own budget.
    const bob = await signIn(config, "bob");
    expect((await post(config, bob, "/organization-create", { name: "bobco", slug: "bobco" })).status).toBe(
      200,
    );
    expect(box.mails).toHaveLength(2);
  });

  it("lets a before-hook refuse, and says why by code", async () => {
    const { config, tables } = await orgApp("jwt", {
      organizations: {
        hooks: {
          beforeCreateOrganization: ({ slug }) => {
            if (slug.startsWith("free")) throw new Error("upgrade your plan");
          },
        },
      },
    });
    const alice = await signIn(config, "alice");
    const refused = await post(config, alice, "/organization-create", { name: "free", slug: "free-tier" });
    expect(refused.body).toMatchObject({ error: "OrganizationRefused", code: "refusedByHook" });
    expect(JSON.stringify(refused.body)).not.toContain("upgrade your plan");
    expect(tables.organizations.size).toBe(0);
  });

  it("leads an address without a user through sign-up by the e-mail provider, which also sends the mail", async () => {
    const outbox = outboxProvider({ confirm: true });
    const { config, tables } = await orgApp("jwt");
    config.providers = [...config.providers, outbox.provider];
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await post(config, alice, "/organization-invite", {
      organizationId: acme,
      email: "newcomer@example.test",
    });
    const invitationUrl = new URL(lastMail(outbox).url);
    expect(invitationUrl.pathname).toBe("/auth/organization-invitation");

    const browser = new CookieJar();
    const landing = await send(config, `/organization-invitation${invitationUrl.search}`, {
      cookie: browser,
    });
    expect(landing.status).toBe(302);
    const signInPage = new URL(String(landing.headers.get("location")));
    expect(signInPage.pathname).toBe("/auth/signin");
    expect(signInPage.searchParams.get("callbackUrl")).toBe(invitationUrl.href);

    await requestLink(config, "newcomer@example.test");
    await confirmLink(config, lastMail(outbox).url, browser);
    const back = await send(config, `/organization-invitation${invitationUrl.search}`, { cookie: browser });
    const page = new URL(String(back.headers.get("location")));
    expect(page.pathname).toBe("/");
    const id = page.searchParams.get("invitation") as string;
    const accepted = await post(config, browser, "/organization", {
      action: "acceptInvitation",
      invitationId: id,
    });
    expect(accepted.status).toBe(200);
    const newcomer = [...tables.users.values()].find((user) => user.email === "newcomer@example.test");
    expect([...tables.members.values()].some((member) => member.userId === newcomer?.id)).toBe(true);
  });

  it("the e-mail provider's invitation mail names the inviter, organization and role, in the inviter's language", async () => {
    const outbox = outboxProvider();
    const { config } = await orgApp("jwt", { locales: [de] });
    config.providers = [...config.providers, outbox.provider];
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    const { token } = await getCsrf(config, { cookie: alice });
    const invited = await send(config, "/organization-invite", {
      cookie: alice,
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" },
      json: { csrfToken: token, organizationId: acme, email: "dave@example.test", role: "admin" },
    });
    expect(invited.status).toBe(200);
    const mail = lastMail(outbox);
    expect(mail).toMatchObject({
      identifier: "dave@example.test",
      purpose: "invitation",
      invitation: { organization: "acme", inviter: "alice", role: "admin" },
      language: { locale: "de" },
    });
    const rendered = renderVerificationEmail(mail);
    expect(rendered.subject).toBe("alice hat dich zu acme eingeladen");
    expect(rendered.text).toContain("alice hat dich eingeladen, acme als admin beizutreten.");
    expect(rendered.text).toContain(`Einladung annehmen: ${mail.url}`);
    expect(rendered.html).toContain('lang="de"');
    expect(rendered.html).not.toMatch(/sign in/i);
  });
});
