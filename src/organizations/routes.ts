/**
 * The organizations feature's routes, declared by the feature (nothing in pipeline/ names them).
 * All answer JSON; every POST needs the CSRF token, as every state-changing route does.
 *
 * - `GET /organization?action=list` the user's organizations; `get&organizationId=` one with its
 *   members; `invitations&organizationId=` its invitations; `userInvitations` those sent to the
 *   user; `active` the session's active organization.
 * - `POST /organization` `{ action, … }`: `update`, `delete`, `addMember`, `removeMember`,
 *   `updateMemberRole`, `leave`, `cancelInvitation`, `rejectInvitation`, `acceptInvitation`,
 *   `setActive` (the last two set the session's cookies).
 * - `POST /organization-create` `{ name, slug, logo?, metadata? }` and `POST /organization-invite`
 *   `{ organizationId, email, role }` or `{ invitationId }` (resend): counted per signed-in user by
 *   the `signInRequest` rule, as every request that sends a mail or stores something for a user.
 * - `GET /organization-invitation?id=`: the invitation link. Signed out, to the sign-in page
 *   (sign-up, for a new address), coming back here; signed in, to the app's `invitationPage`.
 */
import type { CookieToSet } from "../cookie/header.js";
import type { AuthContext } from "../core/context.js";
import { InvalidRequest, NotSignedIn } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import type { RouteTable } from "../core/routes.js";
import { actorOf, requireActor } from "./actor.js";
import {
  acceptInvitation,
  cancelInvitation,
  inviteMember,
  listOrganizationInvitations,
  listUserInvitations,
  rejectInvitation,
  resendInvitation,
} from "./invitations.js";
import {
  addMember,
  createOrganization,
  deleteOrganization,
  getOrganization,
  leaveOrganization,
  listOrganizations,
  removeMember,
  updateMemberRole,
  updateOrganization,
} from "./operations.js";
import { OrganizationRefused } from "./refused.js";
import { CREATE_ROUTE, INVITATION_ROUTE, INVITE_ROUTE, ORGANIZATION_ROUTE } from "./route-names.js";
import { setActiveOrganization } from "./session.js";
import type { OrganizationSettings } from "./settings.js";

type Action = (ctx: AuthContext, settings: OrganizationSettings) => Promise<ResponseInternal>;

/** Refusals answer with their code, which a client can `switch` on; nobody signed in is a 401. */
function answering(action: Action): Action {
  return async (ctx, settings) => {
    try {
      return await action(ctx, settings);
    } catch (error) {
      if (error instanceof OrganizationRefused) {
        ctx.config.logger.warn(
          error.type,
          `${error.message} (${error.code}; see docs/errors.md#organizationrefused)`,
        );
        if (error.cause !== undefined) ctx.config.logger.debug(`${error.type} was caused by`, error.cause);
        return {
          status: error.status,
          body: { error: error.type, code: error.code, message: error.message },
        };
      }
      if (error instanceof NotSignedIn) {
        return { status: 401, body: { error: error.type, message: error.message } };
      }
      throw error;
    }
  };
}

const ok = (body: unknown, cookies: CookieToSet[] = []): ResponseInternal => ({ status: 200, body, cookies });

const read: Action = async (ctx, settings) => {
  const actor = await requireActor(ctx, settings);
  const { action, organizationId } = ctx.req.query;
  switch (action) {
    case "list":
      return ok(await listOrganizations(actor));
    case "get":
      return ok(await getOrganization(actor, organizationId));
    case "invitations":
      return ok(await listOrganizationInvitations(actor, organizationId));
    case "userInvitations":
      return ok(await listUserInvitations(actor));
    default:
      throw new InvalidRequest("GET /organization takes ?action=list, get, invitations or userInvitations.");
  }
};

