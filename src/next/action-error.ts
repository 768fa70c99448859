/**
 * A refused sign-in in a server action, as the error it was. latchkey's handler answers a refusal
 * with a redirect to the sign-in or error page carrying `?error=<Type>` (and logs the cause); a
 * server action has no page to show it on, so `signIn` throws the error of that type instead, as
 * next-auth v5 does, for the action to catch (`error instanceof CredentialsSignin`).
 */
import { clientSafeErrorClass } from "../core/error-traits.js";
import { refusedType } from "../framework/in-process.js";
import { AuthError, CredentialsSignin, type ResponseInternal } from "../index.js";

/** The error of `type`, built without its class's constructor (some take other arguments). */
function errorOfType(type: string, code: string | null): AuthError {
  if (type === CredentialsSignin.type) {
    const error = new CredentialsSignin();
    if (code) error.code = code;
    return error;
  }
  const errorClass = clientSafeErrorClass(type) ?? AuthError;
  const message = `The sign-in was refused (${type}); the server log says why.`;
  return Reflect.construct(AuthError, [message], errorClass) as AuthError;
}

/**
 * The error a server-action request to latchkey ended in, or undefined when it succeeded: an
 * error answer (a 429 or 400 with `{ error }`), or a redirect to one of `errorPages` with `?error=`.
 */
export function refusal(result: ResponseInternal, errorPages: readonly string[]): AuthError | undefined {
  if (result.redirect === undefined) {
    if ((result.status ?? 200) < 400) return undefined;
    return errorOfType(refusedType(result), null);
  }
  const target = new URL(result.redirect);
  const type = target.searchParams.get("error");
  if (type === null || !errorPages.includes(target.pathname)) return undefined;
  return errorOfType(type, target.searchParams.get("code"));
}
