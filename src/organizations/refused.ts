/**
 * The error every refused organization operation raises, with a code from a closed union an app
 * can `switch` on (docs/errors.md#organizationrefused). A request error: the routes answer it as
 * JSON with its code. It lives with the feature, so an app without organizations bundles none of it.
 */
import { RequestError } from "../core/errors.js";

/** Why an organization operation was refused: `OrganizationRefused.code`, a closed union to `switch` on. */
export type OrganizationRefusalCode =
  /** The organization does not exist, or the user is not a member of it (the two read alike). */
  | "notMember"
  /** The member's role does not allow the operation. */
  | "forbidden"
  /** The role is unknown, above the actor's own, or the target's role is above it. */
  | "roleNotAllowed"
  /** The operation would leave the organization without an owner. */
  | "lastOwner"
  | "slugTaken"
  /** A limit of `organizations.limits` is reached. */
  | "limitReached"
  /** The invitation is unknown, used, rejected, cancelled or expired. */
  | "invitationUnavailable"
  /** The invitation was sent to another address, or the user has not proven theirs. */
  | "wrongAddress"
  | "alreadyMember"
  /** A before-hook of `organizations.hooks` refused. */
  | "refusedByHook";

/**
 * An organization operation was refused (docs/organizations.md): `code` says why. Answered as JSON
 * with its type and code, never more: an id of another organization reads as `notMember` whether
 * it exists or not.
 */
export class OrganizationRefused extends RequestError {
  static override readonly type = "OrganizationRefused";
  static override readonly status = 403;
  constructor(
    readonly code: OrganizationRefusalCode = "forbidden",
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? `The organization operation was refused (${code}).`, options);
  }
}
