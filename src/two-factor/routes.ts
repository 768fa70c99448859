/**
 * Two-factor sign-in's routes, declared by the feature (nothing in pipeline/ names them):
 *
 * - `GET /two-factor`: the challenge page, for a pending sign-in (a first factor proven in this
 *   browser) or, for a signed-in user, as the step-up page `requireRecentAuth` sends them to.
 * - `POST /two-factor` `{ method: "totp" | "recovery" | "email", code }` or `{ method: "passkey",
 *   data }`: with a pending sign-in, a correct second factor issues the session (a fresh one,
 *   through the session strategy) and spends the pending cookie, and with `trustDevice` checked
 *   (when the app offers it) trusts this browser; for a signed-in user, it refreshes the
 *   session's `amr` and `auth_time` (step-up).
 * - `GET /two-factor-passkey`: request options for the user's own passkeys (`"passkey"` offered).
 * - `POST /two-factor-email`: mails a code to the user's address (`"email"` offered), then back to
 *   the challenge page; counted by the `signInRequest` rule per user, as sign-in mails are.
 * - `GET /two-factor-setup`: enrolment (QR code, secret, confirm form), for a sign-in held until
 *   the user enrols (`required`) or for a signed-in user.
 * - `POST /two-factor-setup` `{ code }`: the first valid code turns two-factor sign-in on and shows
 *   the recovery codes once; a held sign-in then gets its session.
 *
 * Both POSTs need the CSRF token and count against the `secondFactor` rate-limit rule per user: the
 * user a pending cookie or a session names, so only someone past the first factor can spend it.
 */

