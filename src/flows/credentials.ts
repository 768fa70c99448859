/**
 * Credentials: the app's `authorize` checks the submitted fields and returns the user, or refuses.
 * Only the fields the provider declares reach `authorize`, each as a string: a JSON body that sends
 * another shape for one of them is refused before `authorize` runs.
 */
import { CallbackRouteError, CredentialsSignin, InvalidRequest, MissingAuthorize } from "../core/errors.js";
import { resolveCredentialsUser } from "../login/index.js";
import type { CredentialsConfig } from "../provider-types.js";
import type { Flow } from "./types.js";

/** The declared fields of the submitted body: strings, or absent. */
function declaredCredentials(
  provider: CredentialsConfig,
  body: Record<string, unknown>,
): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const name of Object.keys(provider.credentials ?? {})) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    if (typeof value !== "string") {
      throw new InvalidRequest(`The credential field "${name}" must be a string.`);
    }
    credentials[name] = value;
  }
  return credentials;
}

export const credentialsFlow: Flow<CredentialsConfig> = {
  resolveProvider(provider) {
    if (typeof provider.authorize !== "function") {
      throw new MissingAuthorize(
        `The credentials provider "${provider.id}" needs an \`authorize\` function.`,
      );
    }
    return provider;
  },

  adapterMethods: (_provider, { strategy }) =>
    strategy === "database" ? ["getUser", "getUserByAccount", "createUser", "linkAccount"] : [],

  pageEntry: (provider) => ({ form: "fields", credentials: provider.credentials ?? {} }),

  callbackNeedsCsrf: () => true,

  rateLimitKeys(ctx, provider) {
    // Every declared field that names the account (not the secret) identifies it for the limiter.
    return Object.entries(provider.credentials ?? {})
      .filter(([name, input]) => input.type !== "password" && typeof ctx.req.body[name] === "string")
      .map(([name]) => `${provider.id}:${name}:${String(ctx.req.body[name]).trim().toLowerCase()}`);
  },

  async callback(ctx, provider) {
    if (ctx.req.method !== "POST") {
      throw new InvalidRequest("Credentials are submitted with POST, never in a URL.");
    }
    const credentials = declaredCredentials(provider, ctx.req.body);
    let user: Awaited<ReturnType<CredentialsConfig["authorize"]>>;
    try {
      user = await provider.authorize(credentials, ctx.req.request);
    } catch (error) {
      if (error instanceof CredentialsSignin) throw error;
      throw new CallbackRouteError(`authorize of provider "${provider.id}" threw.`, { cause: error });
    }
    if (!user) throw new CredentialsSignin(`authorize of provider "${provider.id}" refused the sign-in.`);
    return {
      kind: "signedIn",
      identity: {
        user,
        account: { provider: provider.id, type: "credentials", providerAccountId: user.id ?? "" },
        credentials,
        resolveUser: resolveCredentialsUser,
      },
      cookies: [],
    };
  },
};
