/**
 * Self-hosted and regional providers through `Auth()`: the base URL, issuer or tenant an app gives
 * the factory decides where `POST /signin/:id` sends the user. A provider that kept its public
 * defaults would send the user (and, at the callback, the code and client secret) to another
 * server than the one the app named.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import GitLab from "../../src/providers/gitlab.js";
import type { Provider } from "../../src/providers/types.js";
import { CookieJar, getCsrf, HTTP_APP, SECRET, send } from "../core/helpers.js";

const app = (provider: Provider): AuthConfig => ({ providers: [provider], secret: SECRET, trustHost: true });

/** Where `POST /signin/:id` redirects the browser. */
async function authorizationUrl(config: AuthConfig, providerId: string): Promise<URL> {
  const jar = new CookieJar();
  const { token } = await getCsrf(config, { origin: HTTP_APP, cookie: jar });
  const response = await send(config, `/signin/${providerId}`, {
    origin: HTTP_APP,
    cookie: jar,
    form: { csrfToken: token, callbackUrl: `${HTTP_APP}/dashboard` },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") as string);
}

describe("a self-hosted provider's base URL", () => {
  it("sends a GitLab sign-in to the self-managed instance the app named, not to gitlab.com", async () => {
    const gitlab = GitLab({ clientId: "id", clientSecret: "secret", baseUrl: "https://gitlab.example.com/" });
    const url = await authorizationUrl(app(gitlab), "gitlab");
    expect(`${url.origin}${url.pathname}`).toBe("https://gitlab.example.com/oauth/authorize");
    expect(gitlab.token).toBe("https://gitlab.example.com/oauth/token");
    expect(gitlab.userinfo).toBe("https://gitlab.example.com/api/v4/user");
  });

  it("keeps gitlab.com when no base URL is given", async () => {
    const url = await authorizationUrl(app(GitLab({ clientId: "id", clientSecret: "secret" })), "gitlab");
    expect(`${url.origin}${url.pathname}`).toBe("https://gitlab.com/oauth/authorize");
  });
});
