/**
 * What the organization checks share: comparing records field by field against the contract's
 * columns, and an organization with its owner (or one more member) set up through the adapter.
 */
import { INVITATION_COLUMNS, MEMBER_COLUMNS, ORGANIZATION_COLUMNS } from "../../columns.js";
import type {
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  AdapterUser,
  OrganizationMethod,
} from "../../types.js";
import type { Findings } from "../assert.js";
import type { CheckContext } from "../context.js";
import { daysFromNow, newMember, newOrganization } from "../fixtures.js";

export function expectRecord<T extends object>(
  expect: Findings,
  actual: T | null | undefined,
  expected: T,
  columns: readonly string[],
  what: string,
): void {
  const found = expect.present(actual, `${what} should be the record`);
  expect.onlyFields(found, columns, what);
  expect.equalFields(found, expected, columns, what);
}

export const expectOrganization = (
  expect: Findings,
  actual: AdapterOrganization | null | undefined,
  expected: AdapterOrganization,
  what: string,
) => expectRecord(expect, actual, expected, ORGANIZATION_COLUMNS, what);

export const expectMember = (
  expect: Findings,
  actual: AdapterMember | null | undefined,
  expected: AdapterMember,
  what: string,
) => expectRecord(expect, actual, expected, MEMBER_COLUMNS, what);

export const expectInvitation = (
  expect: Findings,
  actual: AdapterInvitation | null | undefined,
  expected: AdapterInvitation,
  what: string,
) => expectRecord(expect, actual, expected, INVITATION_COLUMNS, what);

/** An organization owned by a fresh user, created through the adapter (a setup step). */
export async function ownedOrganization(
  { setup, createUser }: CheckContext,
  overrides: Partial<AdapterOrganization> = {},
): Promise<{ organization: AdapterOrganization; owner: AdapterUser; ownership: AdapterMember }> {
  const owner = await createUser();
  const organization = newOrganization(overrides);
  const ownership = newMember(organization.id, owner.id, { role: "owner", createdAt: daysFromNow(-3) });
  await setup.createOrganization(organization, ownership);
  return { organization, owner, ownership };
}

/** A fresh user added to the organization with `role`, `createdAt` `daysAgo` days back (a setup step). */
export async function addedMember(
  context: CheckContext,
  organizationId: string,
  role: string,
  daysAgo = 1,
): Promise<AdapterMember> {
  const user = await context.createUser();
  const member = newMember(organizationId, user.id, { role, createdAt: daysFromNow(-daysAgo) });
  await context.setup.addMember(member);
  return member;
}

/** The methods nearly every organization check uses to set up and read back. */
export const ORGANIZATION_BASICS: OrganizationMethod[] = [
  "createOrganization",
  "getOrganization",
  "getMember",
];
