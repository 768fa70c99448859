/**
 * How latchkey's form actions answer without `@sveltejs/kit`'s classes. SvelteKit recognises a
 * redirect or a failure from an action by `instanceof` against its own `Redirect` and
 * `ActionFailure`; an app's production build bundles SvelteKit's runtime, and latchkey may reach
 * another copy (SvelteKit's Vite plugin bundles latchkey with the app, as a package that ships
 * Svelte components, but an app may keep it external), whose instances the app's copy does not
 * recognise. So an action records what it decided on the request's `locals`, returns plain data,
 * and the `handle` hook, which wraps the response, answers as SvelteKit would have:
 * - a page's form post: 303 to the location, or the re-rendered page with the failure's status;
 * - an enhanced form (`use:enhance` posts for JSON): SvelteKit's action result,
 *   `{ type: "redirect", status, location }`, `{ type: "failure", status, data }` or
 *   `{ type: "error", error }` (https://svelte.dev/docs/kit/form-actions#Progressive-enhancement).
 */

/** What one action decided. */
export type ActionOutcome =
  | { kind: "redirect"; location: string }
  /** Shown again with the form: the page gets `form.error`. */
  | { kind: "failure"; status: number; error: string }
  /** Not processed at all (a cross-site post, a body that is no form). */
  | { kind: "refused"; status: number; message: string };

/** The `locals` of the requests latchkey's `handle` wraps: only those can be answered. */
const wrapped = new WeakSet<object>();
const outcomes = new WeakMap<object, ActionOutcome>();

/** Marks the request (by its `locals`, shared by every copy of the event) as wrapped by the hook. */
export function wrapRequest(locals: object): void {
  wrapped.add(locals);
}

/**
 * Records the action's outcome for the hook, and returns the data the action hands SvelteKit
 * (the form's `error`, so a re-rendered page can show it).
 */
export function settle(locals: object, outcome: ActionOutcome): { error: string } | undefined {
  if (!wrapped.has(locals)) {
    throw new Error(
      "latchkey's signIn/signOut actions answer through latchkey's handle hook: export it from src/hooks.server.ts (see docs/sveltekit.md).",
    );
  }
  outcomes.set(locals, outcome);
  return outcome.kind === "failure" ? { error: outcome.error } : undefined;
}

/** The outcome recorded for this request, if an action of latchkey's ran. */
export function takeOutcome(locals: object): ActionOutcome | undefined {
  const outcome = outcomes.get(locals);
  outcomes.delete(locals);
  return outcome;
}

/** The `Set-Cookie` headers SvelteKit put on the response (the action's cookies among them). */
function withCookiesOf(response: Response, init: Record<string, string>): Headers {
  const headers = new Headers(init);
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

/** An enhanced form's answer: SvelteKit's action result as JSON. */
async function actionResult(response: Response, outcome: ActionOutcome): Promise<Response> {
  const json = { "content-type": "application/json" };
  switch (outcome.kind) {
    case "redirect":
      await response.body?.cancel();
      return new Response(JSON.stringify({ type: "redirect", status: 303, location: outcome.location }), {
        headers: withCookiesOf(response, json),
      });
    case "failure": {
      // SvelteKit already serialised the action's data ({ error }) for its success result; kept as is.
      const result = (await response.json()) as { data?: string };
      return new Response(JSON.stringify({ type: "failure", status: outcome.status, data: result.data }), {
        headers: withCookiesOf(response, json),
      });
    }
    case "refused":
      await response.body?.cancel();
      return new Response(JSON.stringify({ type: "error", error: { message: outcome.message } }), {
        status: outcome.status,
        headers: withCookiesOf(response, json),
      });
  }
}

/** A page's form post: the redirect, the re-rendered page under the failure's status, or the refusal. */
async function pageAnswer(response: Response, outcome: ActionOutcome): Promise<Response> {
  switch (outcome.kind) {
    case "redirect":
      await response.body?.cancel();
      return new Response(null, {
        status: 303,
        headers: withCookiesOf(response, { location: outcome.location }),
      });
    case "failure":
      return new Response(response.body, { status: outcome.status, headers: response.headers });
    case "refused":
      await response.body?.cancel();
      return new Response(outcome.message, {
        status: outcome.status,
        headers: withCookiesOf(response, { "content-type": "text/plain; charset=utf-8" }),
      });
  }
}

/** The response SvelteKit made for the action's request, answered as the action decided. */
export function answerWith(response: Response, outcome: ActionOutcome): Promise<Response> {
  const isActionResult = response.headers.get("content-type")?.includes("application/json") === true;
  return isActionResult ? actionResult(response, outcome) : pageAnswer(response, outcome);
}
