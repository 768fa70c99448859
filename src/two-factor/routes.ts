/**
 * Two-factor sign-in's routes, declared by the feature (nothing in pipeline/ names them):
 *
 * - `GET /two-factor`: the challenge page, for a pending sign-in (a first factor proven in this
 *   browser) or, for a signed-in user, as the step-up page `requireRecentAuth` sends them to.
 * - `POST /two-factor` `{ method: "totp" | "recovery", code }`: with a pending sign-in, a correct
 *   code issues the session (a fresh one, through the session strategy) and spends the pending
 *   cookie; for a signed-in user, it refreshes the session's `amr` and `auth_time` (step-up).
 * - `GET /two-factor-setup`: enrolment (QR code, secret, confirm form), for a sign-in held until
 *   the user enrols (`required`) or for a signed-in user.
 * - `POST /two-factor-setup` `{ code }`: the first valid code turns two-factor sign-in on and shows
 *   the recovery codes once; a held sign-in then gets its session.
 *
 * Both POSTs need the CSRF token and count against the `secondFactor` rate-limit rule per user: the
 * user a pending cookie or a session names, so only someone past the first factor can spend it.
 */

import { resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { InvalidCheck, InvalidRequest } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import type { RouteTable } from "../core/routes.js";
import type { SessionAuthentication } from "../core/session-strategy.js";
import { issueSignInSession } from "../login/issue-session.js";
import {
  renderRecoveryCodesPage,
  renderRecoveryCodeUsedPage,
  renderTwoFactorChallengePage,
  renderTwoFactorSetupPage,
  type TwoFactorRefusal,
} from "../pages/two-factor.js";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./enrolment.js";
import { clearPendingCookie, openPendingCookie, type PendingSignIn, spendPendingSignIn } from "./pending.js";
import { recentAuthentication } from "./recent-auth.js";
import { CHALLENGE_ROUTE, SETUP_ROUTE } from "./route-names.js";
import { amrWithSecondFactor, proveSecondFactor, type SecondFactorMethod } from "./second-factor.js";
import type { TwoFactorSettings } from "./settings.js";

/** Who a two-factor request acts for: a pending sign-in in this browser, else the signed-in user. */
type Subject =
  | { kind: "pending"; pending: PendingSignIn; userId: string }
  | { kind: "signedIn"; userId: string; email: string | null; name: string | null; amr: string[] };

const subjects = new WeakMap<AuthContext, Promise<Subject | null>>();

/** The request's subject, read once per request (the rate limiter and the action both ask). */
function subjectOf(ctx: AuthContext, purpose: PendingSignIn["purpose"]): Promise<Subject | null> {
  let subject = subjects.get(ctx);
  if (subject === undefined) {
    subject = (async (): Promise<Subject | null> => {
      const pending = await openPendingCookie(ctx, purpose);
      if (pending !== null) return { kind: "pending", pending, userId: pending.userId };
      const current = await ctx.sessions.current(ctx);
      const user = current ? await current.user() : null;
      if (current === null || user === null) return null;
      const authentication = await current.authentication();
      return {
        kind: "signedIn",
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

/** The code and method a POST names, each checked for shape; the code itself is checked later. */
function postedCode(ctx: AuthContext): { method: SecondFactorMethod; code: string } {
  const { method = "totp", code } = ctx.req.body;
  if (method !== "totp" && method !== "recovery") {
    throw new InvalidRequest('`method` must be "totp" or "recovery".');
  }
  if (typeof code !== "string" || code.length === 0 || code.length > 64) {
    throw new InvalidRequest("`code` must be the code the user typed, as a string.");
  }
  return { method, code };
}

const wantsJson = (ctx: AuthContext) => ctx.request.headers.get("x-auth-return-redirect") === "1";

/** Where the page lands after a refused code: the same page, saying why (Post/Redirect/Get). */
function refused(ctx: AuthContext, route: string, method: SecondFactorMethod): ResponseInternal {
  const url = new URL(ctx.actionUrl(route));
  if (method === "recovery") url.searchParams.set("method", "recovery");
  url.searchParams.set("error", "InvalidTwoFactorCode");
  const callbackUrl = ctx.req.body.callbackUrl;
  if (typeof callbackUrl === "string") url.searchParams.set("callbackUrl", callbackUrl);
  return { redirect: url.href };
}

function refusalFromQuery(ctx: AuthContext, method: SecondFactorMethod): TwoFactorRefusal | undefined {
  if (ctx.req.query.error !== "InvalidTwoFactorCode") return undefined;
  return method === "recovery" ? "wrongRecoveryCode" : "wrongCode";
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** The session's new `amr`/`auth_time` once a second factor is proven on top of `firstFactor`. */
const secondFactorAuthentication = (firstFactor: readonly string[]): SessionAuthentication => ({
  amr: amrWithSecondFactor(firstFactor),
  authTime: nowInSeconds(),
});

/** Completes a held sign-in: spends its pending cookie, then issues the session. */
async function completePending(ctx: AuthContext, pending: PendingSignIn): Promise<ResponseInternal> {
  await spendPendingSignIn(ctx, pending);
  const signIn = {
    ...pending.signIn,
    authentication: secondFactorAuthentication(pending.signIn.authentication.amr),
  };
  const result = await issueSignInSession(ctx, signIn, pending.callbackUrl);
  return { ...result, cookies: [...(result.cookies ?? []), ...clearPendingCookie(ctx)] };
}

async function challengePage(ctx: AuthContext): Promise<ResponseInternal> {
  const subject = await requireSubject(ctx, "verify");
  const method: SecondFactorMethod = ctx.req.query.method === "recovery" ? "recovery" : "totp";
  const other = new URL(ctx.actionUrl(CHALLENGE_ROUTE));
  if (method === "totp") other.searchParams.set("method", "recovery");
  const callbackUrl = ctx.req.query.callbackUrl;
  if (callbackUrl !== undefined) other.searchParams.set("callbackUrl", callbackUrl);
  const refusal = refusalFromQuery(ctx, method);
  const page = renderTwoFactorChallengePage({
    actionUrl:
      ctx.actionUrl(CHALLENGE_ROUTE) + (callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""),
    csrfToken: (await ctx.csrf()).token,
    method,
    otherMethodUrl: other.href,
    stepUp: subject.kind === "signedIn",
    ...(refusal ? { refusal } : {}),
    signinUrl: ctx.actionUrl("signin"),
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html };
}

async function verify(ctx: AuthContext): Promise<ResponseInternal> {
  const subject = await requireSubject(ctx, "verify");
  const { method, code } = postedCode(ctx);
  const proof = await proveSecondFactor(ctx, subject.userId, method, code);
  if (proof === null) return refused(ctx, CHALLENGE_ROUTE, method);

  let result: ResponseInternal;
  if (subject.kind === "pending") {
    result = await completePending(ctx, subject.pending);
  } else {
    // Step-up: the same session, now recording a fresh second factor.
    const cookies = await ctx.sessions.reauthenticate(ctx, secondFactorAuthentication(subject.amr));
    result = { redirect: await resolveCallbackUrl(ctx), cookies };
  }
  if (proof.method !== "recovery") return result;
  // A recovery code: say how many are left, on a page or in the JSON answer.
  const continueUrl = result.redirect as string;
  if (wantsJson(ctx)) {
    return {
      status: 200,
      body: { url: continueUrl, recoveryCodesRemaining: proof.remaining },
      ...(result.cookies ? { cookies: result.cookies } : {}),
    };
  }
  const page = renderRecoveryCodeUsedPage({
    remaining: proof.remaining,
    continueUrl,
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html, ...(result.cookies ? { cookies: result.cookies } : {}) };
}

/**
 * For a signed-in user (not a held sign-in), enrolling needs a recent sign-in (see
 * `userWithRecentSignIn`): a stale session is sent to sign in again, then back here.
 */
async function signInAgainIfStale(
  ctx: AuthContext,
  subject: Subject,
  settings: TwoFactorSettings,
): Promise<ResponseInternal | undefined> {
  if (subject.kind === "pending") return undefined;
  if ((await recentAuthentication(ctx, { maxAge: settings.recentAuthMaxAge })).ok) return undefined;
  const signin = new URL(ctx.actionUrl("signin"));
  signin.searchParams.set("callbackUrl", ctx.actionUrl(SETUP_ROUTE));
  return { redirect: signin.href };
}

function setupPage(settings: TwoFactorSettings) {
  return async (ctx: AuthContext): Promise<ResponseInternal> => {
    const subject = await requireSubject(ctx, "enrol");
    const stale = await signInAgainIfStale(ctx, subject, settings);
    if (stale) return stale;
    const user =
      subject.kind === "pending"
        ? {
            id: subject.userId,
            email: subject.pending.signIn.user.email ?? null,
            name: subject.pending.signIn.user.name ?? null,
          }
        : { id: subject.userId, email: subject.email, name: subject.name };
    const enrolment = await beginTotpEnrolment(ctx, user, settings.issuer ?? new URL(ctx.origin).host);
    const refusal = refusalFromQuery(ctx, "totp");
    const page = renderTwoFactorSetupPage({
      actionUrl: ctx.actionUrl(SETUP_ROUTE),
      csrfToken: (await ctx.csrf()).token,
      qrSvg: enrolment.qrSvg,
      secret: enrolment.secret,
      ...(refusal ? { refusal } : {}),
      theme: ctx.config.theme,
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
    const codes = await confirmTotpEnrolment(ctx, subject.userId, code);
    if (codes === null) return refused(ctx, SETUP_ROUTE, "totp");
    const result =
      subject.kind === "pending"
        ? await completePending(ctx, subject.pending)
        : {
            redirect: await resolveCallbackUrl(ctx),
            cookies: await ctx.sessions.reauthenticate(ctx, secondFactorAuthentication(subject.amr)),
          };
    const continueUrl = result.redirect as string;
    const cookies = result.cookies ? { cookies: result.cookies } : {};
    if (wantsJson(ctx)) return { status: 200, body: { url: continueUrl, recoveryCodes: codes }, ...cookies };
    const page = renderRecoveryCodesPage({ codes, continueUrl, theme: ctx.config.theme });
    return { status: page.status, body: page.html, ...cookies };
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
        GET: { csrf: "none", run: challengePage },
        POST: {
          csrf: "required",
          rateLimit: "secondFactor",
          rateLimitKeys: limitedPer("verify"),
          run: verify,
        },
      },
      provider: "none",
      answers: "page",
    },
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
