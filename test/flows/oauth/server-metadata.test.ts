/**
 * The authorization server's metadata (OpenID Connect Discovery 1.0 §4, RFC 8414 §3): where it is
 * fetched from, the issuer it must name (Discovery §4.3: exactly the configured one, or the one the
 * well-known URL belongs to), redirects refused, the document cached a day per resolved provider
 * and a failure not cached, explicit endpoints over discovered ones, and every endpoint https
 * except on loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { InvalidConfig, OAuthSignInError } from "../../../src/core/errors.js";
import { withProviderState } from "../../../src/flows/oauth/provider-state.js";
import {
  authorizationServer,
  endpointOption,
  transportOptions,
  usesDiscovery,
} from "../../../src/flows/oauth/server-metadata.js";
import type { OAuthConfig, OIDCConfig } from "../../../src/providers/types.js";
import { APP, CookieJar, getCsrf, locationOf, recordingLogger, SECRET, send } from "../../core/helpers.js";
import { oidcProvider, type ScriptedIssuer, startScriptedIssuer } from "./scripted-issuer.js";

let issuer: ScriptedIssuer;
beforeAll(async () => {
  issuer = await startScriptedIssuer();
});
afterAll(() => issuer.close());
afterEach(() => {
  vi.useRealTimers();
  for (const path of [...issuer.routes.keys()]) if (path !== "/jwks") issuer.routes.delete(path);
});

const OPENID = "/.well-known/openid-configuration";
const OAUTH = "/.well-known/oauth-authorization-server";

/** Serves the metadata document at `path`, naming `issuerId` as its issuer. */
function serve(path: string, overrides: Record<string, unknown> = {}) {
  issuer.routes.set(path, () => ({ body: issuer.metadata(overrides) }));
}

const provider = (overrides: Partial<OIDCConfig> = {}) => withProviderState(oidcProvider(issuer, overrides));
const fetches = (path: string) => issuer.requestsTo(path).length;

