"use client";
/** `useSession`: the session and its status from the nearest `SessionProvider`. */
import { useContext, useEffect } from "react";
import { signInPageUrl } from "../client/index.js";
import { SessionContext, type SessionContextValue } from "./session-context.js";

export interface UseSessionOptions<R extends boolean> {
  /** `true`: a signed-out user is sent to sign in (or `onUnauthenticated` runs); status stays `"loading"`. */
  required: R;
  /** Runs instead of the redirect to the sign-in page when `required` finds nobody signed in. */
  onUnauthenticated?: () => void;
}

/**
 * The session, its status and `update`, from the nearest `SessionProvider`.
 *
 * @example
 * ```ts
 * import { useSession } from "latchkey/react";
 *
 * export function Greeting(): string {
 *   const { data: session, status } = useSession({ required: true });
 *   return status === "authenticated" ? `Hello, ${session.user?.name}` : "Loading…";
 * }
 * ```
 */
export function useSession<R extends boolean = false>(
  options?: UseSessionOptions<R>,
): SessionContextValue<R> {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error("useSession() needs a <SessionProvider> above it: wrap the app (or layout) in one.");
  }
  const required = options?.required === true;
  const onUnauthenticated = options?.onUnauthenticated;
  const leaving = required && value.status === "unauthenticated";

  useEffect(() => {
    if (!leaving) return;
    if (onUnauthenticated) onUnauthenticated();
    else window.location.assign(signInPageUrl({ error: "SessionRequired" }));
  }, [leaving, onUnauthenticated]);

  if (leaving) return { data: null, status: "loading", update: value.update } as SessionContextValue<R>;
  return value as SessionContextValue<R>;
}
