/**
 * `GET /verify-request`, the "check your e-mail" page shown once a sign-in mail is sent. The e-mail
 * flow declares it (`Flow.routes`), so a configuration without an e-mail provider has no such page,
 * and an edge bundle whose app mails nothing carries none of its code.
 */
import { approvedRedirect } from "../../core/callback-url.js";
import type { AuthContext } from "../../core/context.js";
import type { ResponseInternal } from "../../core/response.js";
import type { RouteTable } from "../../core/routes.js";
import { type RefusedCode, renderVerifyRequestPage } from "../../pages/index.js";
import type { EmailConfig } from "../../provider-types.js";
import { MAX_CODE_ATTEMPTS } from "./one-time-code.js";

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

/** The e-mail provider the query names, when it also mailed a one-time code (the page then has the form). */
function codeSendingProvider(ctx: AuthContext): EmailConfig | undefined {
  const providerId = ctx.req.query.provider;
  const provider = providerId === undefined ? undefined : ctx.config.providersById.get(providerId);
  return provider?.type === "email" && provider.otp ? provider : undefined;
}

async function verifyRequestAction(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.config.pages.verifyRequest) {
    return { redirect: await approvedRedirect(ctx, ctx.config.pages.verifyRequest, "pages.verifyRequest") };
  }
  const provider = codeSendingProvider(ctx);
  const refused = refusedCode(ctx.req.query);
  const page = renderVerifyRequestPage({
    host: new URL(ctx.origin).host,
    ...(provider
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
    language: ctx.language,
  });
  return { status: page.status, body: page.html };
}

export const EMAIL_ROUTES: RouteTable = {
  "verify-request": {
    methods: { GET: { csrf: "none", run: verifyRequestAction } },
    provider: "none",
    answers: "page",
  },
};
