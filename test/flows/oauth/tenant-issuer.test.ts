/**
 * Multi-tenant issuers (Microsoft Entra ID's `{tenantid}` template): the issuer an ID token must
 * carry is the template filled from the token's tenant claim, only when the provider names that
 * claim and the claim looks like a tenant id; anything else leaves the template, which no real
 * token's `iss` equals, so the issuer check then fails.
 */
import { describe, expect, it } from "vitest";
import { expectedIssuer } from "../../../src/flows/oauth/tenant-issuer.js";
import OAuth from "../../../src/providers/oauth.js";
import OIDC from "../../../src/providers/oidc.js";

const TEMPLATE = "https://login.example/{tenantid}/v2.0";
const TID = "72f988bf-86f1-41af-91ab-2d7cd011db47";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const idToken = (claims: Record<string, unknown>) =>
  `${base64url({ alg: "RS256" })}.${base64url(claims)}.sig`;

const multiTenant = (claim = "tid") =>
  OIDC({
    id: "entra",
    name: "Entra",
    issuer: TEMPLATE,
    clientId: "c",
    clientSecret: "s",
    issuerTenantClaim: claim,
  });

describe("the expected issuer", () => {
  it("is the template filled from the provider's tenant claim", () => {
    expect(expectedIssuer(multiTenant(), TEMPLATE, idToken({ tid: TID }))).toBe(
      `https://login.example/${TID}/v2.0`,
    );
    expect(expectedIssuer(multiTenant("tenant"), TEMPLATE, idToken({ tenant: "contoso", tid: TID }))).toBe(
      "https://login.example/contoso/v2.0",
    );
  });

  it("accepts tenant ids of 1 to 64 letters, digits and hyphens", () => {
    for (const tenant of ["a", "A-9", "x".repeat(64)]) {
      expect(expectedIssuer(multiTenant(), TEMPLATE, idToken({ tid: tenant }))).toBe(
        `https://login.example/${tenant}/v2.0`,
      );
    }
  });

  it.each([
    ["an empty claim", ""],
    ["a claim of 65 characters", "x".repeat(65)],
    ["a claim with a path", "evil.example/x"],
    ["a claim with a dot", "contoso.onmicrosoft.com"],
    ["a claim with a trailing newline", "contoso\n"],
    ["a number", 42],
    ["an object", { id: "contoso" }],
  ])("stays the template for %s", (_, tid) => {
    expect(expectedIssuer(multiTenant(), TEMPLATE, idToken({ tid }))).toBe(TEMPLATE);
  });

  it("stays the template without an ID token, or with one that is not a JWT", () => {
    expect(expectedIssuer(multiTenant(), TEMPLATE, undefined)).toBe(TEMPLATE);
    expect(expectedIssuer(multiTenant(), TEMPLATE, "not-a-jwt")).toBe(TEMPLATE);
    expect(expectedIssuer(multiTenant(), TEMPLATE, idToken({ sub: "no-tid" }))).toBe(TEMPLATE);
  });

  it("is the issuer itself when the provider names no tenant claim", () => {
    const plain = OIDC({ id: "corp", name: "Corp", issuer: TEMPLATE, clientId: "c", clientSecret: "s" });
    expect(expectedIssuer(plain, TEMPLATE, idToken({ tid: TID }))).toBe(TEMPLATE);
  });

  it("is the issuer itself for an OAuth 2.0 provider, which has no ID token to trust for it", () => {
    const oauth2 = {
      ...OAuth({ id: "corp", name: "Corp", issuer: TEMPLATE, clientId: "c", clientSecret: "s" }),
      issuerTenantClaim: "tid",
    };
    expect(expectedIssuer(oauth2, TEMPLATE, idToken({ tid: TID }))).toBe(TEMPLATE);
  });

  it("is the issuer itself when the issuer has no {tenantid} placeholder", () => {
    const fixed = "https://login.example/contoso/v2.0";
    expect(expectedIssuer(multiTenant(), fixed, idToken({ tid: TID }))).toBe(fixed);
  });
});
