/**
 * The one-plain-address rule of `core/email-address.ts`: what an e-mail sign-in may hand a mail
 * transport. Every refusal names its reason, so an operator reading the 400 knows what was sent.
 */
import { describe, expect, it } from "vitest";
import {
  assertSingleAddress,
  normalizeEmailAddress,
  requestedAddress,
} from "../../src/core/email-address.js";
import { InvalidRequest } from "../../src/core/errors.js";

/** The refusal `assertSingleAddress` throws for `address`, or undefined when it passes. */
function refusalOf(address: string): InvalidRequest | undefined {
  try {
    assertSingleAddress(address);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequest);
    return error as InvalidRequest;
  }
}

const because = (why: string) => `The e-mail address is not one plain address: ${why}.`;

describe("assertSingleAddress", () => {
  it.each([
    "ada@example.test",
    "a@b",
    "ada.lovelace+news@mail.example.test",
    "o'brien@example.test",
    "ada@xn--bcher-kva.example",
    "élodie@exemple.test",
  ])("accepts %s", (address) => {
    expect(refusalOf(address)).toBeUndefined();
  });

  it("accepts 254 characters and refuses 255 (RFC 5321 §4.5.3.1.3) and none", () => {
    const domain = "@example.test";
    const longest = `${"a".repeat(254 - domain.length)}${domain}`;
    expect(longest).toHaveLength(254);
    expect(refusalOf(longest)).toBeUndefined();
    expect(refusalOf(`a${longest}`)?.message).toBe(because("it must be 1 to 254 characters"));
    expect(refusalOf("")?.message).toBe(because("it must be 1 to 254 characters"));
  });

  it.each([
    ["a space", "ada @example.test"],
    ["a tab", "ada\t@example.test"],
    ["a line feed", "ada@example.test\nbcc"],
    ["a carriage return", "ada@example.test\rx"],
    ["a no-break space", "ada\u00a0@example.test"],
    ["a comma", "ada@example.test,eve@evil.test"],
    ["a semicolon", "ada@example.test;eve"],
    ["a less-than sign", "ada<x@example.test"],
    ["a greater-than sign", "ada>x@example.test"],
    ["a double quote", '"ada"@example.test'],
    ["an opening parenthesis", "ada(x@example.test"],
    ["a closing parenthesis", "ada)x@example.test"],
    ["an opening bracket", "ada@[127.0.0.1"],
    ["a closing bracket", "ada@127.0.0.1]"],
    ["a colon", "ada:x@example.test"],
    ["a backslash", "ada\\x@example.test"],
    ["a NUL", "ada\u0000@example.test"],
    ["a DEL", "ada\u007f@example.test"],
    ["a C1 control", "ada\u0085@example.test"],
    ["a zero-width space", "ada\u200b@example.test"],
    ["a right-to-left override", "ada\u202e@example.test"],
    ["a soft hyphen", "ada\u00ad@example.test"],
    ["a line separator", "ada\u2028@example.test"],
    ["a paragraph separator", "ada\u2029@example.test"],
  ])("refuses %s", (_, address) => {
    expect(refusalOf(address)?.message).toBe(
      because("it holds a space, a quote, a separator or a control character"),
    );
  });

  it.each([
    ["no @", "ada.example.test"],
    ["two @", "ada@eve@example.test"],
    ["only a fullwidth @", "ada＠example.test"],
  ])("refuses %s", (_, address) => {
    expect(refusalOf(address)?.message).toBe(because("it must hold exactly one @"));
  });

  it.each([
    ["a fullwidth @", "ada＠evil.test@example.test"],
    ["a small commercial at", "ada﹫evil.test@example.test"],
  ])("refuses %s beside a real one", (_, address) => {
    expect(refusalOf(address)?.message).toBe(because("it holds a character that looks like @"));
  });

  it.each([
    ["no local part", "@example.test"],
    ["no domain", "ada@"],
  ])("refuses %s", (_, address) => {
    expect(refusalOf(address)?.message).toBe(because("it needs a local part and a domain"));
  });

  it.each([
    ["a domain starting with a dot", "ada@.example.test"],
    ["a domain ending with a dot", "ada@example.test."],
    ["a domain with an empty label", "ada@example..test"],
  ])("refuses %s", (_, address) => {
    expect(refusalOf(address)?.message).toBe(because("its domain is malformed"));
  });

  it("judges the domain only: dots in the local part are the mailbox's business", () => {
    expect(refusalOf(".ada@example.test")).toBeUndefined();
    expect(refusalOf("ada.@example.test")).toBeUndefined();
    expect(refusalOf("a..da@example.test")).toBeUndefined();
  });
});

describe("normalizeEmailAddress", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmailAddress("  Ada@Example.COM \n")).toBe("ada@example.com");
  });

  it("refuses what is still not one address after trimming", () => {
    expect(() => normalizeEmailAddress(" ada@example.test eve@evil.test ")).toThrow(InvalidRequest);
  });
});

describe("requestedAddress", () => {
  it.each([undefined, null, 42, ["ada@example.test", "eve@evil.test"]])(
    "refuses a field that is not one string (%j)",
    (value) => {
      expect(() => requestedAddress(value, undefined)).toThrow(
        new InvalidRequest("Send the e-mail address as the field `email`."),
      );
      expect(() => requestedAddress(value, (identifier) => identifier)).toThrow(InvalidRequest);
    },
  );

  it("normalizes with the default rule when the provider has no normalizeIdentifier", () => {
    expect(requestedAddress(" Ada@Example.TEST ", undefined)).toBe("ada@example.test");
  });

  it("uses the provider's normalizeIdentifier instead of the default, and returns its result as is", () => {
    const seen: string[] = [];
    const keepCase = (identifier: string) => {
      seen.push(identifier);
      return identifier.trim();
    };
    expect(requestedAddress(" Ada@Example.TEST ", keepCase)).toBe("Ada@Example.TEST");
    expect(seen).toEqual([" Ada@Example.TEST "]);
  });

  it("holds the normalizer's result to the one-address rule", () => {
    expect(() => requestedAddress("ada@example.test", (identifier) => `${identifier},eve@evil.test`)).toThrow(
      InvalidRequest,
    );
    expect(() => requestedAddress("ada@example.test", () => "")).toThrow(
      because("it must be 1 to 254 characters"),
    );
  });

  it("refuses a normalizer that returns something other than a string", () => {
    const broken = (() => undefined) as unknown as (identifier: string) => string;
    expect(() => requestedAddress("ada@example.test", broken)).toThrow(
      new InvalidRequest("normalizeIdentifier must return the address as a string."),
    );
  });
});
