/**
 * What every organization operation starts with: the member acting, read from the adapter for
 * the organization the request names (never only its id: an id of an organization the user is not
 * in reads as `notMember`, whether it exists or not), and the role check (roles.ts) for the action.
 * Also the shared shapes: the organization as the API shows it, hooks that may refuse, events.
 */
import type { AdapterMember, AdapterOrganization, AdapterUser } from "../adapters/types.js";
import type { Organization, OrganizationEvents, OrganizationHooks } from "../config.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { EventError } from "../core/errors.js";
import { OrganizationRefused } from "./refused.js";
import { roleAllows, type Statements } from "./roles.js";
import type { OrganizationSettings } from "./settings.js";

/** A signed-in user acting on organizations. */
export interface Actor {
  ctx: ServerContext;
  settings: OrganizationSettings;
  user: AdapterUser;
}

/** The member acting in one organization, with it. */
export interface Membership {
  organization: AdapterOrganization;
  member: AdapterMember;
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The stored organization as the API returns it. */
export function publicOrganization(organization: AdapterOrganization): Organization {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo,
    metadata: parseMetadata(organization.metadata),
    createdAt: organization.createdAt,
  };
}

/** The actor's membership of `organizationId`; `notMember` for an organization they are not in, or none. */
export async function membershipOf(actor: Actor, organizationId: unknown): Promise<Membership> {
  if (typeof organizationId !== "string" || organizationId === "") {
    throw new OrganizationRefused("notMember", "Name the organization by its id.");
  }
  const { adapter } = actor.ctx.config;
  const getMember = adapterMethod(adapter, "getMember");
  const member = await callAdapter("read a membership", () => getMember(organizationId, actor.user.id));
  if (!member) throw new OrganizationRefused("notMember", "You are not a member of this organization.");
  const getOrganization = adapterMethod(adapter, "getOrganization");
  const organization = await callAdapter("read an organization", () => getOrganization(organizationId));
  if (!organization) throw new OrganizationRefused("notMember", "You are not a member of this organization.");
  return { organization, member };
}

/** The actor's membership, when their role there allows `wanted`; else `forbidden`. */
export async function permittedMembership(
  actor: Actor,
  organizationId: unknown,
  wanted: Statements,
): Promise<Membership> {
  const membership = await membershipOf(actor, organizationId);
  if (!roleAllows(actor.settings.roles, membership.member.role, wanted)) {
    throw new OrganizationRefused("forbidden", "Your role in this organization does not allow this.");
  }
  return membership;
}

/** Runs a before-hook; a throw refuses the operation (`refusedByHook`, or the hook's own refusal). */
export async function askHook<Name extends keyof OrganizationHooks>(
  settings: OrganizationSettings,
  name: Name,
  params: Parameters<NonNullable<OrganizationHooks[Name]>>[0],
): Promise<void> {
  const hook = settings.options.hooks?.[name] as ((params: unknown) => unknown) | undefined;
  if (!hook) return;
  try {
    await hook(params);
  } catch (error) {
    if (error instanceof OrganizationRefused) throw error;
    throw new OrganizationRefused("refusedByHook", `organizations.hooks.${name} refused.`, { cause: error });
  }
}

/** Tells an `organizations.events` handler; a failing one is logged and never fails the request. */
export async function tell<Name extends keyof OrganizationEvents>(
  actor: Actor,
  name: Name,
  params: Parameters<NonNullable<OrganizationEvents[Name]>>[0],
): Promise<void> {
  const handler = actor.settings.options.events?.[name] as ((params: unknown) => unknown) | undefined;
  if (!handler) return;
  try {
    await handler(params);
  } catch (error) {
    actor.ctx.config.logger.error(new EventError(`organizations.events.${name} threw`, { cause: error }));
  }
}
