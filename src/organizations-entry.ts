/**
 * `latchkey/organizations`: organizations, their members, roles and invitations, and the active
 * organization on the session (docs/organizations.md). `Organizations({ … })` carries the feature's
 * code into the `organizations` option, so an app that never imports this entry holds none of it;
 * the functions below act for the user signed in on `request`, as the routes do.
 */
import type { AdapterMember, AdapterMemberWithUser } from "./adapters/types.js";
import { carrying } from "./carried-code.js";
import type { AuthConfig, Organization, OrganizationStatements, OrganizationsOptions } from "./config.js";
import type { CookieToSet } from "./cookie/header.js";
import { CARRIED_FEATURE } from "./core/feature.js";
import type { CurrentSession } from "./core/session-strategy.js";
import { requireActor } from "./organizations/actor.js";
import { organizationsFeature } from "./organizations/feature.js";
import {
  acceptInvitation as acceptForActor,
  cancelInvitation as cancelForActor,
  type Invitation,
  inviteMember as inviteForActor,
  listOrganizationInvitations,
  listUserInvitations as listUserInvitationsForActor,
  rejectInvitation as rejectForActor,
  resendInvitation as resendForActor,
} from "./organizations/invitations.js";
import type { Actor } from "./organizations/membership.js";
import {
  addMember as addForActor,
  createOrganization as createForActor,
  deleteOrganization as deleteForActor,
  getOrganization as getForActor,
  leaveOrganization as leaveForActor,
  listOrganizations as listForActor,
  type OrganizationInput,
  removeMember as removeForActor,
  updateOrganization as updateForActor,
  updateMemberRole as updateRoleForActor,
} from "./organizations/operations.js";
import { roleAllows } from "./organizations/roles.js";
import {
  sessionAllows,
  sessionRole,
  setActiveOrganization as setActiveForActor,
} from "./organizations/session.js";
import { type OrganizationSettings, organizationSettingsOf } from "./organizations/settings.js";
import { serverContext } from "./pipeline/server-context.js";

export type {
  AdapterInvitation,
  AdapterMember,
  AdapterMemberWithUser,
  AdapterOrganization,
} from "./adapters/types.js";
export type {
  ActiveOrganization,
  Organization,
  OrganizationEvents,
  OrganizationHooks,
  OrganizationInvitationMail,
  OrganizationStatements,
  OrganizationsOptions,
} from "./config.js";
export type { Invitation } from "./organizations/invitations.js";
export { type OrganizationRefusalCode, OrganizationRefused } from "./organizations/refused.js";
export { ADMIN, BUILT_IN_STATEMENTS, MEMBER, OWNER } from "./organizations/roles.js";

/**
 * The `organizations` option with the feature's code attached, for edge runtimes, where `Auth`
 * brings no feature itself (as provider factories carry their flows). On Node a plain
 * `organizations: { … }` works as well.
 *
 * @example
 * ```ts
 * import type { AuthConfig } from "latchkey";
 * import { MemoryAdapter } from "latchkey/adapters";
 * import { Organizations } from "latchkey/organizations";
 *
 * const config: AuthConfig = {
 *   providers: [],
 *   adapter: MemoryAdapter(),
 *   organizations: Organizations({ roles: { member: { project: ["read"] } } }),
 * };
 * ```
 */
export function Organizations(options: OrganizationsOptions = {}): OrganizationsOptions {
  return carrying(options, CARRIED_FEATURE, organizationsFeature);
}

function settingsOf(config: AuthConfig): OrganizationSettings {
  return organizationSettingsOf(config.organizations);
}

async function actorFor(
  request: Request,
  config: AuthConfig,
  name: string,
): Promise<Actor & { session: CurrentSession }> {
  if (typeof (request as Partial<Request> | null)?.headers?.get !== "function") {
    throw new TypeError(`${name}(request, config, ...) takes the incoming Request first.`);
  }
  return requireActor(serverContext(request, config), settingsOf(config));
}

/**
 * Creates an organization owned by the signed-in user. Rejects with `NotSignedIn`, or
 * `OrganizationRefused` (`slugTaken`, `limitReached`, `refusedByHook`, or `forbidden` for an
 * invalid name or slug).
 *
 * @example
 * ```ts
 * const organization = await createOrganization(request, config, { name: "Acme", slug: "acme" });
 * ```
 */
export async function createOrganization(
  request: Request,
  config: AuthConfig,
  input: { name: string; slug: string; logo?: string | null; metadata?: Record<string, unknown> | null },
): Promise<Organization> {
  return createForActor(await actorFor(request, config, "createOrganization"), input as OrganizationInput);
}

/**
 * Changes an organization's name, slug, logo or metadata (a role with `organization: ["update"]`).
 *
 * @example
 * ```ts
 * await updateOrganization(request, config, organizationId, { name: "Acme Labs" });
 * ```
 */