const change: Action = async (ctx, settings) => {
  const actor = await requireActor(ctx, settings);
  const { action, organizationId, userId, role, invitationId } = ctx.req.body;
  switch (action) {
    case "update":
      return ok(await updateOrganization(actor, organizationId, ctx.req.body));
    case "delete":
      await deleteOrganization(actor, organizationId);
      return ok({ deleted: true });
    case "addMember":
      return ok(await addMember(actor, organizationId, userId, role));
    case "removeMember":
      await removeMember(actor, organizationId, userId);
      return ok({ removed: true });
    case "updateMemberRole":
      return ok(await updateMemberRole(actor, organizationId, userId, role));
    case "leave":
      await leaveOrganization(actor, organizationId);
      return ok({ left: true });
    case "cancelInvitation":
      await cancelInvitation(actor, invitationId);
      return ok({ canceled: true });
    case "rejectInvitation":
      await rejectInvitation(actor, invitationId);
      return ok({ rejected: true });
    case "acceptInvitation": {
      const member = await acceptInvitation(actor, invitationId);
      const { activeOrganization, cookies } = await setActiveOrganization(actor, member.organizationId);
      return ok({ member, activeOrganization }, cookies);
    }
    case "setActive": {
      const { activeOrganization, cookies } = await setActiveOrganization(actor, organizationId ?? null);
      return ok({ activeOrganization }, cookies);
    }
    default:
      throw new InvalidRequest(
        "POST /organization takes an action: update, delete, addMember, removeMember, updateMemberRole, leave, cancelInvitation, rejectInvitation, acceptInvitation or setActive.",
      );
  }
};

const create: Action = async (ctx, settings) => {
  const actor = await requireActor(ctx, settings);
  return ok(await createOrganization(actor, ctx.req.body));
};

const invite: Action = async (ctx, settings) => {
  const actor = await requireActor(ctx, settings);
  const { organizationId, email, role, invitationId } = ctx.req.body;
  const sent =
    invitationId !== undefined
      ? await resendInvitation(actor, invitationId)
      : await inviteMember(actor, organizationId, email, role);
  return ok({ invitation: sent.invitation });
};

const landing: Action = async (ctx, settings) => {
  const id = ctx.req.query.id ?? "";
  const actor = await actorOf(ctx, settings);
  if (actor === null) {
    const signIn = new URL(ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`, ctx.origin);
    signIn.searchParams.set("callbackUrl", ctx.req.url.href);
    return { redirect: signIn.href };
  }
  const page = new URL(settings.options.invitationPage ?? "/", ctx.origin);
  if (page.origin !== ctx.origin)
    throw new InvalidRequest("organizations.invitationPage must be on the app's origin.");
  page.searchParams.set("invitation", id);
  return { redirect: page.href };
};

/** The accounts a create or invite counts against: the signed-in user. */
async function perUser(ctx: AuthContext, settings: OrganizationSettings): Promise<string[]> {
  const actor = await actorOf(ctx, settings);
  return actor === null ? [] : [`user:${actor.user.id}`];
}

export function organizationRoutes(settings: OrganizationSettings): RouteTable {
  const run = (action: Action) => (ctx: AuthContext) => answering(action)(ctx, settings);
  return {
    [ORGANIZATION_ROUTE]: {
      methods: {
        GET: { csrf: "none", run: run(read) },
        POST: { csrf: "required", run: run(change) },
      },
      provider: "none",
      answers: "json",
    },
    [CREATE_ROUTE]: {
      methods: {
        POST: {
          csrf: "required",
          rateLimit: "signInRequest",
          rateLimitKeys: (ctx) => perUser(ctx, settings),
          run: run(create),
        },
      },
      provider: "none",
      answers: "json",
    },
    [INVITE_ROUTE]: {
      methods: {
        POST: {
          csrf: "required",
          rateLimit: "signInRequest",
          rateLimitKeys: (ctx) => perUser(ctx, settings),
          run: run(invite),
        },
      },
      provider: "none",
      answers: "json",
    },
    [INVITATION_ROUTE]: {
      methods: { GET: { csrf: "none", run: run(landing) } },
      provider: "none",
      answers: "page",
    },
  };
}
