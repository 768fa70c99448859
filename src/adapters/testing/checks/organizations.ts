/**
 * The organization methods (a latchkey extension): organizations, their members and invitations,
 * and the two races (docs/adapter-conformance.md). Each check runs only on an adapter that has
 * every method it uses, so adapters without organizations skip them all.
 */
import type { CheckDefinition } from "../context.js";
import { invitationChecks } from "./invitations.js";
import { organizationMemberChecks } from "./organization-members.js";
import { organizationRaceChecks } from "./organization-races.js";

export const organizationChecks: CheckDefinition[] = [
  ...organizationMemberChecks,
  ...invitationChecks,
  ...organizationRaceChecks,
];