import { requestedCallbackUrl, resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { InvalidCheck, InvalidRequest } from "../core/errors.js";
import { type ResponseInternal, returnsRedirectAsJson } from "../core/response.js";
import type { RouteTable } from "../core/routes.js";
import { passkeyScriptUrl } from "../flows/webauthn/routes.js";
import { firstFactorStands } from "../login/first-factor.js";
import { issueSignInSession } from "../login/issue-session.js";
import type { RenderedPage } from "../pages/layout.js";
import {
  renderRecoveryCodesPage,
  renderRecoveryCodeUsedPage,
  renderTwoFactorChallengePage,
  renderTwoFactorSetupPage,
  type TwoFactorRefusal,
} from "../pages/two-factor.js";
import { sendSecondFactorCode, useSecondFactorCode } from "./email-code.js";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./enrolment.js";
import { methodsAfter, passkeyProviderOf } from "./method-providers.js";
import { passkeyOptionsFor, provePasskey } from "./passkey-factor.js";
import { clearPendingCookie, openPendingCookie, type PendingSignIn, spendPendingSignIn } from "./pending.js";
import {
  readSignedInSession,
  recentAuthenticationOf,
  type SignedInSession,
  withCallback,
} from "./recent-auth.js";
import { CHALLENGE_ROUTE, EMAIL_CODE_ROUTE, PASSKEY_OPTIONS_ROUTE, SETUP_ROUTE } from "./route-names.js";
import { type ChallengeMethod, proveSecondFactor, secondFactorAuthentication } from "./second-factor.js";
import type { TwoFactorSettings } from "./settings.js";
import { trustDeviceCookie } from "./trusted-device.js";

/** The methods the challenge page has a form for (a passkey has a button, on every form). */
type FormMethod = Exclude<ChallengeMethod, "passkey">;

/** Who a two-factor request acts for: a pending sign-in in this browser, else the signed-in user. */
type Subject =
  | { kind: "pending"; pending: PendingSignIn; userId: string; email: string | null; name: string | null }
  | {
      kind: "signedIn";
      /** The session as read once for the request: the step-up re-issues this one. */
      session: SignedInSession;
      userId: string;
      email: string | null;
      name: string | null;
      amr: string[];
    };

const subjects = new WeakMap<AuthContext, Promise<Subject | null>>();

/** The request's subject, read once per request (the rate limiter and the action both ask). */
function subjectOf(ctx: AuthContext, purpose: PendingSignIn["purpose"]): Promise<Subject | null> {
  let subject = subjects.get(ctx);
  if (subject === undefined) {
    subject = (async (): Promise<Subject | null> => {
      const pending = await openPendingCookie(ctx, purpose);
      if (pending !== null) {
        // Judged again against the user as stored now, before anything is shown, written or issued.
        if (!(await firstFactorStands(ctx, pending.signIn, pending.standing))) {
          throw new InvalidCheck(
            "Two-factor: the sign-in pending in this browser no longer stands (its user's address was proven since, or the account it came through was unlinked); sign in again.",
          );
        }
        const { user } = pending.signIn;
        return {
          kind: "pending",
          pending,
          userId: pending.userId,
          email: user.email ?? null,
          name: user.name ?? null,
        };
      }
      const session = await readSignedInSession(ctx);
      if (session === null) return null;
      const { user, authentication } = session;
      return {
        kind: "signedIn",
        session,
        userId: user.id,
        email: user.email ?? null,
        name: user.name ?? null,
        amr: authentication?.amr ?? [],
      };
    })();
    subjects.set(ctx, subject);
  }
  return subject;
}

async function requireSubject(ctx: AuthContext, purpose: PendingSignIn["purpose"]): Promise<Subject> {
  const subject = await subjectOf(ctx, purpose);
  if (subject === null) {
    throw new InvalidCheck(
      "Two-factor: no sign-in is pending in this browser (missing, expired, spent, or minted beside another CSRF cookie) and nobody is signed in.",
    );
  }
  return subject;
}

/** The methods a POST may name: an authenticator's code, a recovery code, and what the app offers beside. */
function methodsAccepted(settings: TwoFactorSettings): ChallengeMethod[] {
  return ["totp", "recovery", ...settings.methods.filter((method) => method !== "totp")];
}

/** Passkey assertions in WebAuthn's JSON encoding are a few kilobytes at most. */
const MAX_ASSERTION_LENGTH = 16_384;

/**
 * The method and the proof a POST names, each checked for shape; the proof itself is checked
 * later. A passkey's proof is its assertion (`data`, as the passkey script posts it).
 */
function postedCode(
  ctx: AuthContext,
  accepted: readonly ChallengeMethod[] = ["totp"],
): { method: ChallengeMethod; code: string } {
  const { method = "totp" } = ctx.req.body;
  if (!accepted.includes(method as ChallengeMethod)) {
    throw new InvalidRequest(`\`method\` must be one of ${accepted.map((m) => `"${m}"`).join(", ")}.`);
  }
  if (method === "passkey") {
    const { data } = ctx.req.body;
    if (typeof data !== "string" || data.length === 0 || data.length > MAX_ASSERTION_LENGTH) {
      throw new InvalidRequest("`data` must be the passkey's assertion, as JSON text.");
    }
    return { method, code: data };
  }
  const { code } = ctx.req.body;
  if (typeof code !== "string" || code.length === 0 || code.length > 64) {
    throw new InvalidRequest("`code` must be the code the user typed, as a string.");
  }
  return { method: method as ChallengeMethod, code };
}

/** What a two-factor page's URL may carry beside its route. */
interface ChallengeUrlParts {
  /** The form to show; the authenticator app's code is the default, left unnamed. */
  method?: FormMethod;
  /** Why the last try was refused. */
  error?: "InvalidTwoFactorCode" | "InvalidTwoFactorPasskey";
  /** Where to go once done; only a string the request carried (checked when used). */
  callbackUrl?: unknown;
  /** That a code was just mailed. */
  sent?: boolean;
}

/** The URL of the two-factor page `route`, with what it should show. */
function challengeUrl(ctx: AuthContext, route: string, parts: ChallengeUrlParts): string {
  const url = new URL(ctx.actionUrl(route));
  if (parts.method !== undefined && parts.method !== "totp") url.searchParams.set("method", parts.method);
  if (parts.error !== undefined) url.searchParams.set("error", parts.error);
  if (typeof parts.callbackUrl === "string" && parts.callbackUrl !== "") {
    url.searchParams.set("callbackUrl", parts.callbackUrl);
  }
  if (parts.sent) url.searchParams.set("sent", "1");
  return url.href;
}

/**
 * Where the page lands after a refused proof: the same page, saying why (Post/Redirect/Get). The
 * callbackUrl goes along from wherever the POST carried it: the code form names it in its action
 * URL, so a step-up still returns to the sensitive page once the next code is right.
 */
function refused(ctx: AuthContext, route: string, method: ChallengeMethod): ResponseInternal {
  const passkey = method === "passkey";
  return {
    redirect: challengeUrl(ctx, route, {
      ...(passkey ? {} : { method }),
      error: passkey ? "InvalidTwoFactorPasskey" : "InvalidTwoFactorCode",
      callbackUrl: requestedCallbackUrl(ctx),
    }),
  };
}

function refusalFromQuery(ctx: AuthContext, method: ChallengeMethod): TwoFactorRefusal | undefined {
  if (ctx.req.query.error === "InvalidTwoFactorPasskey") return "wrongPasskey";
  if (ctx.req.query.error !== "InvalidTwoFactorCode") return undefined;
  if (method === "email") return "wrongEmailCode";
  return method === "recovery" ? "wrongRecoveryCode" : "wrongCode";
}

/** Completes a held sign-in: spends its pending cookie, then issues the session. */
async function completePending(
  ctx: AuthContext,
  pending: PendingSignIn,
  method: ChallengeMethod,
): Promise<ResponseInternal> {
  await spendPendingSignIn(ctx, pending);
  // The first factor's marks, whole; only how the user proved who they are moves on.
  const { marks } = pending.signIn;
  const signIn = {
    ...pending.signIn,
    marks: { ...marks, authentication: secondFactorAuthentication(marks.authentication.amr, method) },
  };
  const result = await issueSignInSession(ctx, signIn, pending.callbackUrl);
  return { ...result, cookies: [...(result.cookies ?? []), ...clearPendingCookie(ctx)] };
}

/**
 * What follows a proven second factor: a held sign-in gets its session; a signed-in user's session
 * (step-up) records the fresh factor and goes on to the callbackUrl.
 */
async function secondFactorProven(
  ctx: AuthContext,
  subject: Subject,
  method: ChallengeMethod,
): Promise<ResponseInternal> {
  if (subject.kind === "pending") return completePending(ctx, subject.pending, method);
  // Step-up: the same session, now recording a fresh second factor.
  const authentication = secondFactorAuthentication(subject.amr, method);
  const cookies = await ctx.sessions.reauthenticate(ctx, authentication, subject.session.current);
  return { redirect: await resolveCallbackUrl(ctx), cookies };
}

/**
 * `proven` (a redirect) as a page to read before going on, or, for a client that asks for JSON,
 * as its URL with `extra` beside it; the cookies go along either way.
 */
function continuePage(
  ctx: AuthContext,
  proven: ResponseInternal,
  extra: Record<string, unknown>,
  render: (continueUrl: string) => RenderedPage,
): ResponseInternal {
  const continueUrl = proven.redirect as string;
  const cookies = proven.cookies ? { cookies: proven.cookies } : {};
  if (returnsRedirectAsJson(ctx.request))
    return { status: 200, body: { url: continueUrl, ...extra }, ...cookies };
  const page = render(continueUrl);
  return { status: page.status, body: page.html, ...cookies };
}

/** The method the challenge page asks for, from its query; what the app does not offer falls back to the app's code. */
function pageMethod(ctx: AuthContext, settings: TwoFactorSettings): FormMethod {
  const asked = ctx.req.query.method;
  if (asked === "recovery") return "recovery";
  if (asked === "email" && settings.methods.includes("email")) return "email";
  return "totp";
}

function challengePage(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "verify");
    const method = pageMethod(ctx, settings);
    const callbackUrl = ctx.req.query.callbackUrl;
    const pageUrl = (which: FormMethod) => challengeUrl(ctx, CHALLENGE_ROUTE, { method: which, callbackUrl });
    const refusal = refusalFromQuery(ctx, method);
    const offersPasskey =
      offers(settings, subject, "passkey") && passkeyProviderOf(ctx.config.providers) !== undefined;
    const offersEmail = offers(settings, subject, "email") && subject.email !== null;
    const page = renderTwoFactorChallengePage({
      actionUrl: challengeUrl(ctx, CHALLENGE_ROUTE, { callbackUrl }),
      csrfToken: (await ctx.csrf()).token,
      method,
      otherMethodUrl: pageUrl(method === "totp" ? "recovery" : "totp"),
      stepUp: subject.kind === "signedIn",
      ...(refusal ? { refusal } : {}),
      signinUrl: ctx.actionUrl("signin"),
      theme: ctx.config.theme,
      language: ctx.language,
      ...(offersPasskey
        ? {
            passkey: {
              optionsUrl: ctx.actionUrl(PASSKEY_OPTIONS_ROUTE),
              scriptUrl: passkeyScriptUrl(ctx),
            },
          }
        : {}),
      ...(offersEmail
        ? {
            email: {
              pageUrl: pageUrl("email"),
              sendUrl: ctx.actionUrl(EMAIL_CODE_ROUTE),
              sent: ctx.req.query.sent === "1",
              ...(callbackUrl !== undefined ? { callbackUrl } : {}),
            },
          }
        : {}),
      trustDevice: subject.kind === "pending" && settings.trustDeviceMaxAge !== undefined,
    });
    return { status: page.status, body: page.html };
  };
}

