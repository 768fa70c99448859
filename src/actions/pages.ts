import { approvedRedirect } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { errorPageStatus } from "../core/error-traits.js";
import { MAX_CODE_ATTEMPTS } from "../core/one-time-code-refused.js";
import type { ResponseInternal } from "../core/response.js";
import { flowFor } from "../flows/index.js";
import { type RefusedCode, renderErrorPage, renderVerifyRequestPage } from "../pages/index.js";

/**
 * What the query says about a refused code: `?error=Verification` (set by the handler when a code
 * is refused), with `attemptsLeft` when the code was wrong. The query is the browser's to edit, so
 * only a count within the real limit is believed; it changes nothing but the words on the page.
 */
function refusedCode(query: Record<string, string | undefined>): RefusedCode | undefined {
  if (query.error !== "Verification") return undefined;
  const left = Number(query.attemptsLeft);
  const valid =
    query.attemptsLeft !== undefined && Number.isInteger(left) && left >= 0 && left < MAX_CODE_ATTEMPTS;
  return valid ? { attemptsLeft: left } : {};
}

/** GET /verify-request: "check your e-mail", shown after an e-mail sign-in starts. */
export async function verifyRequestAction(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.config.pages.verifyRequest) {
    return { redirect: await approvedRedirect(ctx, ctx.config.pages.verifyRequest, "pages.verifyRequest") };
  }
  // A provider that also mailed a one-time code gets the form to enter it (the query names the provider).
  const providerId = ctx.req.query.provider;
  const provider = providerId === undefined ? undefined : ctx.config.providersById.get(providerId);
  const withCode =
    provider !== undefined && flowFor(provider)?.pageEntry(provider, ctx.actionUrl).otp === true;
  const refused = refusedCode(ctx.req.query);
  const page = renderVerifyRequestPage({
    host: new URL(ctx.origin).host,
    ...(withCode
      ? {
          codeForm: {
            actionUrl: ctx.actionUrl("callback", provider.id),
            csrfToken: (await ctx.csrf()).token,
            signinUrl: ctx.actionUrl("signin", provider.id),
            ...(ctx.req.query.email ? { email: ctx.req.query.email } : {}),
            ...(refused ? { refused } : {}),
          },
        }
      : {}),
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html };
}

/** GET /error?error=<Type>: explains a failed sign-in; the type only selects a message and a status. */
export async function errorPageAction(ctx: AuthContext): Promise<ResponseInternal> {
  const error = ctx.req.query.error ?? "Default";
  if (ctx.config.pages.error) {
    const target = new URL(await approvedRedirect(ctx, ctx.config.pages.error, "pages.error"));
    target.searchParams.set("error", error);
    return { redirect: target.href };
  }
  const page = renderErrorPage({
    error,
    signinUrl: ctx.actionUrl("signin"),
    status: errorPageStatus(error),
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html };
}
