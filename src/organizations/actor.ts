/**
 * Who an organization request or server call acts for: the signed-in user, read once per request
 * through the session strategy (so a session the pre-hijack defence ended acts for nobody).
 */
import type { ServerContext } from "../core/context.js";
import { NotSignedIn } from "../core/errors.js";
import type { CurrentSession } from "../core/session-strategy.js";
import type { Actor } from "./membership.js";
import type { OrganizationSettings } from "./settings.js";

const actors = new WeakMap<ServerContext, Promise<(Actor & { session: CurrentSession }) | null>>();

/** The request's actor, or null when nobody is signed in. */
export function actorOf(
  ctx: ServerContext,
  settings: OrganizationSettings,
): Promise<(Actor & { session: CurrentSession }) | null> {
  let actor = actors.get(ctx);
  if (actor === undefined) {
    actor = (async () => {
      const session = await ctx.sessions.current(ctx);
      const user = session ? await session.user() : null;
      return session && user ? { ctx, settings, user, session } : null;
    })();
    actors.set(ctx, actor);
  }
  return actor;
}

/** The request's actor; `NotSignedIn` when nobody is signed in. */
export async function requireActor(
  ctx: ServerContext,
  settings: OrganizationSettings,
): Promise<Actor & { session: CurrentSession }> {
  const actor = await actorOf(ctx, settings);
  if (actor === null) throw new NotSignedIn("Sign in first: organizations act for the signed-in user.");
  return actor;
}