/**
 * Whether `method` may be the second factor for `subject`: offered by the app, and not the kind of
 * proof the first factor already was. A passkey after a passkey, or a mailed code after an e-mail
 * sign-in, proves the same thing twice: one factor, which must not be recorded as "mfa".
 */
function offers(settings: TwoFactorSettings, subject: Subject, method: "passkey" | "email"): boolean {
  if (!settings.methods.includes(method)) return false;
  const firstFactor =
    subject.kind === "pending" ? subject.pending.signIn.marks.authentication.amr : subject.amr;
  return methodsAfter(settings.methods, firstFactor).includes(method);
}

function assertOffered(settings: TwoFactorSettings, subject: Subject, method: ChallengeMethod) {
  if ((method === "passkey" || method === "email") && !offers(settings, subject, method)) {
    throw new InvalidRequest(
      `A ${method === "passkey" ? "passkey" : "code by e-mail"} cannot be the second factor of this sign-in: its first factor was one already.`,
    );
  }
}

/** Checks the posted second factor for `userId`; null when it does not count. */
async function prove(
  ctx: AuthContext,
  settings: TwoFactorSettings,
  userId: string,
  method: ChallengeMethod,
  code: string,
) {
  if (method === "passkey") return (await provePasskey(ctx, userId, code)) ? { method } : null;
  if (method === "email")
    return (await useSecondFactorCode(ctx, userId, code, settings.pendingMaxAge)) ? { method } : null;
  return proveSecondFactor(ctx, userId, method, code);
}

