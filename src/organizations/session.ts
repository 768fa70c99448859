/**
 * The active organization on the session, from the feature's side: switching it (a membership
 * check, then the session strategy records the mark) and asking what the session's role allows,
 * from the mark alone: no store or adapter call beyond reading the session.
 */
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import { NotSignedIn } from "../core/errors.js";
import { FEATURE_MARKS_CLAIM, type FeatureMarks } from "../core/session-marks.js";
import type { CurrentSession } from "../core/session-strategy.js";
import { type ActiveOrganizationMark, ORGANIZATION_MARK_KEY, publicOrganizationMark } from "./active.js";
import type { Actor } from "./membership.js";
import { activeOrganizationMark } from "./operations.js";
import { OrganizationRefused } from "./refused.js";
import { roleAllows, type Statements } from "./roles.js";
import type { OrganizationSettings } from "./settings.js";

/** Makes `organizationId` (null: none) the session's active organization; returns it and the cookies to set. */
export async function setActiveOrganization(
  actor: Actor & { session: CurrentSession },
  organizationId: unknown,
): Promise<{ activeOrganization: ReturnType<typeof publicOrganizationMark>; cookies: CookieToSet[] }> {
  const mark = await activeOrganizationMark(actor, organizationId);
  const { ctx, session } = actor;
  // A session that carries claims (JWT) is re-issued with the mark among its feature marks; one
  // that keeps its data in storage records it beside the row.
  const set = { [ORGANIZATION_MARK_KEY]: mark ?? undefined };
  const { claims } = session;
  const cookies = claims
    ? await ctx.sessions.reissue(ctx, {
        ...claims,
        [FEATURE_MARKS_CLAIM]: { ...(claims[FEATURE_MARKS_CLAIM] as FeatureMarks | undefined), ...set },
      })
    : ((await ctx.sessions.recordFeatureMarks?.(ctx, set, session)) ?? []);
  return { activeOrganization: publicOrganizationMark(mark), cookies };
}

/** The request's active organization as its session carries it now; `NotSignedIn` without a session. */
export async function sessionOrganization(ctx: ServerContext): Promise<ActiveOrganizationMark | null> {
  const { session, features } = await ctx.sessions.read(ctx);
  if (session === null) throw new NotSignedIn("Sign in first: nobody is signed in on this request.");
  return (features?.[ORGANIZATION_MARK_KEY] as ActiveOrganizationMark | undefined) ?? null;
}

/** Whether the session's role in its active organization allows every action `wanted` lists; false with none active. */
export async function sessionAllows(
  ctx: ServerContext,
  settings: OrganizationSettings,
  wanted: Statements,
): Promise<boolean> {
  const organization = await sessionOrganization(ctx).catch((error: unknown) => {
    if (error instanceof NotSignedIn) return null;
    throw error;
  });
  return organization !== null && roleAllows(settings.roles, organization.role, wanted);
}

/**
 * The session's active organization when the user's role there is one of `roles`; otherwise
 * `OrganizationRefused` (`forbidden`, or `notMember` with none active), or `NotSignedIn`.
 */
export async function sessionRole(
  ctx: ServerContext,
  roles: readonly string[],
): Promise<{ id: string; slug: string; role: string }> {
  const organization = await sessionOrganization(ctx);
  if (organization === null)
    throw new OrganizationRefused("notMember", "No organization is active on this session.");
  if (!roles.includes(organization.role)) {
    throw new OrganizationRefused(
      "forbidden",
      `This needs the role ${roles.join(" or ")} in the active organization.`,
    );
  }
  return { id: organization.id, slug: organization.slug, role: organization.role };
}
