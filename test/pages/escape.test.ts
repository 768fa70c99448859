import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/pages/index.js";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and quoted attributes", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  it("escapes an ampersand only once", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });

  it("leaves other text alone", () => {
    expect(escapeHtml("Sign in with Zoë 🔑")).toBe("Sign in with Zoë 🔑");
    expect(escapeHtml(42)).toBe("42");
  });
});
