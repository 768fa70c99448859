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
import type { Component } from "svelte";
import type { SignInProps, SignOutProps } from "./props.js";
import SignInComponent from "./SignIn.svelte";
import SignOutComponent from "./SignOut.svelte";

export type {
  SignInAuthorizationParams,
  SignInFormOptions,
  SignInProps,
  SignOutFormOptions,
  SignOutProps,
} from "./props.js";

// Typed here rather than by `.svelte.d.ts` files beside the components: TypeScript's NodeNext
// resolution looks for `SignIn.d.svelte.ts`, bundler resolution for `SignIn.svelte.d.ts`, and where
// neither is found it falls back to Svelte's ambient `*.svelte` module, which takes any props.
// Declared on these two constants, the props are checked under every resolution mode.

/**
 * A sign-in form for latchkey/sveltekit's `signIn` form action, with the props and slots of
 * `@auth/sveltekit/components`' `<SignIn>`: posts to `/signin` (`signInPage`), the route whose
 * default action is `signIn`; `provider`, `options.redirectTo`, `authorizationParams`, `className`,
 * and the `credentials`, `email` and `submitButton` slots.
 */
export const SignIn = SignInComponent as unknown as Component<SignInProps>;

/**
 * A sign-out button for latchkey/sveltekit's `signOut` form action, with the props and slot of
 * `@auth/sveltekit/components`' `<SignOut>`: posts to `/signout` (`signOutPage`), the route whose
 * default action is `signOut`; `options.redirectTo`, `className`, and the `submitButton` slot.
 */
export const SignOut = SignOutComponent as unknown as Component<SignOutProps>;
