/**
 * `latchkey/sveltekit`: latchkey in a SvelteKit app, with the shapes of `@auth/sveltekit`.
 * {@link SvelteKitAuth} returns the `handle` hook (latchkey's routes, and `event.locals.auth()`) and
 * the `signIn`/`signOut` form actions. See docs/sveltekit.md.
 *
 * @example
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from "latchkey/sveltekit";
 * import Credentials from "latchkey/providers/credentials";
 *
 * export const { handle, signIn, signOut } = SvelteKitAuth({
 *   providers: [Credentials({ authorize: async ({ email, password }) => checkPassword(email, password) })],
 * });
 * // src/hooks.server.ts: export { handle } from "./auth";
 * ```
 *
 * @module
 */
// Types only: the app's build bundles its own copy of SvelteKit, whose classes latchkey's copy
// would not match (see action-outcome.ts), so nothing of SvelteKit's is called at run time.
import type { Action, Handle, RequestEvent } from "@sveltejs/kit";
import { BASE_PATH_META_NAME } from "../client/base-url.js";
import { finishingRoute } from "../client/finishing-route.js";
import { isAuthPath } from "../framework/auth-path.js";
import { basePathOf } from "../framework/base-path.js";
import { type ConfigSource, configPerRequest } from "../framework/config-copies.js";
import { forwardedHeaders, inProcessConfig, inProcessRequest, refusedType } from "../framework/in-process.js";
import { signInLocation } from "../framework/protected-route.js";
import {
  keepForwardedIfTrusted,
  requestUnderProxyRule,
  sessionRequestUnderProxyRule,
} from "../framework/trusted-proxy.js";
import {
  Auth,
  type AuthConfig,
  attachSocketAddress,
  type CookieToSet,
  getSession,
  type Session,
} from "../index.js";
import { escapeHtml } from "../pages/escape.js";
import { type ActionOutcome, answerWith, settle, takeOutcome, wrapRequest } from "./action-outcome.js";
import { splitAuthorizationParams } from "./form-fields.js";

// The names `@auth/sveltekit` exports beside `SvelteKitAuth`, so that its imports switch as they are.
export type { Account, DefaultSession, Profile, Session, User } from "../index.js";
export { AuthError, CredentialsSignin, customFetch } from "../index.js";

declare global {
  namespace App {
    interface Locals {
      /** The signed-in session, or null; read at most once per request. Set by latchkey's `handle`. */
      auth(): Promise<Session | null>;
    }
  }
}

/** `SvelteKitAuth`'s argument: a config, or a function of the request event returning one. */
export type SvelteKitAuthConfig = ConfigSource<RequestEvent>;

export interface SvelteKitAuthResult {
  /** The server hook: serves latchkey's routes under the base path and sets `event.locals.auth()`. */
  handle: Handle;
  /**
   * A form action that signs in: the form's `providerId` names the provider (none: the sign-in
   * page), `redirectTo` where to go afterwards (default: the page the form was on),
   * `authorizationParams-<name>` fields the authorization request's extra parameters, and the other
   * fields are the provider's (a credentials provider's inputs, an e-mail address).
   */
  signIn: Action;
  /** A form action that signs out; `redirectTo` says where to go afterwards. */
  signOut: Action;
}

/**
 * Whether latchkey may read `X-Forwarded-*` itself: never in SvelteKit. The adapter is where the
 * app says which proxy headers to trust (adapter-node's `ORIGIN`, `PROTOCOL_HEADER`, `HOST_HEADER`,
 * `ADDRESS_HEADER`), and it has applied them already to the request's URL and to
 * `getClientAddress()`; the headers themselves may be the client's.
 */
const READS_FORWARDED_HEADERS = false;

/** The client's address as SvelteKit's adapter determined it (adapter-node honours its `ADDRESS_HEADER`). */
function clientAddress(event: RequestEvent): string | undefined {
  try {
    return event.getClientAddress();
  } catch {
    return undefined; // an adapter that cannot tell
  }
}

/**
 * Form actions post to the app's own page, so only a cross-site form could post from elsewhere.
 * SvelteKit refuses those by default (`csrf.checkOrigin`); this holds even where an app turned that
 * off, since the actions below skip latchkey's own CSRF token (the form has none).
 */
function crossSiteRefusal(event: RequestEvent): ActionOutcome | undefined {
  const origin = event.request.headers.get("origin");
  if (origin !== null && origin !== event.url.origin) {
    return { kind: "refused", status: 403, message: "Cross-site form submissions cannot sign in or out." };
  }
  return undefined;
}

