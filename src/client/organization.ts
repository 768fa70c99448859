/**
 * The organizations feature from the browser: each function calls one of the feature's routes
 * (docs/organizations.md, "Routes") with the CSRF token, and resolves with a result, never a
 * throw, for a refusal: `{ ok: false, error: "OrganizationRefused", code: "forbidden" }` can be
 * shown inline and `switch`ed on (docs/errors.md lists the codes). Only an answer that is not the
 * handler's JSON rejects, with a `ClientFetchError`. Switching or accepting changes the session,
 * so `useSession` and the app's other tabs hear of it.
 */
import type { ActiveOrganization } from "../index.js";
import { authUrl } from "./base-url.js";
import { requestJson } from "./requests.js";
import { getCsrfToken } from "./session.js";
import { announceSessionChange } from "./session-events.js";

/** An organization as the routes answer it (dates as ISO strings, as JSON carries them). */
export interface ClientOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

/** A member of an organization, with the user it is. */
export interface ClientMember {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
  lastActiveAt: string | null;
  user?: { id: string; email: string | null; name?: string | null; image?: string | null };
}

/** An invitation: who to, with which role, and where it stands. */
export interface ClientInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: "pending" | "accepted" | "rejected" | "canceled";
  inviterId: string;
  expires: string;
  createdAt: string;
}

/**
 * What every `organization` function resolves with: `data` when the handler did it, else the
 * refusal's `error` type (`OrganizationRefused`, `NotSignedIn`, `InvalidRequest`, `RateLimited`, …)
 * and its `code` (`forbidden`, `notMember`, `slugTaken`, …) with the handler's `message`.
 */
export type OrganizationResult<T> =
  | { ok: true; status: number; data: T; error: undefined; code: undefined; message: undefined }
  | { ok: false; status: number; data: null; error: string; code: string | undefined; message: string };

type Answer = Record<string, unknown> & { error?: unknown; code?: unknown; message?: unknown };

function resultOf<T>(status: number, body: Answer | null): OrganizationResult<T> {
  if (status < 400) {
    return { ok: true, status, data: body as T, error: undefined, code: undefined, message: undefined };
  }
  return {
    ok: false,
    status,
    data: null,
    error: typeof body?.error === "string" ? body.error : "Configuration",
    code: typeof body?.code === "string" ? body.code : undefined,
    message: typeof body?.message === "string" ? body.message : `The handler answered ${status}.`,
  };
}

async function read<T>(query: Record<string, string>): Promise<OrganizationResult<T>> {
  const { status, body } = await requestJson<Answer | null>(
    `${authUrl("organization")}?${new URLSearchParams(query)}`,
  );
  return resultOf<T>(status, body);
}

async function post<T>(route: string, fields: Record<string, unknown>): Promise<OrganizationResult<T>> {
  const { status, body } = await requestJson<Answer | null>(authUrl(route), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...fields, csrfToken: await getCsrfToken() }),
  });
  return resultOf<T>(status, body);
}

/** Runs a change that moves the session's active organization, then tells `useSession` and the other tabs. */
async function changingSession<T>(answer: Promise<OrganizationResult<T>>): Promise<OrganizationResult<T>> {
  const result = await answer;
  if (result.ok) announceSessionChange("update");
  return result;
}

const change = <T>(action: string, fields: Record<string, unknown>) =>
  post<T>("organization", { ...fields, action });

/**
 * Creates an organization owned by the signed-in user (rate limited per user).
 *
 * @example
 * ```ts
 * import { organization } from "latchkey/client";
 *
 * const created = await organization.create({ name: "Acme", slug: "acme" });
 * if (created.code === "slugTaken") console.log("Pick another address");
 * ```
 */
export function create(input: {
  name: string;
  slug: string;
  logo?: string;
  metadata?: Record<string, unknown>;
}): Promise<OrganizationResult<ClientOrganization>> {
  return post("organization-create", input);
}

/**
 * Changes an organization's name, slug, logo or metadata (`organization: ["update"]`).
 *
 * @example
 * ```ts
 * await organization.update(id, { name: "Acme Inc." });
 * ```
 */
export function update(
  organizationId: string,
  fields: { name?: string; slug?: string; logo?: string | null; metadata?: Record<string, unknown> | null },
): Promise<OrganizationResult<ClientOrganization>> {
  return change("update", { ...fields, organizationId });
}

/**
 * Deletes an organization (its owner only); its members' sessions lose it on their next request.
 *
 * @example
 * ```ts
 * const deleted = await organization.delete(id);
 * ```
 */
function deleteOrganization(organizationId: string): Promise<OrganizationResult<{ deleted: true }>> {
  return changingSession(change("delete", { organizationId }));
}

