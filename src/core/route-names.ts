/**
 * The names of the routes under `basePath`, apart from what each route does (core/routes.ts), so
 * that the request context's `Action` type and the route table both derive from one list without
 * importing each other.
 */

/** The routes every configuration has (served by `pipeline/routes.ts`'s table). */
export const BUILT_IN_ROUTE_NAMES = [
  "providers",
  "csrf",
  "session",
  "signin",
  "signout",
  "callback",
  "error",
] as const;

/**
 * The routes latchkey's own flows and features declare, by name only (the e-mail flow's
 * `verify-request`; the passkey flow's `webauthn-options` and `webauthn-script`; two-factor
 * sign-in's `two-factor`, `two-factor-setup`, `two-factor-passkey` and `two-factor-email`;
 * organizations' `organization`, `organization-create`, `organization-invite` and
 * `organization-invitation`), so that
 * `isAuthAction` knows them without a configuration and without importing the code behind them.
 * test/pipeline/routes.test.ts checks this list against the flows.
 */
export const DECLARED_ROUTE_NAMES = [
  "verify-request",
  "webauthn-options",
  "webauthn-script",
  "two-factor",
  "two-factor-setup",
  "two-factor-passkey",
  "two-factor-email",
  "organization",
  "organization-create",
  "organization-invite",
  "organization-invitation",
] as const;

export type BuiltInRouteName = (typeof BUILT_IN_ROUTE_NAMES)[number];
export type DeclaredRouteName = (typeof DECLARED_ROUTE_NAMES)[number];
