/**
 * The provider tokens a JWT session carries for `getAccessToken`: only an OAuth or OIDC account's,
 * only the fields a refresh needs (never the ID token, only its iss and sub), under one claim keyed by
 * provider id.
 */
import { describe, expect, it } from "vitest";
import type { Account } from "../../src/config.js";
import {
  PROVIDER_TOKENS_CLAIM,
  providerTokensClaim,
  readProviderTokens,
  withProviderTokens,
} from "../../src/session/provider-tokens.js";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

const account = (overrides: Partial<Account> = {}): Account => ({
  provider: "acme",
  type: "oidc",
  providerAccountId: "user-1",
  access_token: "at",
  ...overrides,
});

describe("providerTokensClaim", () => {
  it("keeps the access token, refresh token, expiry, token type and scope, under the provider's id", () => {
    expect(
      providerTokensClaim(
        account({
          refresh_token: "rt",
          expires_at: 1_700_000_000,
          token_type: "bearer",
          scope: "openid",
          id_token: "eyJ.id.token",
          session_state: "ss",
        }),
      ),
    ).toEqual({
      providerTokens: {
        acme: {
          providerAccountId: "user-1",
          access_token: "at",
          refresh_token: "rt",
          expires_at: 1_700_000_000,
          token_type: "bearer",
          scope: "openid",
        },
      },
    });
    expect(PROVIDER_TOKENS_CLAIM).toBe("providerTokens");
  });

  it("keeps the ID token's iss and sub, which a refreshed ID token must repeat, but never the ID token", () => {
    const idToken = `${base64url({ alg: "RS256" })}.${base64url({ iss: "https://op.test", sub: "alice" })}.sig`;
    expect(providerTokensClaim(account({ id_token: idToken }))).toEqual({
      providerTokens: {
        acme: {
          providerAccountId: "user-1",
          access_token: "at",
          id_token_iss: "https://op.test",
          id_token_sub: "alice",
        },
      },
    });
  });

  it.each([
    ["an ID token that is not a JWT", "eyJ.id.token"],
    [
      "an ID token without sub",
      `${base64url({ alg: "RS256" })}.${base64url({ iss: "https://op.test" })}.sig`,
    ],
  ])("keeps no subject for %s", (_, idToken) => {
    expect(providerTokensClaim(account({ id_token: idToken }))).toEqual({
      providerTokens: { acme: { providerAccountId: "user-1", access_token: "at" } },
    });
  });

  it("leaves out optional fields that are absent or not of their type", () => {
    expect(
      providerTokensClaim(
        account({
          type: "oauth",
          refresh_token: null as never,
          expires_at: "soon" as never,
          scope: 1 as never,
        }),
      ),
    ).toEqual({ providerTokens: { acme: { providerAccountId: "user-1", access_token: "at" } } });
  });

  it.each<[string, Account | null]>([
    ["no account", null],
    ["an account without an access token", account({ access_token: undefined })],
    ["an access token that is not a string", account({ access_token: 1 as never })],
    ["an e-mail account", account({ type: "email" })],
    ["a credentials account", account({ type: "credentials" })],
    ["a passkey account", account({ type: "webauthn" })],
  ])("is empty for %s", (_, input) => {
    expect(providerTokensClaim(input)).toEqual({});
  });
});

describe("readProviderTokens", () => {
  const tokens = { providerAccountId: "user-1", access_token: "at" };

  it("finds a provider's well-formed tokens", () => {
    expect(readProviderTokens({ providerTokens: { acme: tokens } }, "acme")).toEqual(tokens);
  });

  it.each<[string, unknown]>([
    ["no claim", undefined],
    ["a claim that is not an object", "at"],
    ["a null claim", null],
    ["no entry for the provider", { other: tokens }],
    ["a null entry", { acme: null }],
    ["an access token that is not a string", { acme: { ...tokens, access_token: 1 } }],
    ["no providerAccountId", { acme: { access_token: "at" } }],
  ])("finds nothing in %s", (_, claim) => {
    expect(readProviderTokens(claim === undefined ? {} : { providerTokens: claim }, "acme")).toBeUndefined();
  });

  it("does not take a name the claim only inherits", () => {
    expect(readProviderTokens({ providerTokens: { acme: tokens } }, "toString")).toBeUndefined();
  });
});

describe("withProviderTokens", () => {
  const next = { providerAccountId: "user-1", access_token: "at-2" };

  it("replaces one provider's tokens and keeps the others and every other claim", () => {
    const other = { providerAccountId: "u", access_token: "at-other" };
    expect(
      withProviderTokens(
        { sub: "u-1", providerTokens: { acme: { access_token: "at-1" }, other } },
        "acme",
        next,
      ),
    ).toEqual({ sub: "u-1", providerTokens: { acme: next, other } });
  });

  it.each([undefined, null, "garbage"])("starts a fresh claim over %j", (claim) => {
    expect(withProviderTokens({ sub: "u-1", providerTokens: claim }, "acme", next)).toEqual({
      sub: "u-1",
      providerTokens: { acme: next },
    });
  });

  it("leaves the token it was given unchanged", () => {
    const token = { sub: "u-1", providerTokens: { acme: { access_token: "at-1" } } };
    withProviderTokens(token, "acme", next);
    expect(token.providerTokens.acme.access_token).toBe("at-1");
  });
});
