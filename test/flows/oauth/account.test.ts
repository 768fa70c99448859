/**
 * What a provider's answer becomes: the default profile mapping (OpenID Connect Core §5.1 claims,
 * or an OAuth 2.0 user API's `id`), whether the provider vouches for the e-mail address, and the
 * account record built from a token response (RFC 6749 §5.1).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  accountFor,
  defaultProfile,
  tokenFields,
  vouchesForAddress,
} from "../../../src/flows/oauth/account.js";
import OIDC from "../../../src/providers/oidc.js";
import type { OAuthConfig, Profile, TokenSet } from "../../../src/providers/types.js";

const NOW = 1_700_000_000;

/** A token response as a provider may send it, well-typed or not (tokenFields checks every field). */
const response = (fields: Record<string, unknown>) => fields as TokenSet;

afterEach(() => {
  vi.useRealTimers();
});

function freezeClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW * 1000 + 999 });
}

describe("defaultProfile", () => {
  it("maps the standard claims", () => {
    expect(
      defaultProfile({
        sub: "248289761001",
        name: "Jane Doe",
        email: "jane@example.test",
        picture: "https://cdn.test/jane.png",
      }),
    ).toEqual({
      id: "248289761001",
      name: "Jane Doe",
      email: "jane@example.test",
      image: "https://cdn.test/jane.png",
    });
  });

  it("takes an OAuth 2.0 user API's numeric id as a string, and its image when there is no picture", () => {
    expect(defaultProfile({ id: 42, image: "https://cdn.test/42.png" })).toEqual({
      id: "42",
      name: null,
      email: null,
      image: "https://cdn.test/42.png",
    });
  });

  it("prefers sub over id", () => {
    expect(defaultProfile({ sub: "from-sub", id: "from-id" }).id).toBe("from-sub");
  });

  it.each([[{}], [{ id: null }], [{ sub: null, id: undefined }]])("leaves the id out of %j", (profile) => {
    expect(defaultProfile(profile)).toEqual({ id: undefined, name: null, email: null, image: null });
  });

  it("keeps an id of 0", () => {
    expect(defaultProfile({ id: 0 }).id).toBe("0");
  });
});

describe("vouchesForAddress", () => {
  const verified = { email: "Jane@Example.test", email_verified: true };
  const trusted = { trustEmailVerified: true } as OAuthConfig;
  const vouches = (profile: Profile, email: string | null | undefined, provider: OAuthConfig = trusted) =>
    vouchesForAddress(provider, profile, email);

  it("trusts email_verified: true for the profile's own address, in any case", () => {
    expect(vouches(verified, "jane@example.TEST")).toBe(true);
  });

  it.each([undefined, false])("takes no provider's word without trustEmailVerified (%j)", (trust) => {
    expect(vouches(verified, "jane@example.test", { trustEmailVerified: trust } as OAuthConfig)).toBe(false);
  });

  it("lets a trustEmailVerified function read the profile instead of email_verified", () => {
    const appleLike = {
      trustEmailVerified: (profile: Profile) => profile.email_verified === "true",
    } as OAuthConfig;
    expect(
      vouches({ email: "jane@example.test", email_verified: "true" }, "jane@example.test", appleLike),
    ).toBe(true);
    expect(vouches(verified, "jane@example.test", appleLike)).toBe(false);
  });

  it("does not vouch for another address, even through a trusting function", () => {
    expect(vouches(verified, "mallory@example.test")).toBe(false);
    const always = { trustEmailVerified: () => true } as unknown as OAuthConfig;
    expect(vouches(verified, "mallory@example.test", always)).toBe(false);
  });

  it.each([false, "true", 1, undefined])("does not take email_verified: %j as a yes", (flag) => {
    expect(vouches({ email: "jane@example.test", email_verified: flag }, "jane@example.test")).toBe(false);
  });

  it.each([null, undefined, ""])("vouches for no address when the user has %j", (email) => {
    expect(vouches(verified, email)).toBe(false);
  });

  it("vouches for nothing when the profile's e-mail is not a string", () => {
    expect(
      vouches(
        { email: ["jane@example.test"], email_verified: true } as unknown as Profile,
        "jane@example.test",
      ),
    ).toBe(false);
  });
});

