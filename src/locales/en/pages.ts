/**
 * English words of the pages every app has: sign-in, sign-out and error. `dir` is the language's
 * writing direction, set on `<html>`.
 */
export const pages = {
  dir: "ltr" as "ltr" | "rtl",
  signIn: "Sign in",
  signInWith: "Sign in with {provider}",
  or: "or",
  noMethods: "No sign-in methods are configured.",
  email: "Email",
  emailPlaceholder: "you@example.com",
  createPasskey: "Create a passkey",
  passkeysNeedScript: "Passkeys need JavaScript. Enable it, or choose another method.",
  signOut: "Sign out",
  signOutQuestion: "Are you sure you want to sign out?",
};
