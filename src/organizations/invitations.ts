/**
 * Invitations: an organization's member with `invitation: ["create"]` invites an address with a
 * role no higher than their own. The invitation's id is 256 random bits and the secret in its
 * link; it is single-use (the adapter's `acceptInvitation` accepts a pending, unexpired one in one
 * conditional write), expires after `invitationMaxAge`, and is bound to its address: only a user
 * whose address is that one, and proven (an e-mail sign-in), accepts or rejects it. The link leads
 * a signed-out visitor through sign-in, which for a new address is sign-up.
 */
import type { AdapterInvitation, AdapterMember } from "../adapters/types.js";
import type { Organization } from "../config.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { normalizeEmailAddress } from "../core/email-address.js";
import { EmailSignInError, InvalidRequest } from "../core/errors.js";
import type { EmailConfig } from "../provider-types.js";
import { noteMembershipChanged } from "./active.js";
import { type Actor, askHook, permittedMembership, publicOrganization, tell } from "./membership.js";
import { assertRoomForMember } from "./operations.js";
import { OrganizationRefused } from "./refused.js";
import { mayGrant } from "./roles.js";
import { INVITATION_ROUTE } from "./route-names.js";

/** An invitation as the API returns it (its id is the secret of its link: show it only to its address and the organization). */
export type Invitation = AdapterInvitation;

function invitationUrl(actor: Actor, id: string): string {
  const url = new URL(actor.ctx.actionUrl(INVITATION_ROUTE));
  url.searchParams.set("id", id);
  return url.href;
}

async function getInvitation(actor: Actor, id: unknown): Promise<AdapterInvitation> {
  if (typeof id !== "string" || id === "" || id.length > 200) {
    throw new OrganizationRefused("invitationUnavailable", "Name the invitation by its id.");
  }
  const get = adapterMethod(actor.ctx.config.adapter, "getInvitation");
  const invitation = await callAdapter("read an invitation", () => get(id));
  if (!invitation) throw new OrganizationRefused("invitationUnavailable", "No such invitation.");
  return invitation;
}

async function sendMail(
  actor: Actor,
  invitation: AdapterInvitation,
  organization: Organization,
  url: string,
) {
  const { ctx, settings, user } = actor;
  const mail = {
    email: invitation.email,
    url,
    organization,
    role: invitation.role,
    inviter: { id: user.id, name: user.name ?? null, email: user.email },
    expires: invitation.expires,
    request: ctx.request,
  };
  if (settings.options.sendInvitation) {
    await settings.options.sendInvitation(mail);
    return;
  }
  const provider = ctx.config.providers.find(
    (candidate): candidate is EmailConfig => candidate.type === "email",
  );
  if (!provider) return;
  try {
    await provider.sendVerificationRequest({
      identifier: invitation.email,
      url,
      token: "",
      expires: invitation.expires,
      provider,
      theme: ctx.config.theme,
      language: ctx.language,
      purpose: "invitation",
      invitation: {
        organization: organization.name,
        inviter: user.name ?? user.email ?? "",
        role: invitation.role,
      },
      request: ctx.request,
    });
  } catch (error) {
    throw new EmailSignInError(
      `sendVerificationRequest of provider "${provider.id}" failed for an invitation.`,
      {
        cause: error,
      },
    );
  }
}

function invitedAddress(email: unknown): string {
  if (typeof email !== "string") throw new InvalidRequest("Name the address to invite as `email`.");
  return normalizeEmailAddress(email);
}

/**
 * Invites `email` with `role`. An earlier pending invitation of the same address to the same
 * organization is cancelled, so one link at most stands. Returns the invitation and its link.
 */
