/**
 * The operations on organizations and their members, for a signed-in {@link Actor}: each checks the
 * actor's membership of the organization it names and their role there (membership.ts, roles.ts),
 * leaves the atomic parts to the adapter (a role change or removal that must keep an owner), and
 * marks the sessions of anyone whose membership changed (active.ts).
 */
import type { AdapterMember, AdapterMemberChange, AdapterMemberWithUser } from "../adapters/types.js";
import type { Organization } from "../config.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { type ActiveOrganizationMark, noteMembershipChanged, readOrganizationMark } from "./active.js";
import {
  type Actor,
  askHook,
  membershipOf,
  permittedMembership,
  publicOrganization,
  tell,
} from "./membership.js";
import { OrganizationRefused } from "./refused.js";
import { manageableRoles, mayGrant, OWNER } from "./roles.js";

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** What creating or updating an organization takes. */
export interface OrganizationInput {
  name?: unknown;
  slug?: unknown;
  logo?: unknown;
  metadata?: unknown;
}

function checkedName(name: unknown): string {
  if (typeof name !== "string" || name.trim() === "" || name.length > 100) {
    throw new OrganizationRefused("forbidden", "An organization's name is 1 to 100 characters.");
  }
  return name.trim();
}

function checkedSlug(slug: unknown): string {
  if (typeof slug !== "string" || !SLUG.test(slug)) {
    throw new OrganizationRefused(
      "forbidden",
      "A slug is 1 to 64 lowercase letters, digits and inner hyphens (`acme-labs`).",
    );
  }
  return slug;
}

function checkedLogo(logo: unknown): string | null {
  if (logo === undefined || logo === null) return null;
  if (typeof logo !== "string" || logo.length > 2048) {
    throw new OrganizationRefused("forbidden", "A logo is a URL of at most 2048 characters.");
  }
  return logo;
}

function checkedMetadata(metadata: unknown): string | null {
  if (metadata === undefined || metadata === null) return null;
  if (typeof metadata !== "object" || Array.isArray(metadata)) {
    throw new OrganizationRefused("forbidden", "Metadata is a JSON object.");
  }
  const text = JSON.stringify(metadata);
  if (text.length > 8192) throw new OrganizationRefused("forbidden", "Metadata is at most 8 KiB of JSON.");
  return text;
}

async function assertSlugFree(actor: Actor, slug: string): Promise<void> {
  const bySlug = adapterMethod(actor.ctx.config.adapter, "getOrganizationBySlug");
  if (await callAdapter("look up a slug", () => bySlug(slug))) {
    throw new OrganizationRefused("slugTaken", `The slug "${slug}" is taken.`);
  }
}

function newMember(organizationId: string, userId: string, role: string): AdapterMember {
  return {
    id: crypto.randomUUID(),
    organizationId,
    userId,
    role,
    createdAt: new Date(),
    lastActiveAt: null,
  };
}

/** Creates an organization whose owner is the actor, within `limits.organizationsPerUser`. */
export async function createOrganization(actor: Actor, input: OrganizationInput): Promise<Organization> {
  const { adapter } = actor.ctx.config;
  const name = checkedName(input.name);
  const slug = checkedSlug(input.slug);
  const logo = checkedLogo(input.logo);
  const metadata = checkedMetadata(input.metadata);
  const list = adapterMethod(adapter, "listOrganizationsByUserId");
  const owned = (await callAdapter("list the user's organizations", () => list(actor.user.id))).filter(
    ({ member }) => member.role === OWNER,
  );
  if (owned.length >= actor.settings.limits.organizationsPerUser) {
    throw new OrganizationRefused("limitReached", "You own as many organizations as you may.");
  }
  await assertSlugFree(actor, slug);
  await askHook(actor.settings, "beforeCreateOrganization", { user: actor.user, name, slug });
  const id = crypto.randomUUID();
  const create = adapterMethod(adapter, "createOrganization");
  const created = await callAdapter("create an organization", () =>
    create({ id, name, slug, logo, metadata, createdAt: new Date() }, newMember(id, actor.user.id, OWNER)),
  );
  const organization = publicOrganization(created.organization);
  await tell(actor, "organizationCreated", { organization, userId: actor.user.id });
  return organization;
}

