/**
 * The adapter methods organizations need (`organizations` in the config), and what to say when an
 * adapter lacks some. Apart from capabilities.ts so that only an app that configures organizations
 * bundles the list.
 */
import { namesInProse } from "./names-in-prose.js";
import type { Adapter, OrganizationMethod } from "./types.js";

/** A record, so that the compiler insists every method of the union is listed (the union is the contract). */
const ORGANIZATION_METHOD_SET: Record<OrganizationMethod, true> = {
  createOrganization: true,
  getOrganization: true,
  getOrganizationBySlug: true,
  updateOrganization: true,
  deleteOrganization: true,
  listOrganizationsByUserId: true,
  getMember: true,
  listMembers: true,
  addMember: true,
  updateMemberRole: true,
  removeMember: true,
  markMemberActive: true,
  createInvitation: true,
  getInvitation: true,
  listInvitations: true,
  listInvitationsByEmail: true,
  updatePendingInvitation: true,
  acceptInvitation: true,
};

/** Every adapter method organizations use, in the order the contract declares them. */
export const ORGANIZATION_METHODS: readonly OrganizationMethod[] = Object.keys(
  ORGANIZATION_METHOD_SET,
) as OrganizationMethod[];

/**
 * The organization methods `adapter` lacks (all of them without an adapter). There is no
 * fallback: an app that configures `organizations` needs every one. Pure.
 *
 * @example
 * ```ts
 * const missing = missingOrganizationMethods(adapter);
 * if (missing.length > 0) throw new Error(missingOrganizationMethodsMessage(missing));
 * ```
 */
export function missingOrganizationMethods(adapter: Adapter | undefined): OrganizationMethod[] {
  return ORGANIZATION_METHODS.filter((method) => typeof adapter?.[method] !== "function");
}

/**
 * What to tell the developer when `organizations` is configured and
 * {@link missingOrganizationMethods} is not empty: which methods are missing and how to get them.
 *
 * @example
 * ```ts
 * missingOrganizationMethodsMessage(["acceptInvitation"]);
 * // "organizations is configured, but the adapter lacks acceptInvitation. …"
 * ```
 */
export function missingOrganizationMethodsMessage(missing: readonly OrganizationMethod[]): string {
  if (missing.length === ORGANIZATION_METHODS.length) {
    return (
      "organizations is configured, but the adapter has none of the organization methods " +
      `(${ORGANIZATION_METHODS.join(", ")}). Organizations store their members and invitations through them: ` +
      "use MemoryAdapter, or PrismaAdapter with the Organization, Member and Invitation models (prisma/README.md), or implement them."
    );
  }
  const names = namesInProse(missing);
  return (
    `organizations is configured, but the adapter lacks ${names}. Organizations need all of ${ORGANIZATION_METHODS.join(", ")}: ` +
    "without the atomic ones an invitation could be accepted twice or an organization lose its last owner. " +
    "Implement the missing ones (see the Adapter type's TSDoc and docs/organizations.md)."
  );
}
