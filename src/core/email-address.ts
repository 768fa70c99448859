/**
 * The address an e-mail sign-in sends to and signs in as. It reaches a mail transport, where a comma,
 * a quoted local part or a display name can turn one address into several recipients, so anything
 * but one plain address is refused here rather than cleaned up.
 */
import { InvalidRequest } from "./errors.js";

/** RFC 5321 §4.5.3.1.3: a path is at most 256 octets, so an address at most 254. */
const LONGEST_ADDRESS = 254;

/**
 * Characters that never belong in a plain address: separators of address lists and display names
 * (`,` `;` `<` `>` `"` `(` `)` `:` `\` `[` `]`), whitespace (`\s`, which takes in the line and
 * paragraph separators U+2028 and U+2029) and control and format characters.
 */
const FORBIDDEN = /[\s,;<>"()[\]:\\\p{Cc}\p{Cf}]/u;

/**
 * Checks that `address` is exactly one plain address: one `@` (also after Unicode compatibility
 * folding, which turns look-alikes such as the fullwidth `＠` into `@`), a local part and a domain,
 * nothing that separates recipients. Throws `InvalidRequest` naming what is wrong.
 *
 * @example
 * ```ts
 * assertSingleAddress("ada@example.com"); // passes
 * assertSingleAddress("ada@example.com,eve@evil.test"); // throws InvalidRequest
 * ```
 */
export function assertSingleAddress(address: string): void {
  const refuse = (why: string): never => {
    throw new InvalidRequest(`The e-mail address is not one plain address: ${why}.`);
  };
  if (address.length === 0 || address.length > LONGEST_ADDRESS)
    refuse(`it must be 1 to ${LONGEST_ADDRESS} characters`);
  if (FORBIDDEN.test(address)) refuse("it holds a space, a quote, a separator or a control character");
  const ats = address.split("@").length - 1;
  if (ats !== 1) refuse("it must hold exactly one @");
  if (address.normalize("NFKC").split("@").length - 1 !== 1) refuse("it holds a character that looks like @");
  // Exactly one @ by now: the local part is what precedes it, the domain what follows.
  const at = address.indexOf("@");
  if (at === 0 || at === address.length - 1) refuse("it needs a local part and a domain");
  const domain = address.slice(at + 1);
  if (domain.startsWith(".") || domain.endsWith(".") || domain.includes(".."))
    refuse("its domain is malformed");
}

/**
 * The default normalisation: trimmed and lower-cased, then held to one plain address.
 *
 * @example
 * ```ts
 * normalizeEmailAddress("  Ada@Example.COM "); // "ada@example.com"
 * ```
 */
export function normalizeEmailAddress(input: string): string {
  const address = input.trim().toLowerCase();
  assertSingleAddress(address);
  return address;
}

/**
 * The address a request names, through the provider's `normalizeIdentifier` when it has one. Its
 * result is held to the same rule, so that no normaliser can hand the mailer two recipients.
 */
export function requestedAddress(
  value: unknown,
  normalizeIdentifier: ((identifier: string) => string) | undefined,
): string {
  if (typeof value !== "string") throw new InvalidRequest("Send the e-mail address as the field `email`.");
  if (!normalizeIdentifier) return normalizeEmailAddress(value);
  const address = normalizeIdentifier(value);
  if (typeof address !== "string") {
    throw new InvalidRequest("normalizeIdentifier must return the address as a string.");
  }
  assertSingleAddress(address);
  return address;
}
