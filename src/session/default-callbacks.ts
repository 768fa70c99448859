/**
 * The callbacks an app that sets none gets. Only what the default session callback copies reaches
 * the client: the user's id, name, e-mail and image, and what the configured features show (the
 * active organization: core/session-marks.ts). The id is what server code most often needs from a
 * session; Auth.js clients ignore a field they do not know.
 */
import type { CallbacksOptions } from "../config.js";

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => (url.startsWith("/") ? `${baseUrl}${url}` : url),
  session: ({ session }) => {
    // Database sessions hand over the stored row (its user id, and an expiry that is a Date; the
    // client gets ISO 8601); what is left is what the features show.
    const { user, expires, userId, ...shown } = session as typeof session & { userId?: unknown };
    return {
      user: { id: user?.id, name: user?.name, email: user?.email, image: user?.image },
      expires: (expires as unknown) instanceof Date ? (expires as unknown as Date).toISOString() : expires,
      ...shown,
    };
  },
  jwt: ({ token }) => token,
};