export async function updateOrganization(
  request: Request,
  config: AuthConfig,
  organizationId: string,
  changes: { name?: string; slug?: string; logo?: string | null; metadata?: Record<string, unknown> | null },
): Promise<Organization> {
  return updateForActor(await actorFor(request, config, "updateOrganization"), organizationId, changes);
}

/**
 * Deletes an organization, its members and invitations (owners); the members' sessions drop it
 * as their active organization on their next request.
 *
 * @example
 * ```ts
 * await deleteOrganization(request, config, organizationId);
 * ```
 */
export async function deleteOrganization(
  request: Request,
  config: AuthConfig,
  organizationId: string,
): Promise<void> {
  return deleteForActor(await actorFor(request, config, "deleteOrganization"), organizationId);
}

/**
 * The signed-in user's organizations, each with their role there.
 *
 * @example
 * ```ts
 * for (const { name, role } of await listOrganizations(request, config)) console.log(name, role);
 * ```
 */
export async function listOrganizations(
  request: Request,
  config: AuthConfig,
): Promise<Array<Organization & { role: string }>> {
  return listForActor(await actorFor(request, config, "listOrganizations"));
}

/**
 * One organization the signed-in user is a member of, with its members and the user's role;
 * `OrganizationRefused` (`notMember`) for any other id, whether it exists or not.
 *
 * @example
 * ```ts
 * const { organization, members } = await getOrganization(request, config, organizationId);
 * ```
 */
export async function getOrganization(
  request: Request,
  config: AuthConfig,
  organizationId: string,
): Promise<{ organization: Organization; role: string; members: AdapterMemberWithUser[] }> {
  return getForActor(await actorFor(request, config, "getOrganization"), organizationId);
}

/**
 * Invites `email` to the organization with `role` (default `"member"`, never above the inviter's):
 * the mail goes through `organizations.sendInvitation`, else the e-mail provider's sender. Returns
 * the invitation and its link.
 *
 * @example
 * ```ts
 * const { url } = await inviteMember(request, config, organizationId, { email: "bob@example.com", role: "admin" });
 * ```
 */
export async function inviteMember(
  request: Request,
  config: AuthConfig,
  organizationId: string,
  invitation: { email: string; role?: string },
): Promise<{ invitation: Invitation; url: string }> {
  const actor = await actorFor(request, config, "inviteMember");
  return inviteForActor(actor, organizationId, invitation.email, invitation.role ?? "member");
}

/**
 * Sends a pending invitation again, valid for another `invitationMaxAge`.
 *
 * @example
 * ```ts
 * await resendInvitation(request, config, invitationId);
 * ```
 */
export async function resendInvitation(
  request: Request,
  config: AuthConfig,
  invitationId: string,
): Promise<{ invitation: Invitation; url: string }> {
  return resendForActor(await actorFor(request, config, "resendInvitation"), invitationId);
}

/**
 * Withdraws a pending invitation; its link stops working.
 *
 * @example
 * ```ts
 * await cancelInvitation(request, config, invitationId);
 * ```
 */
export async function cancelInvitation(
  request: Request,
  config: AuthConfig,
  invitationId: string,
): Promise<void> {
  return cancelForActor(await actorFor(request, config, "cancelInvitation"), invitationId);
}

/**
 * Declines an invitation sent to the signed-in user's proven address.
 *
 * @example
 * ```ts
 * await rejectInvitation(request, config, invitationId);
 * ```
 */
export async function rejectInvitation(
  request: Request,
  config: AuthConfig,
  invitationId: string,
): Promise<void> {
  return rejectForActor(await actorFor(request, config, "rejectInvitation"), invitationId);
}

/**
 * Accepts an invitation sent to the signed-in user's proven address: they become a member with
 * its role, and the organization becomes their active one. Set `cookies` on your response.
 * `OrganizationRefused` with `wrongAddress` (another address, or theirs unproven) or
 * `invitationUnavailable` (used, rejected, cancelled or expired).
 *
 * @example
 * ```ts
 * const { member, cookies } = await acceptInvitation(request, config, invitationId);
 * ```
 */
export async function acceptInvitation(
  request: Request,
  config: AuthConfig,
  invitationId: string,
): Promise<{ member: AdapterMember; cookies: CookieToSet[] }> {
  const actor = await actorFor(request, config, "acceptInvitation");
  const member = await acceptForActor(actor, invitationId);
  const { cookies } = await setActiveForActor(actor, member.organizationId);
  return { member, cookies };
}

/**
 * An organization's invitations, in every status (a role with `invitation: ["create"]`).
 *
 * @example
 * ```ts
 * const pending = (await listInvitations(request, config, organizationId)).filter((i) => i.status === "pending");
 * ```
 */
export async function listInvitations(
  request: Request,
  config: AuthConfig,
  organizationId: string,
): Promise<Invitation[]> {
  return listOrganizationInvitations(await actorFor(request, config, "listInvitations"), organizationId);
}