export async function inviteMember(
  actor: Actor,
  organizationId: unknown,
  email: unknown,
  role: unknown,
): Promise<{ invitation: Invitation; url: string }> {
  const { organization, member } = await permittedMembership(actor, organizationId, {
    invitation: ["create"],
  });
  const address = invitedAddress(email);
  const invitedRole = typeof role === "string" ? role : "member";
  if (!mayGrant(actor.settings.roles, member.role, invitedRole)) {
    throw new OrganizationRefused(
      "roleNotAllowed",
      "You cannot invite with a role above your own, or an unknown one.",
    );
  }
  const { adapter } = actor.ctx.config;
  const byEmail = adapterMethod(adapter, "getUserByEmail");
  const existing = await callAdapter("look up the invited address", () => byEmail(address));
  if (existing) {
    const getMember = adapterMethod(adapter, "getMember");
    if (await callAdapter("read a membership", () => getMember(organization.id, existing.id))) {
      throw new OrganizationRefused("alreadyMember", "That address belongs to a member already.");
    }
  }
  const list = adapterMethod(adapter, "listInvitations");
  const standing = (await callAdapter("list invitations", () => list(organization.id))).filter(
    (invitation) => invitation.status === "pending" && invitation.expires.valueOf() > Date.now(),
  );
  const sameAddress = standing.filter((invitation) => invitation.email === address);
  if (standing.length - sameAddress.length >= actor.settings.limits.pendingInvitationsPerOrganization) {
    throw new OrganizationRefused(
      "limitReached",
      "The organization has as many pending invitations as it may.",
    );
  }
  const shown = publicOrganization(organization);
  await askHook(actor.settings, "beforeInvite", {
    organization: shown,
    email: address,
    role: invitedRole,
    inviter: actor.user,
  });
  const updatePending = adapterMethod(adapter, "updatePendingInvitation");
  for (const earlier of sameAddress) {
    await callAdapter("cancel an earlier invitation", () =>
      updatePending({ id: earlier.id, status: "canceled" }),
    );
  }
  const { runtime } = actor.ctx;
  const now = Date.now();
  const create = adapterMethod(adapter, "createInvitation");
  const invitation = await callAdapter("create an invitation", () =>
    create({
      id: runtime.base64urlEncode(runtime.randomBytes(32)),
      organizationId: organization.id,
      email: address,
      role: invitedRole,
      status: "pending",
      inviterId: actor.user.id,
      expires: new Date(now + actor.settings.invitationMaxAge * 1000),
      createdAt: new Date(now),
    }),
  );
  const url = invitationUrl(actor, invitation.id);
  await sendMail(actor, invitation, shown, url);
  await tell(actor, "invitationSent", { organization: shown, email: address, role: invitedRole, url });
  return { invitation, url };
}

/** Sends a pending invitation again, with a new expiry (`invitation: ["create"]`). */
export async function resendInvitation(
  actor: Actor,
  invitationId: unknown,
): Promise<{ invitation: Invitation; url: string }> {
  const found = await getInvitation(actor, invitationId);
  const { organization, member } = await permittedMembership(actor, found.organizationId, {
    invitation: ["create"],
  });
  if (!mayGrant(actor.settings.roles, member.role, found.role)) {
    throw new OrganizationRefused(
      "roleNotAllowed",
      "You cannot resend an invitation with a role above your own.",
    );
  }
  const updatePending = adapterMethod(actor.ctx.config.adapter, "updatePendingInvitation");
  const expires = new Date(Date.now() + actor.settings.invitationMaxAge * 1000);
  const invitation = await callAdapter("renew an invitation", () =>
    updatePending({ id: found.id, status: "pending", expires }),
  );
  if (!invitation)
    throw new OrganizationRefused("invitationUnavailable", "The invitation is no longer pending.");
  const url = invitationUrl(actor, invitation.id);
  await sendMail(actor, invitation, publicOrganization(organization), url);
  return { invitation, url };
}

/** Cancels a pending invitation (`invitation: ["cancel"]` in its organization). */
export async function cancelInvitation(actor: Actor, invitationId: unknown): Promise<void> {
  const found = await getInvitation(actor, invitationId);
  await permittedMembership(actor, found.organizationId, { invitation: ["cancel"] });
  const updatePending = adapterMethod(actor.ctx.config.adapter, "updatePendingInvitation");
  const done = await callAdapter("cancel an invitation", () =>
    updatePending({ id: found.id, status: "canceled" }),
  );
  if (!done) throw new OrganizationRefused("invitationUnavailable", "The invitation is no longer pending.");
}

/** The invitation, when it was sent to the actor's address and they have proven that address. */
async function ownInvitation(actor: Actor, invitationId: unknown): Promise<AdapterInvitation> {
  const invitation = await getInvitation(actor, invitationId);
  const { user } = actor;
  if (!user.emailVerified || normalizeEmailAddress(user.email) !== invitation.email) {
    throw new OrganizationRefused(
      "wrongAddress",
      "This invitation is for another address, or yours is not proven yet: sign in with the invited address's e-mail link.",
    );
  }
  return invitation;
}

