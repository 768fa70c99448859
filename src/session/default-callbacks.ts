/**
 * The callbacks an app that sets none gets. Only what the default session callback copies reaches
 * the client: the user's id, name, e-mail and image. The id is what server code most often needs
 * from a session; Auth.js clients ignore a field they do not know.
 */
import type { CallbacksOptions } from "../config.js";

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => (url.startsWith("/") ? `${baseUrl}${url}` : url),
  session: ({ session }) => {
    // Database sessions hand over the stored row, whose expiry is a Date; the client gets ISO 8601.
    const expires: unknown = session.expires;
    return {
      user: {
        id: session.user?.id,
        name: session.user?.name,
        email: session.user?.email,
        image: session.user?.image,
      },
      expires: expires instanceof Date ? expires.toISOString() : session.expires,
      // What a feature shows on the session (core/session-marks.ts): the active organization,
      // present only when the organizations feature is on (docs/organizations.md).
      ...(session.activeOrganization !== undefined ? { activeOrganization: session.activeOrganization } : {}),
    };
  },
  jwt: ({ token }) => token,
};
