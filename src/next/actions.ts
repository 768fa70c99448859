/**
 * `signIn`, `signOut` and `unstable_update` for server actions. Each makes the request a browser
 * would make to latchkey's routes, answers it in process, sets the cookies of the answer through
 * `next/headers` and redirects with `next/navigation`'s `redirect`.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { finishingRoute } from "../client/finishing-route.js";
import type { InProcessBody, InProcessConfig } from "../framework/in-process.js";
import { Auth, type ResponseInternal, type Session } from "../index.js";
import { refusal } from "./action-error.js";
import type { NextConfigs } from "./config.js";
import { setActionCookies } from "./cookies.js";
import { actionUrl, internalRequest } from "./internal-request.js";
import type { SessionUpdate, SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js";

/** The headers of the request this server action runs for. */
const incomingHeaders = async (): Promise<Headers> => new Headers(await headers());

/** Asks latchkey's handler, in process, and sets the cookies it issues. */
async function ask(
  incoming: Headers,
  config: InProcessConfig,
  action: string,
  body?: InProcessBody,
  query?: URLSearchParams,
): Promise<ResponseInternal> {
  const result = await Auth(internalRequest(incoming, config, action, body, query), config);
  await setActionCookies(result.cookies);
  return result;
}

/** The form fields a sign-in posts: the options' strings, numbers and booleans, as a browser form would. */
function formFields(fields: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      form[name] = String(value);
    }
  }
  return form;
}

/** The pages latchkey sends a refused sign-in to: the sign-in page and the error page. */
function errorPages(incoming: Headers, configs: NextConfigs): string[] {
  const { pages } = configs.handler;
  return [
    new URL(configs.signInPage, "http://a").pathname,
    new URL(pages?.error ?? actionUrl(incoming, configs.handler, "error").pathname, "http://a").pathname,
  ];
}

interface ProviderListing {
  type: string;
}

export async function signIn(
  configs: NextConfigs,
  provider: string | undefined,
  options: FormData | SignInOptions<boolean> = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<string> {
  const incoming = await incomingHeaders();
  const {
    redirect: shouldRedirect = true,
    redirectTo,
    ...fields
  } = options instanceof FormData ? Object.fromEntries(options) : options;
  const callbackUrl = typeof redirectTo === "string" ? redirectTo : (incoming.get("referer") ?? "/");
  const go = (url: string): string => (shouldRedirect === false ? url : redirect(url));

  const listed = provider
    ? ((await ask(incoming, configs.action, "providers")).body as Record<string, ProviderListing> | null)
    : null;
  const type = provider ? listed?.[provider]?.type : undefined;
  if (provider === undefined || type === undefined) {
    // No provider, or one this app does not have: the sign-in page lists the ones it has.
    const page = actionUrl(incoming, configs.handler, "signin");
    page.searchParams.set("callbackUrl", callbackUrl);
    return go(page.href);
  }
  const route = `${finishingRoute(type, fields)}/${provider}`;
  const result = await ask(
    incoming,
    configs.action,
    route,
    { form: { ...formFields(fields), callbackUrl } },
    new URLSearchParams(authorizationParams),
  );
  const refused = refusal(result, errorPages(incoming, configs));
  if (refused) throw refused;
  return go(result.redirect ?? callbackUrl);
}

export async function signOut(
  configs: NextConfigs,
  options: SignOutOptions<boolean> = {},
): Promise<{ redirect: string }> {
  const incoming = await incomingHeaders();
  const callbackUrl = options.redirectTo ?? incoming.get("referer") ?? "/";
  const result = await ask(incoming, configs.action, "signout", { form: { callbackUrl } });
  const target = result.redirect ?? callbackUrl;
  if (options.redirect !== false) redirect(target);
  return { redirect: target };
}

export async function updateSession(configs: NextConfigs, data: SessionUpdate): Promise<Session | null> {
  const incoming = await incomingHeaders();
  const result = await ask(incoming, configs.action, "session", { json: { data } });
  if ((result.status ?? 200) >= 400) return null;
  return (result.body as Session | null) ?? null;
}
