/**
 * The flows `Auth` brings itself where bundle size does not matter (package.json's `#auth-flows`
 * import under the `node` condition): every type but `webauthn`, so a provider written as a plain
 * object (`{ id, type: "oidc", issuer, … }`, as Auth.js apps write them) works with no factory.
 */

import { credentialsFlow } from "./credentials.js";
import { emailFlow } from "./email.js";
import { oauthFlow, oidcFlow } from "./oauth/index.js";
import type { FlowRegistry } from "./types.js";

export const authFlows: FlowRegistry = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oidcFlow,
  email: emailFlow,
};
