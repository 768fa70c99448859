/**
 * The callbacks of an app that sets none: every sign-in is allowed, relative redirects stay on the
 * app, the JWT is kept as it is, and the session a browser reads holds id, name, e-mail and image only.
 */
import { describe, expect, it } from "vitest";
import type { Session } from "../../src/config.js";
import { defaultCallbacks } from "../../src/session/default-callbacks.js";

const baseUrl = "https://app.test";

describe("default callbacks", () => {
  it("allow every sign-in", () => {
    expect(defaultCallbacks.signIn({} as never)).toBe(true);
  });

  it("resolve a relative redirect against the app, and pass an absolute one on for the redirect check", () => {
    expect(defaultCallbacks.redirect({ url: "/dashboard?tab=1", baseUrl })).toBe(
      "https://app.test/dashboard?tab=1",
    );
    expect(defaultCallbacks.redirect({ url: "https://elsewhere.test/x", baseUrl })).toBe(
      "https://elsewhere.test/x",
    );
    expect(defaultCallbacks.redirect({ url: "dashboard", baseUrl })).toBe("dashboard");
  });

  it("return the token untouched", () => {
    const token = { sub: "u-1", providerTokens: { acme: { access_token: "at" } } };
    expect(defaultCallbacks.jwt({ token } as never)).toBe(token);
  });

  it("copy only id, name, e-mail, image and expires into the session", () => {
    const session = {
      user: {
        id: "u-1",
        name: "Alice",
        email: "alice@example.test",
        image: "https://cdn.test/a.png",
        role: "admin",
      },
      expires: "2030-01-01T00:00:00.000Z",
      accessToken: "leak",
    } as unknown as Session;
    expect(defaultCallbacks.session({ session, token: { providerTokens: {} } } as never)).toEqual({
      user: { id: "u-1", name: "Alice", email: "alice@example.test", image: "https://cdn.test/a.png" },
      expires: "2030-01-01T00:00:00.000Z",
    });
  });

  it("give a session without a user an empty one", () => {
    const session = { expires: "2030-01-01T00:00:00.000Z" } as Session;
    const result = defaultCallbacks.session({ session } as never) as Session;
    expect(result.user).toEqual({ name: undefined, email: undefined, image: undefined });
    expect(result.expires).toBe("2030-01-01T00:00:00.000Z");
  });
});
