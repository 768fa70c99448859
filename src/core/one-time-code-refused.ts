/**
 * A refused one-time code, as the flow reports it and the handler answers it. Not a public error
 * class: applications see a `Verification` (the same type and `?error=`), and only the handler needs
 * to know where the browser goes back to.
 */
import { Verification } from "./errors.js";

/**
 * A one-time code refused at the code form. It is a `Verification` (same type, same `?error=`), but
 * the browser goes back to the code form, address filled in, told how many tries are left: a
 * mistyped code is the user's to correct, not a dead link.
 */
export class OneTimeCodeRefused extends Verification {
  /**
   * @param identifier The address the code was typed for; the form shows it again.
   * @param attemptsLeft How many more codes may be tried, when this one was compared and was wrong;
   *   undefined when none was compared (none pending, void after too many tries, or already used).
   */
  constructor(
    message: string,
    readonly identifier: string,
    readonly attemptsLeft: number | undefined,
  ) {
    super(message);
  }
}
