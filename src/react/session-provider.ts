"use client";
/**
 * `SessionProvider`: holds the session for `useSession`, and keeps it current: fetched on mount
 * (unless the server rendered it), again when the tab becomes visible, every `refetchInterval`
 * seconds, and whenever this tab or another signs in, signs out or updates it through the client.
 */
import { createElement, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  configureClient,
  getSession,
  onSessionChange,
  type Session,
  updateSession,
} from "../client/index.js";
import { SessionContext, type SessionContextValue, type UpdateSession } from "./session-context.js";

export interface SessionProviderProps {
  children?: ReactNode;
  /**
   * The session the server already read (e.g. `await auth()` in a layout). Given, even as null,
   * the first render shows it and nothing is fetched on mount.
   */
  session?: Session | null;
  /** Where the handler is mounted (default `/api/auth`), or its absolute URL; see `configureClient`. */
  basePath?: string;
  /** Refetch the session every this many seconds; 0 (the default) never polls. */
  refetchInterval?: number;
  /** Refetch when the tab becomes visible again (default true). */
  refetchOnWindowFocus?: boolean;
  /** `false`: skip the interval and focus refetches while the browser reports being offline. */
  refetchWhenOffline?: false;
}

/**
 * Makes the session available to `useSession` below it.
 *
 * @example
 * ```ts
 * import { createElement, type ReactNode } from "react";
 * import { SessionProvider } from "latchkey/react";
 *
 * export function Providers({ children }: { children: ReactNode }) {
 *   return createElement(SessionProvider, { basePath: "/auth", refetchInterval: 300 }, children);
 * }
 * ```
 */
export function SessionProvider(props: SessionProviderProps) {
  const { children, basePath, refetchInterval = 0, refetchOnWindowFocus = true, refetchWhenOffline } = props;
  // Set before any child effect runs, so the first request already goes to the right place.
  if (basePath !== undefined) configureClient({ basePath });

  const hasInitialSession = props.session !== undefined;
  // undefined until the first answer, as next-auth/react's: an app that hands `data` on to a nested
  // `<SessionProvider session={data}>` gets a provider that fetches, not one told "signed out".
  const [session, setSession] = useState<Session | null | undefined>(props.session);
  const [loading, setLoading] = useState(!hasInitialSession);
  // Answers can arrive out of order (a focus refetch overtaken by an update): only the latest counts.
  const latest = useRef(0);

  const show = useCallback((next: Session | null) => {
    latest.current++;
    setSession(next);
    setLoading(false);
  }, []);

  const refetch = useCallback(async () => {
    const request = ++latest.current;
    try {
      const next = await getSession();
      if (request === latest.current) setSession(next);
    } catch {
      // The server could not answer: keep what is shown; a first load shows "unauthenticated".
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, []);

  const refetchUnlessOffline = useCallback(() => {
    if (refetchWhenOffline === false && !navigator.onLine) return;
    void refetch();
  }, [refetch, refetchWhenOffline]);

  // Only on mount (refetch never changes): a later `session` prop is the server's older view of
  // what this state already tracks.
  const fetchOnMount = useRef(!hasInitialSession);
  useEffect(() => {
    if (fetchOnMount.current) void refetch();
  }, [refetch]);

  useEffect(
    () =>
      onSessionChange((change) => {
        if (!change.fromOtherTab && change.session !== undefined) show(change.session);
        else void refetch();
      }),
    [refetch, show],
  );

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisibility = () => {
      if (document.visibilityState === "visible") refetchUnlessOffline();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [refetchOnWindowFocus, refetchUnlessOffline]);

  useEffect(() => {
    if (!refetchInterval) return;
    const timer = setInterval(refetchUnlessOffline, refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [refetchInterval, refetchUnlessOffline]);

  const update = useCallback<UpdateSession>(
    async (data) => {
      if (loading) return undefined;
      setLoading(true);
      try {
        const next = data === undefined ? await getSession() : await updateSession(data);
        show(next);
        return next;
      } finally {
        setLoading(false);
      }
    },
    [loading, show],
  );

  const value = useMemo<SessionContextValue>(
    () =>
      loading
        ? { data: session, status: "loading", update }
        : session
          ? { data: session, status: "authenticated", update }
          : { data: null, status: "unauthenticated", update },
    [loading, session, update],
  );
  return createElement(SessionContext.Provider, { value }, children);
}