export { deleteOrganization as delete };

/**
 * The signed-in user's organizations, each with their role there.
 *
 * @example
 * ```ts
 * const { data } = await organization.list();
 * for (const { name, role } of data ?? []) console.log(name, role);
 * ```
 */
export function list(): Promise<OrganizationResult<Array<ClientOrganization & { role: string }>>> {
  return read({ action: "list" });
}

/**
 * One organization the user is in, with its members.
 *
 * @example
 * ```ts
 * const { data } = await organization.get(id);
 * ```
 */
export function get(
  organizationId: string,
): Promise<OrganizationResult<ClientOrganization & { members: ClientMember[] }>> {
  return read({ action: "get", organizationId });
}

/**
 * Invites an address with a role; the invitation mail goes out from the server (rate limited per user).
 *
 * @example
 * ```ts
 * const sent = await organization.invite(id, { email: "bob@example.com", role: "member" });
 * ```
 */
export function invite(
  organizationId: string,
  invitee: { email: string; role: string },
): Promise<OrganizationResult<{ invitation: ClientInvitation }>> {
  return post("organization-invite", { ...invitee, organizationId });
}

/**
 * Mails a pending invitation again, with a new expiry.
 *
 * @example
 * ```ts
 * await organization.resendInvitation(invitationId);
 * ```
 */
export function resendInvitation(
  invitationId: string,
): Promise<OrganizationResult<{ invitation: ClientInvitation }>> {
  return post("organization-invite", { invitationId });
}

/**
 * Cancels a pending invitation; its link stops working.
 *
 * @example
 * ```ts
 * await organization.cancelInvitation(invitationId);
 * ```
 */
export function cancelInvitation(invitationId: string): Promise<OrganizationResult<{ canceled: true }>> {
  return change("cancelInvitation", { invitationId });
}

/**
 * Accepts an invitation to the signed-in user's proven address, and makes its organization the
 * active one.
 *
 * @example
 * ```ts
 * // invitationId: the `?invitation=` the invitation link brought the user to `invitationPage` with
 * const accepted = await organization.accept(invitationId);
 * ```
 */
export function accept(invitationId: string): Promise<
  OrganizationResult<{
    member: ClientMember;
    activeOrganization: ActiveOrganization | null;
  }>
> {
  return changingSession(change("acceptInvitation", { invitationId }));
}

/**
 * Turns down an invitation to the signed-in user's proven address.
 *
 * @example
 * ```ts
 * await organization.reject(invitationId);
 * ```
 */
export function reject(invitationId: string): Promise<OrganizationResult<{ rejected: true }>> {
  return change("rejectInvitation", { invitationId });
}

/**
 * An organization's invitations (`invitation: ["create"]`), or, without an id, the pending ones
 * sent to the signed-in user.
 *
 * @example
 * ```ts
 * const mine = await organization.listInvitations();
 * const sent = await organization.listInvitations(id);
 * ```
 */
export function listInvitations(organizationId?: string): Promise<OrganizationResult<ClientInvitation[]>> {
  return organizationId === undefined
    ? read({ action: "userInvitations" })
    : read({ action: "invitations", organizationId });
}

/**
 * Makes an organization the user is in the session's active one (null: none). `useSession` shows it
 * as `activeOrganization`.
 *
 * @example
 * ```ts
 * const switched = await organization.setActive(id);
 * if (switched.ok) console.log(switched.data.activeOrganization?.role);
 * ```
 */
export function setActive(
  organizationId: string | null,
): Promise<OrganizationResult<{ activeOrganization: ActiveOrganization | null }>> {
  return changingSession(change("setActive", { organizationId }));
}

/**
 * Removes a member (`member: ["delete"]`; never the last owner).
 *
 * @example
 * ```ts
 * await organization.removeMember(id, userId);
 * ```
 */
export function removeMember(
  organizationId: string,
  userId: string,
): Promise<OrganizationResult<{ removed: true }>> {
  return change("removeMember", { organizationId, userId });
}

/**
 * Gives a member another role (`member: ["update"]`; nobody grants more than they hold).
 *
 * @example
 * ```ts
 * await organization.updateMemberRole(id, userId, "admin");
 * ```
 */
export function updateMemberRole(
  organizationId: string,
  userId: string,
  role: string,
): Promise<OrganizationResult<ClientMember>> {
  return changingSession(change("updateMemberRole", { organizationId, userId, role }));
}

/**
 * Leaves an organization (the last owner cannot).
 *
 * @example
 * ```ts
 * await organization.leave(id);
 * ```
 */
export function leave(organizationId: string): Promise<OrganizationResult<{ left: true }>> {
  return changingSession(change("leave", { organizationId }));
}
