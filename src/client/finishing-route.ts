/**
 * Which of latchkey's routes a sign-in posts to: the one rule for the browser client and the
 * server glue (Next.js and SvelteKit actions). Pure and import-free, and kept in client/ so the
 * browser bundle holds only the client's own modules.
 */

/** The route a sign-in's POST goes to: `callback/:id` signs in now, `signin/:id` only starts one. */
export type SignInRoute = "callback" | "signin";

/**
 * Credentials are checked by the callback; so is an e-mail sign-in that carries the one-time code
 * the user typed (posting it to `/signin/:id` would mail a new code and void the typed one). Every
 * other sign-in starts at `/signin/:id` (a mail, an authorization request).
 */
export function finishingRoute(type: string, fields: Readonly<Record<string, unknown>>): SignInRoute {
  if (type === "credentials") return "callback";
  if (type === "email" && fields.code !== undefined) return "callback";
  return "signin";
}