/** Changes an organization's name, slug, logo or metadata (`organization: ["update"]`). */
export async function updateOrganization(
  actor: Actor,
  organizationId: unknown,
  input: OrganizationInput,
): Promise<Organization> {
  const { organization } = await permittedMembership(actor, organizationId, { organization: ["update"] });
  const changes: { name?: string; slug?: string; logo?: string | null; metadata?: string | null } = {};
  if (input.name !== undefined) changes.name = checkedName(input.name);
  if (input.slug !== undefined && input.slug !== organization.slug) {
    changes.slug = checkedSlug(input.slug);
    await assertSlugFree(actor, changes.slug);
  }
  if (input.logo !== undefined) changes.logo = checkedLogo(input.logo);
  if (input.metadata !== undefined) changes.metadata = checkedMetadata(input.metadata);
  const update = adapterMethod(actor.ctx.config.adapter, "updateOrganization");
  const updated = await callAdapter("update an organization", () =>
    update({ id: organization.id, ...changes }),
  );
  if (!updated) throw new OrganizationRefused("notMember", "The organization no longer exists.");
  if (changes.slug !== undefined) {
    // Sessions carry the slug: they read it again.
    const members = await listMembers(actor, organization.id);
    await noteMembershipChanged(
      actor.ctx.config,
      members.map((member) => member.userId),
    );
  }
  return publicOrganization(updated);
}

/** Deletes an organization with its members and invitations (`organization: ["delete"]`: owners). */
export async function deleteOrganization(actor: Actor, organizationId: unknown): Promise<void> {
  const { organization } = await permittedMembership(actor, organizationId, { organization: ["delete"] });
  const remove = adapterMethod(actor.ctx.config.adapter, "deleteOrganization");
  const deleted = await callAdapter("delete an organization", () => remove(organization.id));
  if (!deleted) return;
  await noteMembershipChanged(
    actor.ctx.config,
    deleted.members.map((member) => member.userId),
  );
  await tell(actor, "organizationDeleted", {
    organization: publicOrganization(deleted.organization),
    userId: actor.user.id,
  });
}

/** The actor's organizations, each with their role there. */
export async function listOrganizations(actor: Actor): Promise<Array<Organization & { role: string }>> {
  const list = adapterMethod(actor.ctx.config.adapter, "listOrganizationsByUserId");
  const memberships = await callAdapter("list the user's organizations", () => list(actor.user.id));
  return memberships.map(({ organization, member }) => ({
    ...publicOrganization(organization),
    role: member.role,
  }));
}

/** One organization the actor is in, with its members and the actor's role. */
export async function getOrganization(
  actor: Actor,
  organizationId: unknown,
): Promise<{ organization: Organization; role: string; members: AdapterMemberWithUser[] }> {
  const { organization, member } = await membershipOf(actor, organizationId);
  return {
    organization: publicOrganization(organization),
    role: member.role,
    members: await listMembers(actor, organization.id),
  };
}

async function listMembers(actor: Actor, organizationId: string): Promise<AdapterMemberWithUser[]> {
  const list = adapterMethod(actor.ctx.config.adapter, "listMembers");
  return callAdapter("list an organization's members", () => list(organizationId));
}

/** Whether the organization has room for one more member (`limits.membersPerOrganization`). */
export async function assertRoomForMember(actor: Actor, organizationId: string): Promise<void> {
  const members = await listMembers(actor, organizationId);
  if (members.length >= actor.settings.limits.membersPerOrganization) {
    throw new OrganizationRefused("limitReached", "The organization has as many members as it may.");
  }
}

/** The user an operation names, refused unless it is a user id. */
function requireUserId(userId: unknown): asserts userId is string {
  if (typeof userId !== "string" || userId === "")
    throw new OrganizationRefused("forbidden", "Name the user by id.");
}

/** The role an operation gives, refused unless it is a known role no higher than the actor's own. */
function requireGrantable(actor: Actor, ownRole: string, role: unknown): asserts role is string {
  if (typeof role !== "string" || !mayGrant(actor.settings.roles, ownRole, role)) {
    throw new OrganizationRefused(
      "roleNotAllowed",
      "You cannot give a role above your own, or an unknown one.",
    );
  }
}

/** Adds an existing user as a member with `role` (`member: ["create"]`, and no role above the actor's). */
export async function addMember(
  actor: Actor,
  organizationId: unknown,
  userId: unknown,
  role: unknown,
): Promise<AdapterMember> {
  const { organization, member: own } = await permittedMembership(actor, organizationId, {
    member: ["create"],
  });
  requireUserId(userId);
  requireGrantable(actor, own.role, role);
  await assertRoomForMember(actor, organization.id);
  const shown = publicOrganization(organization);
  await askHook(actor.settings, "beforeAddMember", { organization: shown, userId, role });
  const add = adapterMethod(actor.ctx.config.adapter, "addMember");
  const added = await callAdapter("add a member", () => add(newMember(organization.id, userId, role)));
  if (!added) throw new OrganizationRefused("alreadyMember", "The user is already a member.");
  await tell(actor, "memberAdded", { organization: shown, userId, role });
  return added;
}

