/**
 * The path segments of the organizations feature's routes under `basePath`, in one place: the
 * routes (routes.ts) and the invitation link name them. core/route-names.ts lists them for
 * `isAuthAction` too; `satisfies` keeps each one on that list.
 */
import type { DeclaredRouteName } from "../core/routes.js";

/** `GET ?action=` reads, `POST` `{ action, … }` every other operation (JSON). */
export const ORGANIZATION_ROUTE = "organization" satisfies DeclaredRouteName;
/** `POST`: creates an organization; its own route, for its own rate-limit rule. */
export const CREATE_ROUTE = "organization-create" satisfies DeclaredRouteName;
/** `POST`: invites an address, or sends an invitation again; its own route, for its own rate-limit rule. */
export const INVITE_ROUTE = "organization-invite" satisfies DeclaredRouteName;
/** `GET ?id=`: where an invitation's link lands (sign-in first, then the app's invitation page). */
export const INVITATION_ROUTE = "organization-invitation" satisfies DeclaredRouteName;
