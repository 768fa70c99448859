import type { Component } from "svelte";
import type { SignInProps } from "./props.js";

/**
 * A sign-in form for latchkey/sveltekit's `signIn` form action, with the props and slots of
 * `@auth/sveltekit/components`' `<SignIn>`: posts to `/signin` (`signInPage`), the route whose
 * default action is `signIn`. See docs/sveltekit.md, "Sign-in and sign-out components".
 */
declare const SignIn: Component<SignInProps>;
type SignIn = ReturnType<typeof SignIn>;
export default SignIn;
