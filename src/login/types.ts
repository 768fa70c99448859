/** What a flow hands to login: the identity it proved, and the rule that turns it into a user. */
import type { AdapterUser } from "../adapters/types.js";
import type { Account } from "../config.js";
import type { ServerContext } from "../core/context.js";
import type { Profile, User } from "../provider-types.js";

/** What a flow proved about the person signing in. */
export interface ProvenIdentity {
  user: User;
  account: Account;
  profile?: Profile;
  /** The submitted fields the `signIn` callback receives as `credentials` (credentials flow only). */
  credentials?: Record<string, string>;
}

export interface ResolvedSignIn {
  user: User | AdapterUser;
  isNewUser: boolean;
}

/** How a proven identity maps to a stored user: one of the policies in this folder, picked by the flow. */
export type UserResolver = (ctx: ServerContext, proven: ProvenIdentity) => Promise<ResolvedSignIn>;

/** A flow's proof plus the rule that turns it into a user. */
export interface ProvenSignIn extends ProvenIdentity {
  resolveUser: UserResolver;
}
