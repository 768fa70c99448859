/**
 * E-mail (passwordless) providers. What exists so far: the adapter methods they call and their form
 * on the sign-in page. Signing in with them answers "Configuration" until the e-mail flow lands here.
 */
import type { EmailConfig } from "../providers/types.js";
import type { Flow } from "./types.js";

export const emailFlow: Flow<EmailConfig> = {
  // Verification tokens and the user they sign in are stored whatever the session strategy.
  adapterMethods: () => [
    "createUser",
    "getUserByEmail",
    "updateUser",
    "createVerificationToken",
    "useVerificationToken",
  ],
  pageEntry: () => ({ form: "email" }),
  callbackNeedsCsrf: () => true,
};
