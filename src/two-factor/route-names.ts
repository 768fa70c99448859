/**
 * The path segments of two-factor sign-in's routes under `basePath`, in one place: the routes
 * (routes.ts), the gate that sends browsers there and step-up's answer all name them.
 * core/routes.ts lists them for `isAuthAction` too; `satisfies` keeps each one on that list.
 */
import type { DeclaredRouteName } from "../core/routes.js";

export const CHALLENGE_ROUTE = "two-factor" satisfies DeclaredRouteName;
export const SETUP_ROUTE = "two-factor-setup" satisfies DeclaredRouteName;
/** Passkey options for the second factor (`"passkey"` offered). */
export const PASSKEY_OPTIONS_ROUTE = "two-factor-passkey" satisfies DeclaredRouteName;
/** Mails a second-factor code (`"email"` offered). */
export const EMAIL_CODE_ROUTE = "two-factor-email" satisfies DeclaredRouteName;