/** The fields of the action's form, text values only; undefined when the body is no form. */
async function formFields(event: RequestEvent): Promise<Record<string, string> | undefined> {
  let form: FormData;
  try {
    form = await event.request.formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

const NOT_A_FORM: ActionOutcome = {
  kind: "refused",
  status: 400,
  message: "The sign-in and sign-out actions take a form.",
};

/**
 * Tells latchkey/client in the page where latchkey's routes are, so its default needs no
 * `configureClient` (SvelteKit's `transformPageChunk`; the `<head>` arrives in the first chunk).
 */
function announceBasePath(basePath: string) {
  const meta = `<meta name="${BASE_PATH_META_NAME}" content="${escapeHtml(basePath)}">`;
  let announced = false;
  return ({ html }: { html: string }) => {
    if (announced || !html.includes("</head>")) return html;
    announced = true;
    return html.replace("</head>", `${meta}</head>`);
  };
}

function setCookies(event: RequestEvent, cookies: CookieToSet[] | undefined): void {
  for (const { name, value, options } of cookies ?? []) {
    // SvelteKit makes cookies `Secure` unless told otherwise; latchkey already decided from the app's origin.
    event.cookies.set(name, value, {
      ...options,
      path: options.path ?? "/",
      secure: options.secure === true,
    });
  }
}

/**
 * latchkey for a SvelteKit app (`SvelteKitAuth` of `@auth/sveltekit`). The config may be a function
 * of the request event, called once per request; return the same object when nothing changed, since
 * latchkey prepares a config once per object.
 *
 * The form actions call latchkey in-process, so their forms need no CSRF token: SvelteKit's origin
 * check, and the same check here, refuse a cross-site post.
 *
 * @example
 * ```ts
 * // src/routes/+layout.server.ts
 * import type { ServerLoad } from "@sveltejs/kit";
 * export const load: ServerLoad = async (event) => ({ session: await event.locals.auth() });
 *
 * // src/routes/signin/+page.server.ts: <form method="POST"> with providerId, and its fields
 * import { signIn } from "../../auth.js";
 * export const actions = { default: signIn };
 * ```
 */
export function SvelteKitAuth(config: SvelteKitAuthConfig): SvelteKitAuthResult {
  const configFor = configPerRequest(config);
  /** Posts `fields` to one of latchkey's routes on behalf of the action's request; returns the internal result. */
  async function post(
    event: RequestEvent,
    config: AuthConfig,
    path: string,
    fields: Record<string, string>,
    query?: URLSearchParams,
  ) {
    const url = new URL(`${basePathOf(config)}${path}`, event.url);
    url.search = query?.toString() ?? "";
    const headers = keepForwardedIfTrusted(forwardedHeaders(event.request.headers), READS_FORWARDED_HEADERS);
    const request = inProcessRequest(url, headers, { form: fields });
    return Auth(attachSocketAddress(request, clientAddress(event)), inProcessConfig(config));
  }

  /** Sends the browser on as latchkey said, or shows the form again with latchkey's error. */
  function follow(event: RequestEvent, result: Awaited<ReturnType<typeof post>>) {
    setCookies(event, result.cookies);
    if (result.redirect !== undefined) {
      return settle(event.locals, { kind: "redirect", location: result.redirect });
    }
    return settle(event.locals, {
      kind: "failure",
      status: result.status ?? 500,
      error: refusedType(result),
    });
  }

  /** Which providers are of which type, from latchkey's own listing (factories are resolved there). */
  async function providerType(
    event: RequestEvent,
    config: AuthConfig,
    id: string,
  ): Promise<string | undefined> {
    const listing = await Auth(
      new Request(new URL(`${basePathOf(config)}/providers`, event.url)),
      inProcessConfig(config),
    );
    const providers = listing.body as Record<string, { type?: string }> | undefined;
    return providers?.[id]?.type;
  }

  const handle: Handle = async ({ event, resolve }) => {
    const config = await configFor(event);
    let session: Promise<Session | null> | undefined;
    event.locals.auth = () => {
      session ??= getSession(sessionRequestUnderProxyRule(event.request, READS_FORWARDED_HEADERS), config);
      return session;
    };
    const basePath = basePathOf(config);
    if (isAuthPath(event.url.pathname, basePath)) {
      const request = requestUnderProxyRule(event.request, READS_FORWARDED_HEADERS);
      return Auth(attachSocketAddress(request, clientAddress(event)), config);
    }
    wrapRequest(event.locals);
    const response = await resolve(event, { transformPageChunk: announceBasePath(basePath) });
    const outcome = takeOutcome(event.locals);
    return outcome === undefined ? response : answerWith(response, outcome);
  };

  const signIn: Action = async (event) => {
    const refused = crossSiteRefusal(event);
    if (refused) return settle(event.locals, refused);
    const config = await configFor(event);
    const form = await formFields(event);
    if (form === undefined) return settle(event.locals, NOT_A_FORM);
    const { providerId, redirectTo, ...rest } = form;
    const { fields, authorizationParams } = splitAuthorizationParams(rest);
    const callbackUrl = redirectTo || event.request.headers.get("referer") || "/";
    const type = providerId ? await providerType(event, config, providerId) : undefined;
    if (!providerId || type === undefined) {
      // No provider, or one latchkey does not know: the sign-in page lists the ones it does.
      return settle(event.locals, { kind: "redirect", location: signInLocation(config, callbackUrl) });
    }
    const route = finishingRoute(type, fields);
    const path = `/${route}/${encodeURIComponent(providerId)}`;
    return follow(event, await post(event, config, path, { ...fields, callbackUrl }, authorizationParams));
  };

  const signOut: Action = async (event) => {
    const refused = crossSiteRefusal(event);
    if (refused) return settle(event.locals, refused);
    const config = await configFor(event);
    const form = await formFields(event);
    if (form === undefined) return settle(event.locals, NOT_A_FORM);
    const { redirectTo } = form;
    const callbackUrl = redirectTo || event.request.headers.get("referer") || "/";
    return follow(event, await post(event, config, "/signout", { callbackUrl }));
  };

  return { handle, signIn, signOut };
}
