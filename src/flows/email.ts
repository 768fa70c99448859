/**
 * E-mail (passwordless) providers. `POST /signin/:id` mails a one-time link (and, with `otp`, a code)
 * to the address, which must be one plain address. The link lands on a confirm page whose button
 * posts the token back (`confirm: false`: the GET itself signs in, as in Auth.js); a code is posted
 * with the address. Either way the token is used once, through the adapter, and the owner of the
 * address signs in: a new user, or the existing one, whose address is now proven.
 */

import { type CodeKey, carriedCode } from "../carried-code.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { approvedRedirect, resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { requestedAddress } from "../core/email-address.js";
import { EmailSignInError, InvalidConfig, InvalidRequest, Verification } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { emailErrors } from "../locales/en/errors.js";
import { emailUserResolver, signInVerdict } from "../login/index.js";
import { renderEmailConfirmPage } from "../pages/index.js";
import type { EmailConfig, User } from "../provider-types.js";
import { issueOneTimeCode, useOneTimeCode } from "./email/one-time-code.js";
import { issueVerificationToken, useLinkToken } from "./email/verification-token.js";
import { EMAIL_ROUTES } from "./email/verify-request.js";
import type { CallbackResult, Flow } from "./types.js";

/** The stored user with this address, or the user it would become, as the `signIn` callback sees it. */
async function userForAddress(ctx: AuthContext, email: string): Promise<User> {
  const getUserByEmail = adapterMethod(ctx.config.adapter, "getUserByEmail");
  const stored = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
  return stored ?? { id: ctx.runtime.randomUUID(), email, emailVerified: null };
}

const emailAccount = (provider: EmailConfig, email: string) => ({
  provider: provider.id,
  type: "email" as const,
  providerAccountId: email,
});

/**
 * Where the browser goes once the mail is sent: the verify-request page, told which provider sent
 * it and to which address, so that its code form is filled in with the address just typed.
 */
async function verifyRequestTarget(ctx: AuthContext, provider: EmailConfig, email: string): Promise<string> {
  const custom = ctx.config.pages.verifyRequest;
  const page = new URL(
    custom ? await approvedRedirect(ctx, custom, "pages.verifyRequest") : ctx.actionUrl("verify-request"),
  );
  page.searchParams.set("provider", provider.id);
  page.searchParams.set("type", provider.type);
  page.searchParams.set("email", email);
  return page.href;
}

async function sendSignInMail(ctx: AuthContext, provider: EmailConfig): Promise<ResponseInternal> {
  const email = requestedAddress(ctx.req.body.email, provider.normalizeIdentifier);
  const user = await userForAddress(ctx, email);
  const redirect = await signInVerdict(ctx, {
    user,
    account: emailAccount(provider, email),
    email: { verificationRequest: true },
  });
  if (redirect !== undefined) return { redirect };

  const callbackUrl = await resolveCallbackUrl(ctx);
  const issued = await issueVerificationToken(ctx, provider, email);
  const code = provider.otp ? await issueOneTimeCode(ctx, provider, email, issued.hash) : undefined;
  // The link is built from the configured origin only (AUTH_URL, or the trusted host), never from
  // whatever Host an untrusted request carried.
  const url = new URL(ctx.actionUrl("callback", provider.id));
  url.searchParams.set("callbackUrl", callbackUrl);
  url.searchParams.set("token", issued.token);
  url.searchParams.set("email", email);
  try {
    await provider.sendVerificationRequest({
      identifier: email,
      url: url.href,
      token: issued.token,
      ...(code === undefined ? {} : { code }),
      expires: issued.expires,
      provider,
      theme: ctx.config.theme,
      language: ctx.language,
      request: ctx.req.request,
    });
  } catch (error) {
    // The mailer's own words (a mail service's refusal) belong in the one line an operator reads.
    const reason = error instanceof Error && error.message ? ` ${error.message}` : "";
    throw new EmailSignInError(`sendVerificationRequest of provider "${provider.id}" failed.${reason}`, {
      cause: error,
    });
  }
  return { redirect: await verifyRequestTarget(ctx, provider, email) };
}

