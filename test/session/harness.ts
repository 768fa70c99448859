/** A tiny browser for tests: sends requests to Auth() and keeps the cookies it is given. */
import { Auth, type AuthConfig } from "../../src/index.js";

export class TestBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    readonly config: AuthConfig,
    readonly origin = "http://app.test",
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Applies Set-Cookie headers the way a browser would: Max-Age=0 or a past Expires deletes. */
  absorb(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && new Date(attribute.slice(8)).valueOf() <= Date.now()),
      );
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set("cookie", this.cookieHeader());
    return this.absorb(await Auth(new Request(`${this.origin}${path}`, { ...init, headers }), this.config));
  }

  async csrfToken(): Promise<string> {
    const response = await this.fetch("/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async postForm(path: string, fields: Record<string, string>): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, ...fields }),
    });
  }

  async session(): Promise<Record<string, unknown> | null> {
    return (await this.fetch("/auth/session")).json() as Promise<Record<string, unknown> | null>;
  }
}

export const SECRET = "test-secret-0123456789abcdef0123456789abcdef";
