/**
 * A minimal browser cookie jar for tests: applies Set-Cookie strings (a Max-Age of 0 deletes) and
 * produces the Cookie header the next request would carry.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Applies Set-Cookie header values in order, as a browser would. */
  apply(setCookies: string[]): this {
    for (const setCookie of setCookies) {
      const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1));
    }
    return this;
  }

  /** The request's `Cookie` header: `name=value` pairs joined by `; `. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The attributes of one Set-Cookie string (everything after the name=value pair), as a sorted list. */
export function attributesOf(setCookie: string): string[] {
  return setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim())
    .sort();
}
