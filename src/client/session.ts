/** The handler's read routes (`GET /session`, `/csrf`, `/providers`) and the session update (`POST /session`). */
import type { Session } from "../index.js";
import { authUrl } from "./base-url.js";
import { ClientFetchError, getJson, requestJson } from "./requests.js";
import { announceSessionChange } from "./session-events.js";
import type { ClientSafeProvider } from "./types.js";

/**
 * The signed-in user's session, or null. Rejects with a `ClientFetchError` when the handler cannot
 * be reached or does not answer with a session, so that an outage never reads as "signed out".
 *
 * @example
 * ```ts
 * import { getSession } from "latchkey/client";
 *
 * const session = await getSession();
 * console.log(session ? `Signed in as ${session.user?.email}` : "Not signed in");
 * ```
 */
export function getSession(): Promise<Session | null> {
  return getJson<Session | null>("session");
}

/**
 * A CSRF token for a form or request of your own that posts to the handler (the client's own
 * functions fetch theirs). Fetching it also sets the cookie it is checked against.
 */
export async function getCsrfToken(): Promise<string> {
  const { csrfToken } = await getJson<{ csrfToken?: unknown }>("csrf");
  if (typeof csrfToken !== "string")
    throw new ClientFetchError(`GET ${authUrl("csrf")} gave no csrfToken`, 200);
  return csrfToken;
}

/** The configured providers by id, to build a sign-in page of your own. */
export function getProviders(): Promise<Record<string, ClientSafeProvider>> {
  return getJson<Record<string, ClientSafeProvider>>("providers");
}

/**
 * Updates the session on the server: `data` reaches the `jwt` callback (as `session`, with
 * `trigger: "update"`) or the database strategy's `session` callback, and the new session comes
 * back. `useSession().update` calls this; other tabs are told to refetch.
 *
 * @example
 * ```ts
 * import { updateSession } from "latchkey/client";
 *
 * const session = await updateSession({ name: "Ada Lovelace" });
 * ```
 */
export async function updateSession(data?: unknown): Promise<Session | null> {
  const csrfToken = await getCsrfToken();
  const url = authUrl("session");
  const { status, body } = await requestJson<(Session & { message?: string }) | null>(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csrfToken, data }),
  });
  if (status >= 400) {
    throw new ClientFetchError(
      `POST ${url} answered ${status}: ${body?.message ?? "no reason given"}`,
      status,
    );
  }
  announceSessionChange("update", body);
  return body;
}
