/**
 * What a route guarded by `requirePermission` answers a signed-in user whose role in the session's
 * active organization does not allow it: 403 with the reason, in the shape the organizations routes
 * refuse with (docs/organizations.md, "Routes"). One rule for every framework's `requirePermission`;
 * the role is judged by the feature's one check, from the session alone (no store or adapter call).
 */
import type { ActiveOrganization, AuthConfig, OrganizationStatements } from "../index.js";
import { roleHasPermission } from "../organizations-entry.js";

/** The JSON body of a 403 from `requirePermission`, with a code from `OrganizationRefused`'s union. */
export interface PermissionRefusal {
  error: "OrganizationRefused";
  code: "notMember" | "forbidden";
  message: string;
}

/**
 * Null when `activeOrganization` (the session's, as `getSession` shows it) allows every action
 * `statements` lists; otherwise the 403 body saying why.
 */
export function permissionRefusal(
  config: AuthConfig,
  activeOrganization: ActiveOrganization | null | undefined,
  statements: OrganizationStatements,
): PermissionRefusal | null {
  if (!activeOrganization) {
    return {
      error: "OrganizationRefused",
      code: "notMember",
      message: "No organization is active on this session: switch to one first.",
    };
  }
  if (roleHasPermission(config, activeOrganization.role, statements)) return null;
  const wanted = Object.entries(statements)
    .map(([resource, actions]) => `${resource}: ${actions.join(", ")}`)
    .join("; ");
  return {
    error: "OrganizationRefused",
    code: "forbidden",
    message: `Your role (${activeOrganization.role}) in ${activeOrganization.slug} does not allow ${wanted}.`,
  };
}
