/** Action per route. The router looks an action up here; each lives in its own file. */
import type { Action } from "../core/actions.js";
import type { AuthContext } from "../core/context.js";
import { InvalidProvider } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { callbackAction } from "./callback.js";
import { csrfAction } from "./csrf.js";
import { errorPageAction, verifyRequestAction } from "./pages.js";
import { providersAction } from "./providers.js";
import { sessionAction } from "./session.js";
import { signInAction } from "./signin.js";
import { signOutAction } from "./signout.js";

/** WebAuthn options come with the WebAuthn flow; until then no provider can answer them. */
async function webauthnOptionsAction(ctx: AuthContext): Promise<ResponseInternal> {
  throw new InvalidProvider(`Provider "${ctx.req.providerId}" cannot issue WebAuthn options.`);
}

export const actions: Record<Action, (ctx: AuthContext) => Promise<ResponseInternal>> = {
  providers: providersAction,
  csrf: csrfAction,
  session: sessionAction,
  signin: signInAction,
  signout: signOutAction,
  callback: callbackAction,
  "verify-request": verifyRequestAction,
  error: errorPageAction,
  "webauthn-options": webauthnOptionsAction,
};