describe("discovery from the issuer", () => {
  it("reads <issuer>/.well-known/openid-configuration, asking for JSON, and takes its endpoints", async () => {
    serve(OPENID);
    const before = fetches(OPENID);
    const server = await authorizationServer(provider());
    expect(server).toMatchObject({
      issuer: issuer.origin,
      authorization_endpoint: `${issuer.origin}/authorize`,
      token_endpoint: `${issuer.origin}/token`,
      userinfo_endpoint: `${issuer.origin}/userinfo`,
      jwks_uri: `${issuer.origin}/jwks`,
    });
    expect(fetches(OPENID)).toBe(before + 1);
    expect(issuer.requestsTo(OPENID).at(-1)?.headers.accept).toBe("application/json");
  });

  it("drops the issuer's trailing slash before appending the well-known path, and expects the issuer as written", async () => {
    serve(OPENID, { issuer: `${issuer.origin}/` });
    const server = await authorizationServer(provider({ issuer: `${issuer.origin}/` }));
    expect(server.issuer).toBe(`${issuer.origin}/`);
  });

  it("refuses a document that names another issuer (a mix-up attack), naming the provider and URL", async () => {
    serve(OPENID, { issuer: "https://evil.example" });
    const error = await authorizationServer(provider()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthSignInError);
    expect((error as Error).message).toMatch(
      new RegExp(`^The metadata of provider "scripted" at ${issuer.origin}${OPENID} was refused: .+`),
    );
    // oauth4webapi's finding, with the expected and actual issuer, stays attached for the logs.
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(((error as Error).cause as Error).message);
  });

  it("sends no one to a mixed-up issuer: the sign-in ends on the app's page with an error", async () => {
    serve(OPENID, { issuer: "https://evil.example" });
    const config = {
      providers: [oidcProvider(issuer)],
      secret: SECRET,
      trustHost: true,
      logger: recordingLogger().logger,
    };
    const jar = new CookieJar();
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signin/scripted", { cookie: jar, form: { csrfToken: token } });
    const location = locationOf(response);
    expect(location.origin).toBe(APP);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBeTruthy();
  });

  it("refuses a document that is a redirect, not following it", async () => {
    serve("/elsewhere");
    issuer.routes.set(OPENID, () => ({ status: 302, headers: { location: `${issuer.origin}/elsewhere` } }));
    await expect(authorizationServer(provider())).rejects.toBeInstanceOf(OAuthSignInError);
    expect(fetches("/elsewhere")).toBe(0);
  });

  it("reports an unreachable issuer as OAuthSignInError, naming the URL", async () => {
    const gone = "http://127.0.0.1:9";
    const error = await authorizationServer(provider({ issuer: gone })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthSignInError);
    expect((error as Error).message).toBe(
      `The metadata of provider "scripted" could not be fetched from ${gone}${OPENID}.`,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe("discovery from wellKnown", () => {
  const wellKnownAt = (path: string, overrides: Partial<OIDCConfig> = {}) =>
    provider({ issuer: undefined, wellKnown: `${issuer.origin}${path}`, ...overrides });

  it.each([
    ["an issuer path before the OpenID suffix", `/tenant${OPENID}`, "/tenant"],
    ["an issuer path before the RFC 8414 suffix", `/tenant${OAUTH}`, "/tenant"],
    ["the RFC 8414 suffix inserted before the issuer path", `${OAUTH}/tenant`, "/tenant"],
    ["the OpenID suffix inserted before the issuer path", `${OPENID}/tenant`, "/tenant"],
    ["the RFC 8414 suffix at the root", OAUTH, ""],
    ["a document at another path", "/meta/doc.json", ""],
  ])("expects the issuer its URL belongs to: %s", async (_name, path, issuerPath) => {
    serve(path, { issuer: `${issuer.origin}${issuerPath}` });
    await expect(authorizationServer(wellKnownAt(path))).resolves.toMatchObject({
      issuer: `${issuer.origin}${issuerPath}`,
    });
    // Any other issuer is refused, the origin's or another path's.
    serve(path, { issuer: `${issuer.origin}${issuerPath ? "" : "/other"}` });
    await expect(authorizationServer(wellKnownAt(path))).rejects.toBeInstanceOf(OAuthSignInError);
  });

  it("expects the configured issuer when both are set, not the one the URL suggests", async () => {
    serve("/meta/doc.json", { issuer: `${issuer.origin}/tenant` });
    const both = wellKnownAt("/meta/doc.json", { issuer: `${issuer.origin}/tenant` });
    await expect(authorizationServer(both)).resolves.toMatchObject({ issuer: `${issuer.origin}/tenant` });
  });

  it("refuses a wellKnown URL over plain http to another host", async () => {
    const remote = provider({ wellKnown: "http://id.example.test/.well-known/openid-configuration" });
    await expect(authorizationServer(remote)).rejects.toThrow(
      new InvalidConfig(
        'The wellKnown of provider "scripted" must use https (got http://id.example.test/.well-known/openid-configuration); plain http is allowed only for 127.0.0.1, [::1] and localhost.',
      ),
    );
  });
});

describe("the cache", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("keeps a discovered document for a day per resolved provider, then fetches it again", async () => {
    serve(OPENID);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T00:00:00Z") });
    const resolved = provider();
    const before = fetches(OPENID);
    await authorizationServer(resolved);
    vi.setSystemTime(Date.now() + DAY - 1);
    await authorizationServer(resolved);
    expect(fetches(OPENID)).toBe(before + 1);
    vi.setSystemTime(Date.now() + 1);
    await authorizationServer(resolved);
    expect(fetches(OPENID)).toBe(before + 2);
    // Another resolved provider has its own cache.
    await authorizationServer(provider());
    expect(fetches(OPENID)).toBe(before + 3);
  });

  it("does not keep a failed discovery: the next sign-in tries again", async () => {
    issuer.routes.set(OPENID, () => ({ status: 503, body: "busy" }));
    const resolved = provider();
    await expect(authorizationServer(resolved)).rejects.toBeInstanceOf(OAuthSignInError);
    serve(OPENID);
    await expect(authorizationServer(resolved)).resolves.toMatchObject({ issuer: issuer.origin });
  });

  it("keeps a newer document when an older, slower discovery fails after it", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    issuer.routes.set(OPENID, async () => {
      calls++;
      if (calls === 1) {
        await held;
        return { status: 503, body: "busy" };
      }
      return { body: issuer.metadata() };
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T00:00:00Z") });
    const resolved = provider();
    const slow = authorizationServer(resolved).catch((error: unknown) => error);
    await vi.waitFor(() => expect(calls).toBe(1));
    vi.setSystemTime(Date.now() + DAY);
    await authorizationServer(resolved);
    release();
    expect(await slow).toBeInstanceOf(OAuthSignInError);
    await authorizationServer(resolved);
    expect(calls).toBe(2);
  });

  it("survives two failed discoveries ending in either order", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    issuer.routes.set(OPENID, async () => {
      calls++;
      if (calls === 1) await held;
      return { status: 503, body: "busy" };
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T00:00:00Z") });
    const resolved = provider();
    const slow = authorizationServer(resolved).catch((error: unknown) => error);
    await vi.waitFor(() => expect(calls).toBe(1));
    vi.setSystemTime(Date.now() + DAY);
    await expect(authorizationServer(resolved)).rejects.toBeInstanceOf(OAuthSignInError);
    release();
    expect(await slow).toBeInstanceOf(OAuthSignInError);
    serve(OPENID);
    await expect(authorizationServer(resolved)).resolves.toMatchObject({ issuer: issuer.origin });
  });
});

describe("explicit endpoints", () => {
  it("win over discovered ones, each one alone, as strings or { url }", async () => {
    serve(OPENID);
    const server = await authorizationServer(
      provider({
        authorization: { url: "https://id.example.test/authorize", params: { scope: "openid" } },
        userinfo: "https://api.example.test/me",
        jwks_endpoint: "https://id.example.test/keys",
      }),
    );
    expect(server).toMatchObject({
      issuer: issuer.origin,
      authorization_endpoint: "https://id.example.test/authorize",
      token_endpoint: `${issuer.origin}/token`,
      userinfo_endpoint: "https://api.example.test/me",
      jwks_uri: "https://id.example.test/keys",
    });
    const withToken = await authorizationServer(
      provider({ token: { url: "https://id.example.test/token" } }),
    );
    expect(withToken).toMatchObject({
      authorization_endpoint: `${issuer.origin}/authorize`,
      token_endpoint: "https://id.example.test/token",
    });
  });

  it("need no discovery when both the authorization and token endpoints are given; the issuer stays the configured one", async () => {
    const before = issuer.requests.length;
    const server = await authorizationServer(
      provider({ authorization: "https://id.example.test/a", token: "https://id.example.test/t" }),
    );
    expect(server).toEqual({
      issuer: issuer.origin,
      authorization_endpoint: "https://id.example.test/a",
      token_endpoint: "https://id.example.test/t",
    });
    expect(issuer.requests.length).toBe(before);
  });

  it("without an issuer, make the authorization endpoint's origin the issuer", async () => {
    const server = await authorizationServer(
      provider({
        issuer: undefined,
        authorization: "https://login.example.test/oauth/authorize",
        token: { url: "https://api.example.test/oauth/token" },
        userinfo: { url: "https://api.example.test/user" },
      }),
    );
    expect(server).toEqual({
      issuer: "https://login.example.test",
      authorization_endpoint: "https://login.example.test/oauth/authorize",
      token_endpoint: "https://api.example.test/oauth/token",
      userinfo_endpoint: "https://api.example.test/user",
    });
  });

  it.each([
    [{ authorization: undefined, token: "https://id.example.test/t" }, "authorization"],
    [{ authorization: "https://id.example.test/a", token: undefined }, "token"],
    [{ authorization: undefined, token: undefined }, "authorization"],
  ])(
    "name the missing endpoint when neither discovery nor the options give it (%o)",
    async (endpoints, missing) => {
      await expect(authorizationServer(provider({ issuer: undefined, ...endpoints }))).rejects.toThrow(
        new InvalidConfig(
          `Provider "scripted" has no ${missing} endpoint: set \`issuer\` (or \`wellKnown\`) for discovery, or \`authorization\` and \`token\`.`,
        ),
      );
    },
  );

  it.each([
    ["authorization_endpoint", "authorization endpoint"],
    ["token_endpoint", "token endpoint"],
  ])("are required of discovery too: a document without %s is refused", async (field, what) => {
    serve(OPENID, { [field]: undefined });
    await expect(authorizationServer(provider())).rejects.toThrow(
      new InvalidConfig(
        `Provider "scripted" has no ${what}: set \`issuer\` (or \`wellKnown\`) for discovery, or \`authorization\` and \`token\`.`,
      ),
    );
  });

  it.each([
    ["authorization_endpoint", "authorization endpoint"],
    ["token_endpoint", "token endpoint"],
    ["userinfo_endpoint", "userinfo endpoint"],
    ["jwks_uri", "jwks_uri"],
  ])("refuse a discovered %s over plain http to another host", async (field, what) => {
    serve(OPENID, { [field]: "http://evil.example/x" });
    await expect(authorizationServer(provider())).rejects.toThrow(
      new InvalidConfig(
        `The ${what} of provider "scripted" must use https (got http://evil.example/x); plain http is allowed only for 127.0.0.1, [::1] and localhost.`,
      ),
    );
  });
});

describe("usesDiscovery", () => {
  const base = { issuer: undefined, wellKnown: undefined, authorization: undefined, token: undefined };
  it.each([
    [{ wellKnown: "https://id.test/.well-known/openid-configuration" }, true],
    [
      { wellKnown: "https://id.test/w", authorization: "https://id.test/a", token: "https://id.test/t" },
      true,
    ],
    [{ issuer: "https://id.test" }, true],
    [{ issuer: "https://id.test", authorization: "https://id.test/a" }, true],
    [{ issuer: "https://id.test", token: { url: "https://id.test/t" } }, true],
    [{ issuer: "https://id.test", authorization: "https://id.test/a", token: "https://id.test/t" }, false],
    [
      {
        issuer: "https://id.test",
        authorization: { url: "https://id.test/a" },
        token: { url: "https://id.test/t" },
      },
      false,
    ],
    [{ authorization: "https://id.test/a" }, false],
    [{}, false],
  ])("%o -> %s", (options, expected) => {
    expect(usesDiscovery({ ...oidcProvider(issuer), ...base, ...options } as OIDCConfig)).toBe(expected);
  });
});

describe("endpointOption and transportOptions", () => {
  it("reads an endpoint given as a string or as { url }", () => {
    expect(endpointOption("https://id.test/a")).toBe("https://id.test/a");
    expect(endpointOption({ url: "https://id.test/a" })).toBe("https://id.test/a");
    expect(endpointOption({})).toBeUndefined();
    expect(endpointOption(undefined)).toBeUndefined();
  });

  it("lets oauth4webapi use plain http for loopback URLs only", () => {
    const provider = { id: "acme", type: "oauth" } as OAuthConfig;
    for (const url of ["http://127.0.0.1:8080/token", new URL("http://localhost/t"), "http://[::1]/t"]) {
      expect(Object.getOwnPropertySymbols(transportOptions(provider, url))).toHaveLength(1);
    }
    for (const url of ["https://id.test/token", "http://id.test/token", undefined]) {
      expect(Object.getOwnPropertySymbols(transportOptions(provider, url))).toHaveLength(0);
    }
  });
});
