/**
 * The repairs latchkey applies to provider token responses that leave out `token_type`
 * (RFC 6749 §5.1 requires it): src/core/provider-http.ts.
 */
import { describe, expect, it } from "vitest";
import { withBearerTokenType } from "../../src/core/provider-http.js";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("a token response without token_type", () => {
  it("is read as a bearer token response, its fields kept", async () => {
    const repaired = await withBearerTokenType(
      json({ access_token: "at", user_id: 7, email: "a@b.example" }),
    );
    expect(await repaired.json()).toEqual({
      token_type: "bearer",
      access_token: "at",
      user_id: 7,
      email: "a@b.example",
    });
  });

  it("keeps a token_type the provider did send", async () => {
    const repaired = await withBearerTokenType(json({ access_token: "at", token_type: "mac" }));
    expect(await repaired.json()).toMatchObject({ token_type: "mac" });
  });

  it("unwraps a token the provider nests (Instagram's data[0])", async () => {
    const response = json({ data: [{ access_token: "at", user_id: "17841" }] });
    const repaired = await withBearerTokenType(response, (body) =>
      Array.isArray(body.data) ? (body.data[0] as Record<string, unknown>) : body,
    );
    expect(await repaired.json()).toEqual({ token_type: "bearer", access_token: "at", user_id: "17841" });
  });

  it("leaves an error response untouched, for the flow to report", async () => {
    const error = json({ error: "invalid_grant" }, 400);
    expect(await withBearerTokenType(error)).toBe(error);
  });
});
