/**
 * The sender as the services that want it in parts need it: SendGrid takes `{ email, name }`, and
 * Mailgun's URL names the sending domain.
 */

export interface Mailbox {
  email: string;
  name?: string;
}

/**
 * Splits `"Example <no-reply@example.com>"` (an RFC 5322 §3.4 name-addr) or a bare address into its
 * parts; undefined when `from` holds no address.
 *
 * @example
 * ```ts
 * mailboxOf("Example <no-reply@example.com>"); // { email: "no-reply@example.com", name: "Example" }
 * mailboxOf("no-reply@example.com"); // { email: "no-reply@example.com" }
 * ```
 */
export function mailboxOf(from: string): Mailbox | undefined {
  const named = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (named) {
    const name = (named[1] ?? "").replace(/^"(.*)"$/, "$1");
    return name === "" ? { email: named[2] as string } : { email: named[2] as string, name };
  }
  const bare = from.trim();
  return /^[^<>\s@]+@[^<>\s@]+$/.test(bare) ? { email: bare } : undefined;
}

/** The domain of `from`'s address: `example.com` for `"Example <no-reply@example.com>"`. */
export function senderDomain(from: string): string | undefined {
  const email = mailboxOf(from)?.email;
  return email?.slice(email.lastIndexOf("@") + 1);
}