describe("tokenFields", () => {
  it("keeps the string token fields, lowercases token_type and turns expires_in into expires_at", () => {
    freezeClock();
    expect(
      tokenFields(
        response({
          access_token: "at",
          id_token: "idt",
          refresh_token: "rt",
          scope: "openid email",
          session_state: "ss",
          token_type: "Bearer",
          expires_in: 3600,
          not_a_token_field: "x",
        }),
      ),
    ).toEqual({
      access_token: "at",
      id_token: "idt",
      refresh_token: "rt",
      scope: "openid email",
      session_state: "ss",
      token_type: "bearer",
      expires_at: NOW + 3600,
    });
  });

  it("drops fields that are not strings", () => {
    expect(
      tokenFields(
        response({
          access_token: "at",
          id_token: 1,
          refresh_token: null,
          scope: ["openid"],
          session_state: {},
          token_type: 7,
        }),
      ),
    ).toEqual({ access_token: "at" });
  });

  it("reads expires_in sent as a string, and drops its fraction", () => {
    freezeClock();
    expect(tokenFields(response({ access_token: "at", expires_in: "60" })).expires_at).toBe(NOW + 60);
    expect(tokenFields(response({ access_token: "at", expires_in: 59.9 })).expires_at).toBe(NOW + 59);
  });

  it("keeps a provider's own expires_at when expires_in is absent or unreadable", () => {
    freezeClock();
    expect(tokenFields(response({ access_token: "at", expires_at: NOW + 10 })).expires_at).toBe(NOW + 10);
    expect(
      tokenFields(response({ access_token: "at", expires_in: "soon", expires_at: NOW + 20 })).expires_at,
    ).toBe(NOW + 20);
    expect(
      tokenFields(response({ access_token: "at", expires_in: 30, expires_at: NOW + 20 })).expires_at,
    ).toBe(NOW + 30);
  });

  it("has no expiry when the response gives none it can read", () => {
    expect(tokenFields(response({ access_token: "at" }))).not.toHaveProperty("expires_at");
    expect(
      tokenFields(response({ access_token: "at", expires_in: "soon", expires_at: "later" })),
    ).not.toHaveProperty("expires_at");
  });
});

describe("accountFor", () => {
  const provider = OIDC({
    id: "acme",
    name: "Acme",
    issuer: "https://id.acme.test",
    clientId: "c",
    clientSecret: "s",
  });

  it("is the token fields plus who and where", () => {
    expect(accountFor(provider, "user-1", response({ access_token: "at", token_type: "DPoP" }))).toEqual({
      access_token: "at",
      token_type: "dpop",
      provider: "acme",
      type: "oidc",
      providerAccountId: "user-1",
    });
  });

  it("adds what the provider's account callback returns, which cannot rename the account", () => {
    const withExtra = {
      ...provider,
      account: (tokens: Record<string, unknown>) => ({
        refresh_token_expires_in: tokens.refresh_token_expires_in,
        access_token: "replaced",
        provider: "evil",
        providerAccountId: "someone-else",
      }),
    };
    expect(
      accountFor(withExtra, "user-1", response({ access_token: "at", refresh_token_expires_in: 900 })),
    ).toEqual({
      access_token: "replaced",
      refresh_token_expires_in: 900,
      provider: "acme",
      type: "oidc",
      providerAccountId: "user-1",
    });
  });

  it("stands without an account callback that returns anything", () => {
    const nothing = { ...provider, account: () => undefined as never };
    expect(accountFor(nothing, "user-1", response({ access_token: "at" }))).toEqual({
      access_token: "at",
      provider: "acme",
      type: "oidc",
      providerAccountId: "user-1",
    });
  });
});
