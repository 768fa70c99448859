/**
 * Credentials: the app's `authorize` checks the submitted fields and returns the user, or refuses.
 * Only the fields the provider declares reach `authorize`, each as a string: a JSON body that sends
 * another shape for one of them is refused before `authorize` runs.
 */

import { CallbackRouteError, CredentialsSignin, InvalidRequest, MissingAuthorize } from "../core/errors.js";
import { credentialsErrors } from "../locales/en/errors.js";
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

/** What an input's `autocomplete` says when it holds who signs in (HTML, "Autofilling form controls"). */
const IDENTIFIER_AUTOCOMPLETE = new Set(["username", "email"]);

/**
 * The one declared field that names the account, which the limiter counts per account: the first
 * of type "email" or marked `autocomplete: "username"`/`"email"`, else the first declared field that
 * is not `type: "password"`. Only this one: the others may be secrets declared without a type (a
 * PIN, a password with a label only), and a counter's key sits in the store as plain text.
 */
function identifierField(provider: CredentialsConfig): string | undefined {
  const inputs = Object.entries(provider.credentials ?? {});
  const marked = inputs.find(
    ([, input]) => input.type === "email" || IDENTIFIER_AUTOCOMPLETE.has(input.autocomplete ?? ""),
  );
  return (marked ?? inputs.find(([, input]) => input.type !== "password"))?.[0];
}

export const credentialsFlow: Flow<CredentialsConfig> = {
  errorWords: credentialsErrors,
  resolveProvider(provider) {
    if (typeof provider.authorize !== "function") {
      throw new MissingAuthorize(
        `The credentials provider "${provider.id}" needs an \`authorize\` function.`,
      );
    }
    return provider;
  },

  adapterMethods: (_provider, { sessionsNeedStoredUsers }) =>
    sessionsNeedStoredUsers ? ["getUser", "getUserByAccount", "createUser", "linkAccount"] : [],

  pageEntry: (provider) => ({ form: "fields", credentials: provider.credentials ?? {} }),

  callbackNeedsCsrf: () => true,

  // RFC 8176 §2: "pwd", password-based authentication (whatever `authorize` checks, a password mostly).
  amr: ["pwd"],

  rateLimitKeys(ctx, provider) {
    const name = identifierField(provider);
    const value = name === undefined ? undefined : ctx.req.body[name];
    return typeof value === "string" ? [`${provider.id}:${name}:${value.trim().toLowerCase()}`] : [];
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