/**
 * The pending invitations sent to the signed-in user's address, once they have proven it.
 *
 * @example
 * ```ts
 * const invitations = await listUserInvitations(request, config);
 * ```
 */
export async function listUserInvitations(
  request: Request,
  config: AuthConfig,
): Promise<Awaited<ReturnType<typeof listUserInvitationsForActor>>> {
  return listUserInvitationsForActor(await actorFor(request, config, "listUserInvitations"));
}

/**
 * Adds an existing user as a member with `role` (a role with `member: ["create"]`, granting no
 * more than it holds).
 *
 * @example
 * ```ts
 * await addMember(request, config, organizationId, { userId, role: "member" });
 * ```
 */
export async function addMember(
  request: Request,
  config: AuthConfig,
  organizationId: string,
  member: { userId: string; role: string },
): Promise<AdapterMember> {
  return addForActor(
    await actorFor(request, config, "addMember"),
    organizationId,
    member.userId,
    member.role,
  );
}

/**
 * Removes a member (a role with `member: ["delete"]`; only an owner removes an owner; never the
 * last owner). Their sessions lose the role on their next request.
 *
 * @example
 * ```ts
 * await removeMember(request, config, organizationId, userId);
 * ```
 */
export async function removeMember(
  request: Request,
  config: AuthConfig,
  organizationId: string,
  userId: string,
): Promise<void> {
  return removeForActor(await actorFor(request, config, "removeMember"), organizationId, userId);
}

/**
 * Changes a member's role (a role with `member: ["update"]`, to a role no higher than its own; an
 * admin never touches an owner; the last owner stays one).
 *
 * @example
 * ```ts
 * await updateMemberRole(request, config, organizationId, userId, "admin");
 * ```
 */
export async function updateMemberRole(
  request: Request,
  config: AuthConfig,
  organizationId: string,
  userId: string,
  role: string,
): Promise<AdapterMember> {
  return updateRoleForActor(
    await actorFor(request, config, "updateMemberRole"),
    organizationId,
    userId,
    role,
  );
}

/**
 * The signed-in user leaves an organization; the last owner cannot.
 *
 * @example
 * ```ts
 * await leaveOrganization(request, config, organizationId);
 * ```
 */
export async function leaveOrganization(
  request: Request,
  config: AuthConfig,
  organizationId: string,
): Promise<void> {
  return leaveForActor(await actorFor(request, config, "leaveOrganization"), organizationId);
}

/**
 * Makes `organizationId` (null: none) the session's active organization, after checking the
 * membership; the next sign-in makes it active again. Set `cookies` on your response.
 *
 * @example
 * ```ts
 * const { activeOrganization, cookies } = await setActiveOrganization(request, config, organizationId);
 * ```
 */
export async function setActiveOrganization(
  request: Request,
  config: AuthConfig,
  organizationId: string | null,
): Promise<{
  activeOrganization: { id: string; slug: string; role: string } | null;
  cookies: CookieToSet[];
}> {
  return setActiveForActor(await actorFor(request, config, "setActiveOrganization"), organizationId);
}

/**
 * Whether the session's role in its active organization allows every action `statements` lists,
 * judged from the session alone (no store or database call beyond reading it, as `getSession`
 * does). False when nobody is signed in or no organization is active.
 *
 * @example
 * ```ts
 * if (!(await hasPermission(request, config, { project: ["create"] }))) {
 *   return new Response("Forbidden", { status: 403 });
 * }
 * ```
 */
export async function hasPermission(
  request: Request,
  config: AuthConfig,
  statements: OrganizationStatements,
): Promise<boolean> {
  return sessionAllows(serverContext(request, config), settingsOf(config), statements);
}

/**
 * The session's active organization when the user's role there is one of `roles`; otherwise
 * rejects with `OrganizationRefused` (`forbidden`, or `notMember` when none is active) or
 * `NotSignedIn`.
 *
 * @example
 * ```ts
 * const { id } = await requireRole(request, config, ["owner", "admin"]);
 * ```
 */
export async function requireRole(
  request: Request,
  config: AuthConfig,
  roles: string | readonly string[],
): Promise<{ id: string; slug: string; role: string }> {
  return sessionRole(serverContext(request, config), typeof roles === "string" ? [roles] : roles);
}

/**
 * Whether `role` allows every action `statements` lists under the config's roles: the check
 * `hasPermission` makes, for a role the app already holds (e.g. from `session.activeOrganization`).
 *
 * @example
 * ```ts
 * roleHasPermission(config, session.activeOrganization.role, { invoice: ["read"] });
 * ```
 */
export function roleHasPermission(
  config: AuthConfig,
  role: string,
  statements: OrganizationStatements,
): boolean {
  return roleAllows(settingsOf(config).roles, role, statements);
}