/** Declines an invitation sent to the actor's proven address. */
export async function rejectInvitation(actor: Actor, invitationId: unknown): Promise<void> {
  const invitation = await ownInvitation(actor, invitationId);
  const updatePending = adapterMethod(actor.ctx.config.adapter, "updatePendingInvitation");
  const done = await callAdapter("reject an invitation", () =>
    updatePending({ id: invitation.id, status: "rejected" }),
  );
  if (!done) throw new OrganizationRefused("invitationUnavailable", "The invitation is no longer pending.");
}

/**
 * Accepts an invitation sent to the actor's proven address: they become a member with its role.
 * Of any number of concurrent acceptances, one succeeds (the adapter's conditional write).
 */
export async function acceptInvitation(actor: Actor, invitationId: unknown): Promise<AdapterMember> {
  const invitation = await ownInvitation(actor, invitationId);
  if (invitation.status !== "pending" || invitation.expires.valueOf() <= Date.now()) {
    throw new OrganizationRefused(
      "invitationUnavailable",
      "The invitation was used, withdrawn or has expired.",
    );
  }
  const { adapter } = actor.ctx.config;
  const getOrganization = adapterMethod(adapter, "getOrganization");
  const organization = await callAdapter("read an organization", () =>
    getOrganization(invitation.organizationId),
  );
  if (!organization)
    throw new OrganizationRefused("invitationUnavailable", "The organization no longer exists.");
  await assertRoomForMember(actor, organization.id);
  const shown = publicOrganization(organization);
  await askHook(actor.settings, "beforeAddMember", {
    organization: shown,
    userId: actor.user.id,
    role: invitation.role,
  });
  const accept = adapterMethod(adapter, "acceptInvitation");
  const now = new Date();
  const result = await callAdapter("accept an invitation", () =>
    accept({
      invitationId: invitation.id,
      member: {
        id: crypto.randomUUID(),
        organizationId: invitation.organizationId,
        userId: actor.user.id,
        role: invitation.role,
        createdAt: now,
        lastActiveAt: null,
      },
      now,
    }),
  );
  if (result.outcome === "alreadyMember")
    throw new OrganizationRefused("alreadyMember", "You are a member already.");
  if (result.outcome !== "accepted") {
    throw new OrganizationRefused(
      "invitationUnavailable",
      "The invitation was used, withdrawn or has expired.",
    );
  }
  await noteMembershipChanged(actor.ctx.config, [actor.user.id]);
  await tell(actor, "invitationAccepted", {
    organization: shown,
    userId: actor.user.id,
    role: result.member.role,
  });
  await tell(actor, "memberAdded", { organization: shown, userId: actor.user.id, role: result.member.role });
  return result.member;
}

/** An organization's invitations (`invitation: ["create"]` there). */
export async function listOrganizationInvitations(
  actor: Actor,
  organizationId: unknown,
): Promise<Invitation[]> {
  const { organization } = await permittedMembership(actor, organizationId, { invitation: ["create"] });
  const list = adapterMethod(actor.ctx.config.adapter, "listInvitations");
  return callAdapter("list invitations", () => list(organization.id));
}

/** The pending invitations sent to the actor's address, once they have proven it; [] before. */
export async function listUserInvitations(
  actor: Actor,
): Promise<Array<Invitation & { organization: Pick<Organization, "id" | "name" | "slug" | "logo"> | null }>> {
  if (!actor.user.emailVerified) return [];
  const { adapter } = actor.ctx.config;
  const list = adapterMethod(adapter, "listInvitationsByEmail");
  const invitations = (
    await callAdapter("list the user's invitations", () => list(normalizeEmailAddress(actor.user.email)))
  ).filter((invitation) => invitation.status === "pending" && invitation.expires.valueOf() > Date.now());
  const getOrganization = adapterMethod(adapter, "getOrganization");
  return Promise.all(
    invitations.map(async (invitation) => {
      const organization = await callAdapter("read an organization", () =>
        getOrganization(invitation.organizationId),
      );
      return {
        ...invitation,
        organization: organization
          ? { id: organization.id, name: organization.name, slug: organization.slug, logo: organization.logo }
          : null,
      };
    }),
  );
}