function refusedChange(change: AdapterMemberChange): OrganizationRefused {
  switch (change.outcome) {
    case "notMember":
      return new OrganizationRefused("notMember", "That user is not a member of this organization.");
    case "roleMoved":
      return new OrganizationRefused("roleNotAllowed", "That member's role is above your own.");
    default:
      return new OrganizationRefused("lastOwner", "An organization keeps at least one owner.");
  }
}

/**
 * Changes a member's role (`member: ["update"]`): only to a role the actor may grant, only of a
 * member whose role the actor may manage (an admin never touches an owner), and never the last
 * owner's, each condition checked by the adapter in the write itself.
 */
export async function updateMemberRole(
  actor: Actor,
  organizationId: unknown,
  userId: unknown,
  role: unknown,
): Promise<AdapterMember> {
  const { organization, member: own } = await permittedMembership(actor, organizationId, {
    member: ["update"],
  });
  requireUserId(userId);
  requireGrantable(actor, own.role, role);
  const getMember = adapterMethod(actor.ctx.config.adapter, "getMember");
  const target = await callAdapter("read a membership", () => getMember(organization.id, userId));
  if (!target) throw refusedChange({ outcome: "notMember" });
  const shown = publicOrganization(organization);
  await askHook(actor.settings, "beforeRoleChange", {
    organization: shown,
    userId,
    from: target.role,
    to: role,
  });
  const update = adapterMethod(actor.ctx.config.adapter, "updateMemberRole");
  const fromRoles = manageableRoles(actor.settings.roles, own.role);
  const change = await callAdapter("change a member's role", () =>
    update({ organizationId: organization.id, userId, role, fromRoles }),
  );
  if (change.outcome !== "done") throw refusedChange(change);
  await noteMembershipChanged(actor.ctx.config, [userId]);
  await tell(actor, "roleChanged", {
    organization: shown,
    userId,
    from: change.before.role,
    to: role,
    by: actor.user.id,
  });
  return { ...change.before, role };
}

/**
 * Removes a member (`member: ["delete"]`, of a role the actor may manage, never the last owner); a
 * user removing themselves is {@link leaveOrganization}.
 */
export async function removeMember(actor: Actor, organizationId: unknown, userId: unknown): Promise<void> {
  if (userId === actor.user.id) return leaveOrganization(actor, organizationId);
  const { organization, member: own } = await permittedMembership(actor, organizationId, {
    member: ["delete"],
  });
  requireUserId(userId);
  const remove = adapterMethod(actor.ctx.config.adapter, "removeMember");
  const fromRoles = manageableRoles(actor.settings.roles, own.role);
  const change = await callAdapter("remove a member", () =>
    remove({ organizationId: organization.id, userId, fromRoles }),
  );
  if (change.outcome !== "done") throw refusedChange(change);
  await noteMembershipChanged(actor.ctx.config, [userId]);
  await tell(actor, "memberRemoved", {
    organization: publicOrganization(organization),
    userId,
    by: actor.user.id,
  });
}

/** The actor leaves an organization; the last owner cannot (hand ownership on, or delete it). */
export async function leaveOrganization(actor: Actor, organizationId: unknown): Promise<void> {
  const { organization } = await membershipOf(actor, organizationId);
  const remove = adapterMethod(actor.ctx.config.adapter, "removeMember");
  const change = await callAdapter("remove a member", () =>
    remove({
      organizationId: organization.id,
      userId: actor.user.id,
      fromRoles: [...actor.settings.roles.keys()],
    }),
  );
  if (change.outcome === "roleMoved") {
    // A role the app no longer defines: leaving is still the member's own choice.
    const retry = await callAdapter("remove a member", () =>
      remove({ organizationId: organization.id, userId: actor.user.id, fromRoles: [change.member.role] }),
    );
    if (retry.outcome !== "done") throw refusedChange(retry);
  } else if (change.outcome !== "done") {
    throw refusedChange(change);
  }
  await noteMembershipChanged(actor.ctx.config, [actor.user.id]);
  await tell(actor, "memberRemoved", {
    organization: publicOrganization(organization),
    userId: actor.user.id,
    by: actor.user.id,
  });
}

/**
 * The mark of the organization the actor makes active (null: none), after checking they are a
 * member; remembered as their last used one, which the next sign-in makes active again.
 */
export async function activeOrganizationMark(
  actor: Actor,
  organizationId: unknown,
): Promise<ActiveOrganizationMark | null> {
  if (organizationId === null) return null;
  const { organization } = await membershipOf(actor, organizationId);
  const mark = await readOrganizationMark(actor.ctx.config, actor.user.id, organization.id);
  if (!mark) throw new OrganizationRefused("notMember", "You are not a member of this organization.");
  const markActive = adapterMethod(actor.ctx.config.adapter, "markMemberActive");
  await callAdapter("remember the active organization", () =>
    markActive(organization.id, actor.user.id, new Date()),
  );
  return mark;
}
