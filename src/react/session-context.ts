"use client";
/** The context `SessionProvider` fills and `useSession` reads, with the shapes of `next-auth/react`. */
import { createContext } from "react";
import type { Session } from "../client/index.js";

/**
 * Sends `data` to the server's `jwt`/`session` callbacks (`trigger: "update"`) and resolves with the
 * new session; without `data`, refetches the session. Resolves undefined while the session is
 * still loading, as there is nothing to update yet.
 */
export type UpdateSession = (data?: unknown) => Promise<Session | null | undefined>;

/**
 * What `useSession` returns. `status` is `"loading"` until the first answer, with `data` undefined
 * (as next-auth/react's), and while `update` runs, with `data` the session it started from; then
 * `"authenticated"` with `data` the session, or `"unauthenticated"` with `data` null. With
 * `required: true` the `"unauthenticated"` state is never seen: it stays `"loading"` (with `data`
 * null) while the user is sent to sign in.
 */
export type SessionContextValue<R extends boolean = false> = R extends true
  ?
      | { update: UpdateSession; data: Session; status: "authenticated" }
      | { update: UpdateSession; data: Session | null | undefined; status: "loading" }
  :
      | { update: UpdateSession; data: Session; status: "authenticated" }
      | { update: UpdateSession; data: null; status: "unauthenticated" }
      | { update: UpdateSession; data: Session | null | undefined; status: "loading" };

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);
SessionContext.displayName = "LatchkeySession";
