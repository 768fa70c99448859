/**
 * The callbacks an app that sets none gets. Only what the default session callback copies reaches
 * the client: name, e-mail and image.
 */
import type { CallbacksOptions } from "../config.js";

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => (url.startsWith("/") ? `${baseUrl}${url}` : url),
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: session.expires,
  }),
  jwt: ({ token }) => token,
};