/** Whether the form asked to trust this browser (a checkbox: present when ticked). */
const wantsTrust = (ctx: AuthContext) => ["on", "1", "true"].includes(String(ctx.req.body.trustDevice));

function verify(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "verify");
    const { method, code } = postedCode(ctx, methodsAccepted(settings));
    assertOffered(settings, subject, method);
    const proof = await prove(ctx, settings, subject.userId, method, code);
    if (proof === null) return refused(ctx, CHALLENGE_ROUTE, method);

    let result = await secondFactorProven(ctx, subject, method);
    if (subject.kind === "pending" && settings.trustDeviceMaxAge !== undefined && wantsTrust(ctx)) {
      const trusted = await trustDeviceCookie(ctx, subject.userId, settings.trustDeviceMaxAge);
      result = { ...result, cookies: [...(result.cookies ?? []), trusted] };
    }
    if (proof.method !== "recovery") return result;
    // A recovery code: say how many are left, on a page or in the JSON answer.
    return continuePage(ctx, result, { recoveryCodesRemaining: proof.remaining }, (continueUrl) =>
      renderRecoveryCodeUsedPage({
        remaining: proof.remaining,
        continueUrl,
        theme: ctx.config.theme,
        language: ctx.language,
      }),
    );
  };
}

/** `POST /two-factor-email`: mails a code for the second factor, then back to the page that takes it. */
function sendEmailCode(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "verify");
    assertOffered(settings, subject, "email");
    if (subject.email === null) {
      throw new InvalidRequest("This account cannot receive a second-factor code by e-mail.");
    }
    const page = { method: "email", callbackUrl: ctx.req.body.callbackUrl } as const;
    await sendSecondFactorCode(
      ctx,
      { id: subject.userId, email: subject.email },
      challengeUrl(ctx, CHALLENGE_ROUTE, page),
      settings.pendingMaxAge,
    );
    const sent = challengeUrl(ctx, CHALLENGE_ROUTE, { ...page, sent: true });
    if (returnsRedirectAsJson(ctx.request)) return { status: 200, body: { url: sent, sent: true } };
    return { redirect: sent };
  };
}

/** The setup page's own URL; a signed-in user returns where the page was opened from (a held sign-in keeps its own). */
const setupUrl = (ctx: AuthContext) =>
  challengeUrl(ctx, SETUP_ROUTE, { callbackUrl: ctx.req.query.callbackUrl });

