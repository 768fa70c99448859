"use client";
/**
 * `latchkey/react`: `SessionProvider` and `useSession` with `next-auth/react`'s names, props and
 * statuses, and every function of `latchkey/client` (`signIn`, `signOut`, `getSession`, …), so a
 * component imports all it needs from one place. React is an optional peer dependency.
 *
 * @module
 */
export * from "../client/index.js";
export type { SessionContextValue, UpdateSession } from "./session-context.js";
export { SessionProvider, type SessionProviderProps } from "./session-provider.js";
export { type OrganizationsState, useActiveOrganization, useOrganizations } from "./use-organization.js";
export { type UseSessionOptions, useSession } from "./use-session.js";
