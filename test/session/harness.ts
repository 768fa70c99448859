/** A tiny browser for tests: sends requests to Auth() and keeps the cookies it is given. */
import { Auth, type AuthConfig } from "../../src/index.js";
import { CookieJar } from "../support/cookie-jar.js";

export class TestBrowser {
  private readonly cookieJar = new CookieJar();
  constructor(
    readonly config: AuthConfig,
    readonly origin = "http://app.test",
  ) {}

  /** The stored cookies by name, as sent. */
  get jar(): Map<string, string> {
    return this.cookieJar.cookies;
  }

  cookieHeader(): string {
    return this.cookieJar.header();
  }

  absorb(response: Response): Response {
    this.cookieJar.apply(response);
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
