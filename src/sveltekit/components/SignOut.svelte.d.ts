import type { Component } from "svelte";
import type { SignOutProps } from "./props.js";

/**
 * A sign-out button for latchkey/sveltekit's `signOut` form action, with the props and slot of
 * `@auth/sveltekit/components`' `<SignOut>`: posts to `/signout` (`signOutPage`), the route whose
 * default action is `signOut`. See docs/sveltekit.md, "Sign-in and sign-out components".
 */
declare const SignOut: Component<SignOutProps>;
type SignOut = ReturnType<typeof SignOut>;
export default SignOut;
