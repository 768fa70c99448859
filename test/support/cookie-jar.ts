/**
 * The tests' browser cookie store: applies Set-Cookie headers the way a browser does (Max-Age=0 or an
 * Expires in the past deletes) and produces the Cookie header the next request would carry.
 */
export class CookieJar {
  /** Name → value as sent (still percent-encoded). */
  readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  /** Applies a response's Set-Cookie headers, or Set-Cookie strings, in order. */
  apply(source: Response | string[]): this {
    const setCookies = Array.isArray(source) ? source : source.headers.getSetCookie();
    for (const setCookie of setCookies) {
      const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && new Date(attribute.slice(8)).valueOf() <= Date.now()),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1));
    }
    return this;
  }

  /** A cookie's value, percent-decoded. */
  get(name: string): string | undefined {
    const raw = this.cookies.get(name);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  /** The request's `Cookie` header: `name=value` pairs joined by `; `. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
