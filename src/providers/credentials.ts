import type { CredentialInput, CredentialsConfig } from "./types.js";

export type CredentialsUserConfig<Inputs extends Record<string, CredentialInput>> = Partial<
  Omit<CredentialsConfig<Inputs>, "type">
> &
  Pick<CredentialsConfig<Inputs>, "authorize">;

/**
 * Sign-in with fields the application checks itself (a password, a one-time code from elsewhere).
 * Works with JWT and database sessions.
 *
 * @example
 * ```ts
 * Credentials({
 *   credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
 *   // The user when the password matches; null refuses the sign-in.
 *   authorize: ({ email, password }) => checkPassword(email, password),
 * });
 * ```
 */
export default function Credentials<
  Inputs extends Record<string, CredentialInput> = Record<string, CredentialInput>,
>(options: CredentialsUserConfig<Inputs>): CredentialsConfig<Inputs> {
  return {
    id: "credentials",
    name: "Credentials",
    credentials: {} as Inputs,
    ...options,
    type: "credentials",
  };
}
