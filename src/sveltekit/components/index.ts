/**
 * `latchkey/sveltekit/components`: `<SignIn>` and `<SignOut>` with the props and slots of
 * `@auth/sveltekit/components`, for latchkey/sveltekit's `signIn` and `signOut` form actions
 * mounted as the default actions of `/signin` and `/signout`. Svelte 5 components, resolved
 * through the `svelte` export condition by SvelteKit's Vite plugin. See docs/sveltekit.md.
 *
 * @example
 * ```ts
 * // src/routes/signin/+page.server.ts (and signout/+page.server.ts with signOut)
 * import { signIn } from "../../auth.js";
 * export const actions = { default: signIn };
 * ```
 *
 * @module
 */

export type {
  SignInAuthorizationParams,
  SignInFormOptions,
  SignInProps,
  SignOutFormOptions,
  SignOutProps,
} from "./props.js";
export { default as SignIn } from "./SignIn.svelte";
export { default as SignOut } from "./SignOut.svelte";
