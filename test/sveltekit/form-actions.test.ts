/**
 * latchkey/sveltekit's signIn action, called as SvelteKit calls it inside the `handle` hook, for
 * what the built fixture cannot show: an OAuth provider's authorization request. The form fields
 * `@auth/sveltekit`'s components (and latchkey/sveltekit/components) post as
 * `authorizationParams-<name>` become the request's extra parameters.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import GitHub from "../../src/providers/github.js";
import { SvelteKitAuth } from "../../src/sveltekit/index.js";

const APP = "http://app.test";

const { handle, signIn } = SvelteKitAuth({
  secret: "form-actions-secret-0123456789abcdefghij",
  trustHost: true,
  providers: [GitHub({ clientId: "app-id", clientSecret: "app-secret" })],
});

/** A same-origin form post to `/signin` whose default action is signIn, answered through the hook. */
async function postSignIn(fields: Record<string, string>): Promise<Response> {
  const event = {
    request: new Request(`${APP}/signin`, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams(fields),
    }),
    url: new URL(`${APP}/signin`),
    locals: {},
    cookies: { set() {} },
    getClientAddress: () => "127.0.0.1",
  } as unknown as RequestEvent;
  return handle({
    event,
    resolve: async (resolved) => {
      await signIn(resolved);
      return new Response("<html><head></head></html>", { headers: { "content-type": "text/html" } });
    },
  });
}

describe("latchkey/sveltekit's signIn action", () => {
  it("sends authorizationParams-<name> fields on as the authorization request's parameters", async () => {
    const response = await postSignIn({
      providerId: "github",
      redirectTo: "/after",
      "authorizationParams-prompt": "consent",
      "authorizationParams-login": "ada",
    });
    expect(response.status).toBe(303);
    const authorization = new URL(response.headers.get("location")!);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(
      "https://github.com/login/oauth/authorize",
    );
    expect(authorization.searchParams.get("prompt")).toBe("consent");
    expect(authorization.searchParams.get("login")).toBe("ada");
    expect(authorization.searchParams.has("authorizationParams-prompt")).toBe(false);
  });

  it("does not let an authorization parameter replace the redirect URI or the state", async () => {
    const response = await postSignIn({
      providerId: "github",
      "authorizationParams-redirect_uri": "https://evil.example/callback",
      "authorizationParams-state": "chosen-by-the-form",
    });
    const authorization = new URL(response.headers.get("location")!);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/github`);
    expect(authorization.searchParams.get("state")).not.toBe("chosen-by-the-form");
  });
});
