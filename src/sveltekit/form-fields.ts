/**
 * The fields of a sign-in form that are not the provider's: `@auth/sveltekit`'s components post the
 * authorization request's extra parameters as `authorizationParams-<name>` (latchkey's `<SignIn>`
 * does too), which the `signIn` action passes on in the query of `/signin/:id`, where the OAuth
 * flow reads them.
 */

/** The prefix of a sign-in form's fields that are authorization parameters. */
export const AUTHORIZATION_PARAM_PREFIX = "authorizationParams-";

/** The form's fields split into the provider's and the authorization request's parameters. */
export function splitAuthorizationParams(form: Record<string, string>): {
  fields: Record<string, string>;
  authorizationParams: URLSearchParams;
} {
  const fields: Record<string, string> = {};
  const authorizationParams = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (name.startsWith(AUTHORIZATION_PARAM_PREFIX)) {
      authorizationParams.set(name.slice(AUTHORIZATION_PARAM_PREFIX.length), value);
    } else {
      fields[name] = value;
    }
  }
  return { fields, authorizationParams };
}