/** The landing page of a link: one button that posts the token back (scanners only ever GET). */
async function confirmPage(ctx: AuthContext, provider: EmailConfig, token: string, email: string) {
  const page = renderEmailConfirmPage({
    token,
    email,
    callbackUrl: await resolveCallbackUrl(ctx),
    csrfToken: (await ctx.csrf()).token,
    actionUrl: ctx.actionUrl("callback", provider.id),
    theme: ctx.config.theme,
    language: ctx.language,
  });
  // The page's own URL carries the token: no Referer may take it to another origin. Same-origin
  // requests keep it, and keep `Origin` on the button's POST, which origin checks in front of
  // latchkey (SvelteKit's, Hono's csrf()) refuse as `null` under no-referrer.
  return { status: page.status, body: page.html, headers: { "Referrer-Policy": "same-origin" } };
}

async function signedIn(ctx: AuthContext, provider: EmailConfig, email: string): Promise<CallbackResult> {
  return {
    kind: "signedIn",
    identity: {
      user: await userForAddress(ctx, email),
      account: emailAccount(provider, email),
      resolveUser: emailUserResolver(email),
    },
    cookies: [],
  };
}

/**
 * What a mail-service provider (Resend, SendGrid, …) carries to say what keeps it from sending: a
 * factory passed uncalled has no sender yet, so this is checked when a mail would go out, and
 * reported earlier by `checkConfig` through `usageProblem`.
 */
export const CARRIED_SENDING_CHECK = Symbol.for("latchkey.emailSendingCheck") as CodeKey<
  (provider: EmailConfig) => string | undefined
>;

const stringField = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const emailFlow: Flow<EmailConfig> = {
  errorWords: emailErrors,
  resolveProvider(provider) {
    if (typeof provider.sendVerificationRequest !== "function") {
      throw new InvalidConfig(
        `The e-mail provider "${provider.id}" needs a \`sendVerificationRequest\` function (or use latchkey/providers/nodemailer).`,
      );
    }
    const maxAge = provider.maxAge;
    // Number.isFinite is false for anything but a finite number, a numeric string included.
    if (maxAge !== undefined && (!Number.isFinite(maxAge) || maxAge <= 0)) {
      throw new InvalidConfig(
        `maxAge of the e-mail provider "${provider.id}" must be a positive number of seconds.`,
      );
    }
    return provider;
  },

  usageProblem(provider) {
    const problem = carriedCode(provider, CARRIED_SENDING_CHECK)?.(provider);
    return problem === undefined ? undefined : new EmailSignInError(`Provider "${provider.id}": ${problem}`);
  },

  // An HTTP mail service's key, as Auth.js reads it: AUTH_RESEND_KEY for the provider "resend".
  envDefaults: (provider, env, prefix) => ({ ...provider, apiKey: provider.apiKey ?? env[`${prefix}_KEY`] }),

  // Verification tokens and the user they sign in are stored whatever the session strategy.
  adapterMethods: () => [
    "createUser",
    "getUserByEmail",
    "updateUser",
    "createVerificationToken",
    "useVerificationToken",
  ],

  pageEntry: (provider) => (provider.otp ? { form: "email", otp: true } : { form: "email" }),

  routes: EMAIL_ROUTES,

  callbackNeedsCsrf: () => true,

  // RFC 8176 §2: "otp", a one-time secret (the link's token or the mailed code), proving the mailbox.
  amr: ["otp"],

  rateLimitKeys(ctx, provider) {
    try {
      return [`${provider.id}:email:${requestedAddress(ctx.req.body.email, provider.normalizeIdentifier)}`];
    } catch {
      return []; // not an address: the action refuses it; the client address is still counted
    }
  },

  signIn: sendSignInMail,

  async callback(ctx, provider) {
    if (ctx.req.method === "GET") {
      const token = ctx.req.query.token;
      const email = ctx.req.query.email;
      if (!token || !email) throw new Verification("The sign-in link lacks its token or address.");
      if (provider.confirm !== false) {
        return { kind: "response", response: await confirmPage(ctx, provider, token, email) };
      }
      await useLinkToken(ctx, email, token);
      return signedIn(ctx, provider, email);
    }

    const code = stringField(ctx.req.body.code);
    if (code !== undefined) {
      if (!provider.otp) throw new InvalidRequest(`Provider "${provider.id}" does not send one-time codes.`);
      const email = requestedAddress(ctx.req.body.email, provider.normalizeIdentifier);
      await useOneTimeCode(ctx, provider, email, code);
      return signedIn(ctx, provider, email);
    }
    const token = stringField(ctx.req.body.token);
    const email = stringField(ctx.req.body.email);
    if (token === undefined || email === undefined) {
      throw new InvalidRequest("Post the link's `token` and `email`, or an `email` and its one-time `code`.");
    }
    await useLinkToken(ctx, email, token);
    return signedIn(ctx, provider, email);
  },
};
