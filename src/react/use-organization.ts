"use client";
/**
 * The organizations feature's hooks: the session's active organization, read from the session
 * `SessionProvider` already holds (no request of its own), and the user's organizations, fetched
 * once and again whenever the session changes (a switch, an accepted invitation, a sign-out).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ActiveOrganization,
  type ClientOrganization,
  type OrganizationResult,
  onSessionChange,
  organization,
} from "../client/index.js";
import { useSession } from "./use-session.js";

/**
 * The session's active organization (`{ id, slug, role }`), null when none is active or nobody is
 * signed in, undefined while the session loads. It comes from the session `useSession` holds:
 * switching with `organization.setActive` updates it.
 *
 * @example
 * ```ts
 * import { useActiveOrganization } from "latchkey/react";
 *
 * export function AdminLink(): string | null {
 *   const active = useActiveOrganization();
 *   return active?.role === "admin" || active?.role === "owner" ? "Settings" : null;
 * }
 * ```
 */
export function useActiveOrganization(): ActiveOrganization | null | undefined {
  const { data, status } = useSession();
  if (status === "loading") return undefined;
  return data?.activeOrganization ?? null;
}

/** What {@link useOrganizations} returns. */
export interface OrganizationsState {
  /** The user's organizations with their role; undefined until the first answer. */
  data: Array<ClientOrganization & { role: string }> | undefined;
  /** The last refusal (`NotSignedIn` when signed out), or undefined. */
  error: Extract<OrganizationResult<unknown>, { ok: false }> | undefined;
  /** Asks again, e.g. after creating one. */
  refetch: () => Promise<void>;
}

/**
 * The signed-in user's organizations, fetched on mount and again whenever the session changes.
 *
 * @example
 * ```ts
 * import { useOrganizations } from "latchkey/react";
 *
 * export function OrganizationNames(): string {
 *   const { data } = useOrganizations();
 *   return (data ?? []).map((o) => o.name).join(", ");
 * }
 * ```
 */
export function useOrganizations(): OrganizationsState {
  const [state, setState] = useState<Omit<OrganizationsState, "refetch">>({
    data: undefined,
    error: undefined,
  });
  // Only the latest answer counts, as in SessionProvider.
  const latest = useRef(0);
  const refetch = useCallback(async () => {
    const asked = ++latest.current;
    const result = await organization.list();
    if (asked !== latest.current) return;
    setState(result.ok ? { data: result.data, error: undefined } : { data: undefined, error: result });
  }, []);
  useEffect(() => {
    void refetch();
    return onSessionChange(() => void refetch());
  }, [refetch]);
  return { ...state, refetch };
}
