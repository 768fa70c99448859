import { describe, expect, it } from "vitest";
import { type CodeKey, carriedCode, carrying } from "../src/carried-code.js";

const HANDLER = Symbol.for("latchkey.test.handler") as CodeKey<() => string>;
const handler = () => "handled";

describe("code carried by a value", () => {
  it("reads back the code attached under a key, and leaves the value it was given untouched", () => {
    const plain = { id: "demo" };
    const carrier = carrying(plain, HANDLER, handler);
    expect(carriedCode(carrier, HANDLER)).toBe(handler);
    expect(carrier).not.toBe(plain);
    expect(carriedCode(plain, HANDLER)).toBeUndefined();
  });

  it("survives a spread, as an app that copies a provider to change its id expects", () => {
    const copy = { ...carrying({ id: "demo" }, HANDLER, handler), id: "other" };
    expect(carriedCode(copy, HANDLER)).toBe(handler);
  });

  it("is found under the registered symbol another copy of the package would make", () => {
    const carrier = { id: "demo", [Symbol.for("latchkey.test.handler")]: handler };
    expect(carriedCode(carrier, HANDLER)).toBe(handler);
    expect(
      (carrying({}, HANDLER, handler) as Record<symbol, unknown>)[Symbol.for("latchkey.test.handler")],
    ).toBe(handler);
  });

  it("never shows in JSON, as a logged config or GET /providers would print it", () => {
    expect(JSON.stringify(carrying({ id: "demo" }, HANDLER, handler))).toBe('{"id":"demo"}');
  });

  it("is undefined for a value that cannot carry code: a name, true, null, undefined", () => {
    for (const value of ["database", true, null, undefined, 0]) {
      expect(carriedCode(value, HANDLER)).toBeUndefined();
    }
  });
});
