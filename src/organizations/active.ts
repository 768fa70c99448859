/**
 * The active organization a session carries (core/session-marks.ts), kept true: a membership
 * change writes a marker in the app's shared store (as revocation markers do,
 * session/revocation-markers.ts), and a session whose mark was read before the marker reads the
 * membership again on its next request. Without a shared store, a mark is read again once it is
 * older than `session.updateAge`: that is then how long a removed member may keep their role.
 */
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { SignInGate } from "../core/context.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import type { SessionMarkHook } from "../core/session-marks.js";

/** The active organization as a session records it: the member's role there, and when it was read. */
export interface ActiveOrganizationMark {
  id: string;
  slug: string;
  role: string;
  /** When the role was read from the adapter, in milliseconds since the epoch. */
  checkedAt: number;
}

/** Its key among the session's feature marks (core/session-marks.ts). */
export const ORGANIZATION_MARK_KEY = "org";

/** What a session shows of its active organization: which one, and the role. */
export const publicOrganizationMark = (mark: ActiveOrganizationMark | null | undefined) =>
  mark ? { id: mark.id, slug: mark.slug, role: mark.role } : null;

const changedKey = (userId: string) => `org:changed:${userId}`;

/** Markers are records: no flood of anonymous keys may push one out (see the store's contract). */
const AS_RECORD = { kind: "record" } as const;

/** How long a copy of a session could still be presented: what a marker must cover. */
const markerLifetimeMs = (config: ResolvedConfig) =>
  (Math.max(config.session.maxAge, config.jwt.maxAge) + 1) * 1000;

/**
 * Records that the memberships of `userIds` changed now (a role change, a removal, an
 * organization deleted): each one's sessions read their active organization again on their next
 * request. Replaces any earlier marker with this later time.
 */
export async function noteMembershipChanged(
  config: ResolvedConfig,
  userIds: readonly string[],
): Promise<void> {
  const store = config.revocationStore;
  if (!store) return;
  const now = String(Date.now());
  const ttl = markerLifetimeMs(config);
  await Promise.all(
    userIds.map(async (userId) => {
      const key = changedKey(userId);
      // The store has no plain set: a standing (older) marker is replaced. Of two racing writers
      // the one that lands keeps a time at most milliseconds older, which marks the same sessions.
      if (await store.setIfAbsent(key, now, ttl, AS_RECORD)) return;
      await store.delete(key);
      await store.setIfAbsent(key, now, ttl, AS_RECORD);
    }),
  );
}

/** The mark for `userId`'s membership of `organizationId` as stored now, or null when there is none. */
export async function readOrganizationMark(
  config: ResolvedConfig,
  userId: string,
  organizationId: string,
): Promise<ActiveOrganizationMark | null> {
  // Taken before the read: a change landing while it runs writes its marker later, so the next
  // request reads the membership again rather than trusting what this read may have missed.
  const checkedAt = Date.now();
  const getMember = adapterMethod(config.adapter, "getMember");
  const getOrganization = adapterMethod(config.adapter, "getOrganization");
  const [member, organization] = await Promise.all([
    callAdapter("read the active organization's member", () => getMember(organizationId, userId)),
    callAdapter("read the active organization", () => getOrganization(organizationId)),
  ]);
  if (!member || !organization) return null;
  return { id: organization.id, slug: organization.slug, role: member.role, checkedAt };
}

async function mayHaveChanged(
  config: ResolvedConfig,
  userId: string,
  mark: ActiveOrganizationMark,
): Promise<boolean> {
  const store = config.revocationStore;
  if (!store) return Date.now() - mark.checkedAt > config.session.updateAge * 1000;
  const changed = await store.get(changedKey(userId));
  // A marker that does not parse covers every mark (fail closed).
  return changed !== undefined && !(Number(changed) < mark.checkedAt);
}

/** Whether a recorded claim is a mark as latchkey writes them (a JWT from an app's own `jwt.encode` may hold anything). */
function isMark(value: unknown): value is ActiveOrganizationMark {
  if (typeof value !== "object" || value === null) return false;
  const { id, slug, role, checkedAt } = value as Record<string, unknown>;
  return (
    typeof id === "string" &&
    typeof slug === "string" &&
    typeof role === "string" &&
    typeof checkedAt === "number" &&
    Number.isFinite(checkedAt)
  );
}

/**
 * A sign-in's say (core/context.ts, `SignInGate`): the organization the user last made active is
 * active again, recorded among the sign-in's marks, which carry it on whole from here.
 */
export const restoreActiveOrganization: SignInGate = async (ctx, signIn) => {
  const userId = signIn.user.id;
  const mark = userId ? await lastActiveMark(ctx.config, userId) : null;
  if (mark) signIn.marks.features = { ...signIn.marks.features, [ORGANIZATION_MARK_KEY]: mark };
  return undefined;
};

/** The organization to make active when `userId` signs in: the one last used, or none. */
async function lastActiveMark(
  config: ResolvedConfig,
  userId: string,
): Promise<ActiveOrganizationMark | null> {
  const checkedAt = Date.now();
  const list = adapterMethod(config.adapter, "listOrganizationsByUserId");
  const memberships = await callAdapter("list the user's organizations", () => list(userId));
  let last: (typeof memberships)[number] | undefined;
  for (const membership of memberships) {
    const at = membership.member.lastActiveAt?.valueOf();
    if (at !== undefined && (last === undefined || at > (last.member.lastActiveAt?.valueOf() ?? 0))) {
      last = membership;
    }
  }
  if (last === undefined) return null;
  return { id: last.organization.id, slug: last.organization.slug, role: last.member.role, checkedAt };
}

/**
 * `mark` as it stands now: itself when nothing may have changed since it was read, else the
 * member's current role there, or null when they are no longer a member (or it is no mark at all).
 */
async function currentMark(
  config: ResolvedConfig,
  userId: unknown,
  mark: unknown,
): Promise<ActiveOrganizationMark | null> {
  if (!isMark(mark) || typeof userId !== "string") return null;
  if (!(await mayHaveChanged(config, userId, mark))) return mark;
  return readOrganizationMark(config, userId, mark.id);
}

/**
 * The active organization as a session mark: the one last used at sign-in, read again after a
 * membership change, and shown as the session's `activeOrganization` (null when none is active).
 */
export const activeOrganizationMarkHook: SessionMarkHook = {
  async current(config, userId, features) {
    const recorded = features?.[ORGANIZATION_MARK_KEY];
    // None recorded stays none; anything else must be a mark as latchkey writes them.
    if (recorded === undefined) return features;
    const mark = await currentMark(config, userId, recorded);
    return mark === recorded ? features : { ...features, [ORGANIZATION_MARK_KEY]: mark ?? undefined };
  },

  show(session, features) {
    session.activeOrganization = publicOrganizationMark(
      features?.[ORGANIZATION_MARK_KEY] as ActiveOrganizationMark | undefined,
    );
  },
};
