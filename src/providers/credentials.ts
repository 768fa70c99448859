import { credentialsFlow } from "../flows/credentials.js";
import { carryingFlow } from "../flows/types.js";
import type { CredentialInput, CredentialsConfig } from "./types.js";

export type { CredentialInput, CredentialsConfig };

export type CredentialsUserConfig<Inputs extends Record<string, CredentialInput>> = Partial<
  Omit<CredentialsConfig<Inputs>, "type">
> &
  Pick<CredentialsConfig<Inputs>, "authorize">;

/**
 * Sign-in with fields the application checks itself (a password, a one-time code from elsewhere).
 * Works with JWT and database sessions. `authorize` receives the fields declared in `credentials`,
 * each typed `string` as next-auth v4 typed them (one the client left out is absent: check each);
 * without `credentials` it receives none.
 *
 * @example
 * ```ts
 * Credentials({
 *   credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
 *   // The user when the password matches; null refuses the sign-in.
 *   authorize: ({ email, password }) => checkPassword(email, password),
 * });
 * ```
 */
export default function Credentials<
  // No `credentials` given: no field is declared, so none reaches `authorize`.
  Inputs extends Record<string, CredentialInput> = Record<never, CredentialInput>,
>(options: CredentialsUserConfig<Inputs>): CredentialsConfig<Inputs> {
  return carryingFlow<CredentialsConfig<Inputs>>(
    { id: "credentials", name: "Credentials", credentials: {} as Inputs, ...options, type: "credentials" },
    credentialsFlow,
  );
}
