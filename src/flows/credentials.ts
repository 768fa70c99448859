/** Credentials: the app's `authorize` checks the submitted fields and returns the user, or refuses. */
import { CallbackRouteError, CredentialsSignin, InvalidRequest } from "../core/errors.js";
import { resolveCredentialsUser } from "../login.js";
import type { CredentialsConfig, SubmittedCredentials } from "../providers/types.js";
import type { Flow, FlowSignIn } from "./types.js";

export const credentialsFlow: Flow = {
  callbackNeedsCsrf: true,
  async callback(ctx): Promise<FlowSignIn> {
    if (ctx.req.method !== "POST") {
      throw new InvalidRequest("Credentials are submitted with POST, never in a URL.");
    }
    const provider = ctx.provider as CredentialsConfig;
    const credentials = { ...ctx.req.body } as SubmittedCredentials<CredentialsConfig["credentials"]>;
    let user: Awaited<ReturnType<CredentialsConfig["authorize"]>>;
    try {
      user = await provider.authorize(credentials, ctx.req.request);
    } catch (error) {
      if (error instanceof CredentialsSignin) throw error;
      throw new CallbackRouteError(`authorize of provider "${provider.id}" threw.`, { cause: error });
    }
    if (!user) throw new CredentialsSignin();
    const providerAccountId = user.id ?? "";
    return {
      user,
      account: { provider: provider.id, type: "credentials", providerAccountId },
      credentials,
      resolveUser: resolveCredentialsUser,
    };
  },
};
