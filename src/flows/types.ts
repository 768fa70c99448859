import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import type { ProvenIdentity, ResolvedSignIn } from "../login.js";
import type { ProviderType } from "../providers/types.js";

/** What a flow's callback proved: who signed in. The shared tail (signIn callback, session, redirect) does the rest. */
export interface FlowSignIn extends ProvenIdentity {
  /** Fields the `signIn` callback receives as `credentials` (credentials flow only). */
  credentials?: Record<string, unknown>;
  /** How the identity maps to a stored user; login.ts owns the rules each flow picks from. */
  resolveUser(ctx: AuthContext, proven: ProvenIdentity): Promise<ResolvedSignIn>;
}

/**
 * A provider type's sign-in flow. The core routes `POST /signin/:provider` to `signIn` and
 * `GET|POST /callback/:provider` to `callback`; it knows provider types, not providers.
 */
export interface Flow {
  /** Starts a sign-in (redirect to the provider, send an e-mail, …). Absent: the sign-in page is shown. */
  signIn?(ctx: AuthContext): Promise<ResponseInternal>;
  /** Finishes it: returns who signed in, or a response of its own (a confirm page, an error). */
  callback(ctx: AuthContext): Promise<FlowSignIn | ResponseInternal>;
  /** Whether POST /callback is a state-changing form post that needs the CSRF check. */
  callbackNeedsCsrf: boolean;
}

export type FlowRegistry = Partial<Record<ProviderType, Flow>>;
