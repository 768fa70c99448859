/**
 * Self-hosted and regional providers through `Auth()`: the base URL, issuer or tenant an app gives
 * the factory decides where `POST /signin/:id` sends the user. A provider that kept its public
 * defaults would send the user (and, at the callback, the code and client secret) to another
 * server than the one the app named.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import FusionAuth from "../../src/providers/fusionauth.js";
import GitLab from "../../src/providers/gitlab.js";
import Mastodon from "../../src/providers/mastodon.js";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import NetSuite from "../../src/providers/netsuite.js";
import Nextcloud from "../../src/providers/nextcloud.js";
import type { Provider } from "../../src/providers/types.js";
import Vipps from "../../src/providers/vipps.js";
import Webex from "../../src/providers/webex.js";
import WorkOS from "../../src/providers/workos.js";
import { CookieJar, getCsrf, HTTP_APP, SECRET, send } from "../core/helpers.js";
import { startOP, type TestOP } from "../e2e/oidc/op.js";

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
    expect(url.searchParams.get("scope")).toBe("read_user");
    // The endpoints as Auth.js's GitLab() gives them: plain URLs, the scope in the authorization one.
    expect(gitlab.authorization).toBe("https://gitlab.example.com/oauth/authorize?scope=read_user");
    expect(gitlab.token).toBe("https://gitlab.example.com/oauth/token");
    expect(gitlab.userinfo).toBe("https://gitlab.example.com/api/v4/user");
  });

  it("lets the app's authorization params replace GitLab's scope", async () => {
    const gitlab = GitLab({
      clientId: "id",
      clientSecret: "secret",
      authorization: { params: { scope: "api" } },
    });
    const url = await authorizationUrl(app(gitlab), "gitlab");
    expect(url.searchParams.getAll("scope")).toEqual(["api"]);
  });

  it("keeps gitlab.com when no base URL is given", async () => {
    const url = await authorizationUrl(app(GitLab({ clientId: "id", clientSecret: "secret" })), "gitlab");
    expect(`${url.origin}${url.pathname}`).toBe("https://gitlab.com/oauth/authorize");
  });

  it("sends a Mastodon sign-in to the server the app registered on", async () => {
    const mastodon = Mastodon({ clientId: "id", clientSecret: "secret", issuer: "https://fosstodon.org/" });
    const url = await authorizationUrl(app(mastodon), "mastodon");
    expect(`${url.origin}${url.pathname}`).toBe("https://fosstodon.org/oauth/authorize");
    expect(url.searchParams.get("scope")).toBe("read:accounts");
  });

  it("sends a Nextcloud sign-in to the app's own cloud", async () => {
    const nextcloud = Nextcloud({
      clientId: "id",
      clientSecret: "secret",
      issuer: "https://cloud.example.com",
    });
    const url = await authorizationUrl(app(nextcloud), "nextcloud");
    expect(`${url.origin}${url.pathname}`).toBe("https://cloud.example.com/apps/oauth2/authorize");
  });

  it("sends a FusionAuth sign-in to the instance, naming the tenant", async () => {
    const fusionauth = FusionAuth({
      clientId: "id",
      clientSecret: "secret",
      issuer: "https://auth.example.com",
      tenantId: "tenant-1",
    });
    const url = await authorizationUrl(app(fusionauth), "fusionauth");
    expect(`${url.origin}${url.pathname}`).toBe("https://auth.example.com/oauth2/authorize");
    expect(url.searchParams.get("tenantId")).toBe("tenant-1");
  });

  it("sends a NetSuite sign-in to the account's own host, as NetSuite spells it", async () => {
    const netsuite = NetSuite({
      clientId: "id",
      clientSecret: "secret",
      accountID: "1234567_SB1",
      userinfo: "https://1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=1&deploy=1",
    });
    const url = await authorizationUrl(app(netsuite), "netsuite");
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl",
    );
  });

  it("sends a Webex sign-in to the API base URL the app names", async () => {
    const webex = Webex({
      clientId: "id",
      clientSecret: "secret",
      apiBaseUrl: "https://webexapis.example.com/v1/",
    });
    const url = await authorizationUrl(app(webex), "webex");
    expect(`${url.origin}${url.pathname}`).toBe("https://webexapis.example.com/v1/authorize");
  });

  it("sends a WorkOS sign-in to the enterprise connection the app names, as Auth.js's connection option does", async () => {
    const workos = WorkOS({ clientId: "client_123", clientSecret: "sk_test_123", connection: "conn_123" });
    const url = await authorizationUrl(app(workos), "workos");
    expect(`${url.origin}${url.pathname}`).toBe("https://api.workos.com/sso/authorize");
    expect(url.searchParams.get("connection")).toBe("conn_123");
  });
});

/**
 * Auth.js apps pass the factory uncalled and set AUTH_<ID>_ISSUER (the tenant, the test
 * environment, the self-hosted server): that issuer must decide where the sign-in goes, as if the
 * app had passed it as `issuer`, even where the factory has a default of its own.
 */
describe("a provider's issuer from AUTH_<ID>_ISSUER", () => {
  let op: TestOP;
  beforeAll(async () => {
    op = await startOP();
  });
  afterAll(() => op.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const fromEnv = (prefix: string, issuer: string) => {
    vi.stubEnv(`${prefix}_ID`, "latchkey");
    vi.stubEnv(`${prefix}_SECRET`, "secret");
    vi.stubEnv(`${prefix}_ISSUER`, issuer);
  };

  it("sends a Vipps sign-in to the issuer of AUTH_VIPPS_ISSUER, not to Vipps' production default", async () => {
    fromEnv("AUTH_VIPPS", op.issuer);
    const url = await authorizationUrl(app(Vipps), "vipps");
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get("client_id")).toBe("latchkey");
  });

  it("sends a Microsoft Entra ID sign-in to the tenant of AUTH_MICROSOFT_ENTRA_ID_ISSUER, not to the common endpoint", async () => {
    fromEnv("AUTH_MICROSOFT_ENTRA_ID", op.issuer);
    const url = await authorizationUrl(app(MicrosoftEntraID), "microsoft-entra-id");
    expect(url.origin).toBe(op.issuer);
  });

  it("builds a Mastodon provider's endpoints from AUTH_MASTODON_ISSUER", async () => {
    fromEnv("AUTH_MASTODON", "https://fosstodon.org");
    const url = await authorizationUrl(app(Mastodon), "mastodon");
    expect(`${url.origin}${url.pathname}`).toBe("https://fosstodon.org/oauth/authorize");
  });
});
