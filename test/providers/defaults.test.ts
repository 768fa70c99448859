/**
 * How a built-in provider's defaults and the app's options combine (core/provider-defaults.ts),
 * through the provider factories: the app's options win field by field, and an endpoint given as an
 * object keeps the default URL and parameters it does not override.
 */
import { describe, expect, it } from "vitest";
import Facebook from "../../src/providers/facebook.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";
import LinkedIn from "../../src/providers/linkedin.js";
import type { OAuthConfig } from "../../src/providers/types.js";

describe("a provider's defaults under the app's options", () => {
  it("keeps every default endpoint, client option and style when the app overrides none", () => {
    const github = GitHub();
    expect(github.authorization).toEqual({
      url: "https://github.com/login/oauth/authorize",
      params: { scope: "read:user user:email" },
    });
    expect(github.token).toBe("https://github.com/login/oauth/access_token");
    expect(github.userinfo).toMatchObject({ url: "https://api.github.com/user" });
    expect(github.style).toEqual({ brandColor: "#24292f" });
    expect(LinkedIn().client).toEqual({ token_endpoint_auth_method: "client_secret_post" });
  });

  it("takes an endpoint the app gives as a string in place of the default, whatever its shape", () => {
    const github = GitHub({
      authorization: "https://proxy.test/authorize",
      token: "https://proxy.test/token",
      userinfo: "https://proxy.test/user",
    });
    expect(github.authorization).toBe("https://proxy.test/authorize");
    expect(github.token).toBe("https://proxy.test/token");
    expect(github.userinfo).toBe("https://proxy.test/user");
  });

  it("adds the app's parameters to the default ones, the app's winning where both name one", () => {
    const facebook = Facebook({
      authorization: { params: { scope: "email public_profile", auth_type: "rerequest" } },
      userinfo: { params: { locale: "de_DE" } },
    });
    expect(facebook.authorization).toEqual({
      url: "https://www.facebook.com/v19.0/dialog/oauth",
      params: { scope: "email public_profile", auth_type: "rerequest" },
    });
    expect(facebook.userinfo).toEqual({
      url: "https://graph.facebook.com/me",
      params: { fields: "id,name,email,picture", locale: "de_DE" },
    });
  });

  it("keeps the default URL and handler of an endpoint object whose other fields the app overrides", () => {
    const github = GitHub({ userinfo: { params: { per_page: "1" } } });
    const userinfo = github.userinfo as { url: string; params: object; request: unknown };
    expect(userinfo.url).toBe("https://api.github.com/user");
    expect(userinfo.params).toEqual({ per_page: "1" });
    expect(typeof userinfo.request).toBe("function");

    const moved = GitHub({ authorization: { url: "https://proxy.test/authorize" } });
    expect(moved.authorization).toEqual({
      url: "https://proxy.test/authorize",
      params: { scope: "read:user user:email" },
    });
  });

  it("turns a default endpoint given as a URL into an object when the app adds parameters to it", () => {
    const github = GitHub({ token: { params: { audience: "api" } } });
    expect(github.token).toEqual({
      url: "https://github.com/login/oauth/access_token",
      params: { audience: "api" },
    });
  });

  it("takes the app's endpoint object as it is where the provider has no default for it", () => {
    const google = Google({ token: { params: { audience: "api" } }, userinfo: { url: "https://u.test" } });
    expect(google.token).toEqual({ params: { audience: "api" } });
    expect(google.userinfo).toEqual({ url: "https://u.test" });
    expect(Google().token).toBeUndefined();
  });

  it("merges client options and button styles field by field", () => {
    const linkedin = LinkedIn({
      client: { id_token_signed_response_alg: "ES256" },
      style: { logo: "/linkedin.svg" },
    } as Parameters<typeof LinkedIn>[0]);
    expect(linkedin.client).toEqual({
      token_endpoint_auth_method: "client_secret_post",
      id_token_signed_response_alg: "ES256",
    });
    expect(linkedin.style).toEqual({ brandColor: "#0a66c2", logo: "/linkedin.svg" });

    const rebranded = LinkedIn({
      client: { token_endpoint_auth_method: "client_secret_basic" },
      style: { brandColor: "#000000" },
    } as Parameters<typeof LinkedIn>[0]);
    expect(rebranded.client).toEqual({ token_endpoint_auth_method: "client_secret_basic" });
    expect(rebranded.style).toEqual({ brandColor: "#000000" });
  });

  it("keeps the provider's type: an app cannot turn an OAuth provider into an OIDC one", () => {
    const github = GitHub({ type: "oidc", name: "GitHub (work)" } as unknown as Parameters<typeof GitHub>[0]);
    expect((github as OAuthConfig).type).toBe("oauth");
    expect(github.name).toBe("GitHub (work)");
    expect(Google({ type: "oauth" } as unknown as Parameters<typeof Google>[0]).type).toBe("oidc");
  });
});