/**
 * For a signed-in user (not a held sign-in), enrolling needs a recent sign-in (see
 * `recentSignIn` in account.ts): a stale session is sent to sign in again, then back here.
 */
async function signInAgainIfStale(
  ctx: AuthContext,
  subject: Subject,
  settings: TwoFactorSettings,
): Promise<ResponseInternal | undefined> {
  if (subject.kind === "pending") return undefined;
  const rule = { maxAge: settings.recentAuthMaxAge, factors: [] };
  if (recentAuthenticationOf(ctx, subject.session, rule).ok) return undefined;
  // Back to this page once signed in, and from it to where the page was opened from.
  return { redirect: withCallback(ctx.actionUrl("signin"), setupUrl(ctx)) };
}

function setupPage(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "enrol");
    const stale = await signInAgainIfStale(ctx, subject, settings);
    if (stale) return stale;
    const user = { id: subject.userId, email: subject.email, name: subject.name };
    const enrolment = await beginTotpEnrolment(ctx, user, settings.issuer ?? new URL(ctx.origin).host);
    const refusal = refusalFromQuery(ctx, "totp");
    const page = renderTwoFactorSetupPage({
      actionUrl: setupUrl(ctx),
      csrfToken: (await ctx.csrf()).token,
      qrSvg: enrolment.qrSvg,
      secret: enrolment.secret,
      ...(refusal ? { refusal } : {}),
      theme: ctx.config.theme,
      language: ctx.language,
    });
    return { status: page.status, body: page.html };
  };
}

function confirmSetup(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "enrol");
    const stale = await signInAgainIfStale(ctx, subject, settings);
    if (stale) return stale;
    const { code } = postedCode(ctx);
    // A held sign-in has no session yet: every session of the user is from before.
    const keep = subject.kind === "signedIn" ? subject.session.current.id : undefined;
    const codes = await confirmTotpEnrolment(ctx, subject.userId, code, keep);
    if (codes === null) return refused(ctx, SETUP_ROUTE, "totp");
    const result = await secondFactorProven(ctx, subject, "totp");
    return continuePage(ctx, result, { recoveryCodes: codes }, (continueUrl) =>
      renderRecoveryCodesPage({ codes, continueUrl, theme: ctx.config.theme, language: ctx.language }),
    );
  };
}

/** The accounts a second-factor POST counts against: the user it acts for (see above). */
function limitedPer(purpose: PendingSignIn["purpose"]) {
  return async (ctx: AuthContext): Promise<string[]> => {
    const subject = await subjectOf(ctx, purpose);
    return subject === null ? [] : [`user:${subject.userId}`];
  };
}

export function twoFactorRoutes(settings: TwoFactorSettings): RouteTable {
  return {
    [CHALLENGE_ROUTE]: {
      methods: {
        GET: { csrf: "none", run: challengePage(settings) },
        POST: {
          csrf: "required",
          rateLimit: "secondFactor",
          rateLimitKeys: limitedPer("verify"),
          run: verify(settings),
        },
      },
      provider: "none",
      answers: "page",
    },
    ...(settings.methods.includes("passkey")
      ? {
          [PASSKEY_OPTIONS_ROUTE]: {
            methods: {
              GET: {
                csrf: "none",
                // Each answer stores a challenge, as the passkey flow's options do.
                rateLimit: "webauthnOptions",
                rateLimitKeys: limitedPer("verify"),
                run: async (ctx: AuthContext) => {
                  const subject = await requireSubject(ctx, "verify");
                  assertOffered(settings, subject, "passkey");
                  return passkeyOptionsFor(ctx, subject.userId);
                },
              },
            },
            provider: "none",
            answers: "json",
          },
        }
      : {}),
    ...(settings.methods.includes("email")
      ? {
          [EMAIL_CODE_ROUTE]: {
            methods: {
              POST: {
                csrf: "required",
                rateLimit: "signInRequest",
                rateLimitKeys: limitedPer("verify"),
                run: sendEmailCode(settings),
              },
            },
            provider: "none",
            answers: "page",
          },
        }
      : {}),
    [SETUP_ROUTE]: {
      methods: {
        GET: { csrf: "none", run: setupPage(settings) },
        POST: {
          csrf: "required",
          rateLimit: "secondFactor",
          rateLimitKeys: limitedPer("enrol"),
          run: confirmSetup(settings),
        },
      },
      provider: "none",
      answers: "page",
    },
  };
}
