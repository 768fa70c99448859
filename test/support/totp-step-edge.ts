/**
 * Waiting out the end of a TOTP time step (RFC 6238 §4: 30-second steps on the wall clock).
 *
 * A browser test computes a code, types it and submits it; under load that takes a second or two.
 * When a step ends in between, the code the server checks is one step older than the one the test
 * meant: a code of the previous step becomes two steps old and is refused. Waiting until enough of
 * the step is left keeps what the test asserts about the window the same whatever the time.
 */
const STEP_MS = 30_000;

/** Resolves at once when at least `marginMs` of the current step is left, else when the next step begins. */
export async function awayFromStepEnd(marginMs = 10_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left >= marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, left + 50));
}
