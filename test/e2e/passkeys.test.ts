/**
 * Passkeys in a real browser: Debian's Chromium (headless, through playwright-core) against the
 * handler served over http on 127.0.0.1, with a virtual platform authenticator. The page is the
 * default sign-in page under a strict Content-Security-Policy (`script-src 'self'`, no inline
 * script), for both session strategies on MemoryAdapter and PrismaAdapter over SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth, type AuthConfig } from "../../src/index.js";
import de from "../../src/locales/packs/de.js";
import Passkey from "../../src/providers/passkey.js";
import type { WebAuthnUserConfig } from "../../src/providers/webauthn.js";
import { startServer, type TestServer } from "../node/server.js";
import { SESSION_STORES, useStore } from "../session/stores.js";
import {
  addVirtualAuthenticator,
  type Browser,
  launchChromium,
  screenshot,
  watchPageProblems,
} from "./support/chromium.js";

const SECRET = "e2e-passkey-secret-0123456789abcdefghijklmnopqrstuvwxyz";

/** What a careful app sends: scripts and requests from its own origin only, nothing inline. */
const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "img-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head><body><main><h1>Home</h1></main></body></html>`;

/** The app: `/auth/*` is latchkey, `/` a page to land on; every answer carries the strict CSP. */
function app(current: { config: AuthConfig }) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const response = pathname.startsWith("/auth/")
      ? await Auth(request, current.config)
      : new Response(pathname === "/" ? HOME : "Not found", {
          status: pathname === "/" ? 200 : 404,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
    const headers = new Headers(response.headers);
    headers.append("Content-Security-Policy", STRICT_CSP);
    return new Response(response.body, { status: response.status, headers });
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const STORES = SESSION_STORES.filter(
  (store) => store.name === "MemoryAdapter" || store.name === "PrismaAdapter on SQLite",
);

describe.each(STORES)("$name", (store) => {
  const opened = useStore(store);
  const current: { config: AuthConfig } = { config: { providers: [] } };
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startServer(app(current));
    origin = `http://localhost:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    const label = `${store.name.replace(/\W+/g, "-")}-${strategy}`.toLowerCase();

    function configure(provider: WebAuthnUserConfig, languages: Pick<AuthConfig, "locales"> = {}): void {
      current.config = {
        adapter: opened().adapter,
        providers: [Passkey({ timeout: 20_000, ...provider })],
        secret: SECRET,
        trustHost: true,
        session: { strategy },
        ...languages,
      };
    }

    async function openPage() {
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      return { page, problems: watchPageProblems(page) };
    }

    const session = async (page: import("playwright-core").Page) =>
      (await (await page.request.get(`${origin}/auth/session`)).json()) as {
        user?: { email?: string };
      } | null;

    /** Fills the e-mail field and creates a passkey from the default sign-in page. */
    async function createPasskey(page: import("playwright-core").Page, email: string): Promise<void> {
      await page.goto(`${origin}/auth/signin`);
      await page.getByLabel("Email").fill(email);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Create a passkey" }).click(),
      ]);
    }

    async function signOut(page: import("playwright-core").Page): Promise<void> {
      await page.goto(`${origin}/auth/signout`);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      expect(await session(page)).toBeNull();
    }

    it("registers a passkey from the sign-in page, signs out, and signs in with its button", {
      timeout: 60_000,
    }, async () => {
      configure({ enableConditionalUI: false });
      const { page, problems } = await openPage();
      const authenticator = await addVirtualAuthenticator(page);
      try {
        await page.goto(`${origin}/auth/signin`);
        await screenshot(page, `signin-${label}`);
        await createPasskey(page, "ada@example.test");
        expect((await session(page))?.user?.email).toBe("ada@example.test");

        const [credential] = await authenticator.credentials();
        expect(credential?.isResidentCredential).toBe(true);
        const { db } = opened();
        const user = await db.userByEmail("ada@example.test");
        expect(await db.account("passkey", credential?.id as string)).toMatchObject({
          type: "webauthn",
          userId: user?.id,
        });
        expect(await db.authenticator?.(credential?.id as string)).toMatchObject({
          userId: user?.id,
          counter: credential?.signCount,
          transports: "internal",
        });

        await signOut(page);
        await page.goto(`${origin}/auth/signin`);
        await Promise.all([
          page.waitForURL(`${origin}/`),
          page.getByRole("button", { name: "Sign in with Passkey" }).click(),
        ]);
        expect((await session(page))?.user?.email).toBe("ada@example.test");
        const [used] = await authenticator.credentials();
        expect(used?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
        expect((await db.authenticator?.(used?.id as string))?.counter).toBe(used?.signCount);
        expect(problems).toEqual([]);
      } finally {
        await page.close(); // its virtual authenticators go with it
      }
    });

    it("signs in from the e-mail field's autofill (conditional UI) with the default provider", {
      timeout: 60_000,
    }, async () => {
      configure({});
      const { page, problems } = await openPage();
      const authenticator = await addVirtualAuthenticator(page);
      try {
        await createPasskey(page, "grace@example.test");
        await signOut(page);
        // No click: the browser offers the passkey in the autofill of the e-mail field, and the
        // virtual authenticator picks it as a user would.
        await page.goto(`${origin}/auth/signin`);
        await page.waitForURL(`${origin}/`);
        expect((await session(page))?.user?.email).toBe("grace@example.test");
        const [used] = await authenticator.credentials();
        expect((await opened().db.authenticator?.(used?.id as string))?.counter).toBe(used?.signCount);
        expect(problems).toEqual([]);
      } finally {
        await page.close(); // its virtual authenticators go with it
      }
    });

    it("tells a German browser in German that no passkey was found", { timeout: 60_000 }, async () => {
      configure({ enableConditionalUI: false, timeout: 5_000 }, { locales: [de] });
      const { page, problems } = await openPage();
      await page.setExtraHTTPHeaders({ "Accept-Language": "de-DE,de;q=0.9" });
      await addVirtualAuthenticator(page);
      try {
        await page.goto(`${origin}/auth/signin`);
        await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
        const status = page.getByRole("status");
        await status.waitFor({ state: "visible", timeout: 15_000 });
        expect(await status.textContent()).toBe(de.messages.passkeyCancelled);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it("fails on a second authenticator that does not hold the credential", { timeout: 60_000 }, async () => {
      configure({ enableConditionalUI: false, timeout: 5_000 });
      const { page, problems } = await openPage();
      const first = await addVirtualAuthenticator(page);
      try {
        await createPasskey(page, "linus@example.test");
        const [credential] = await first.credentials();
        await signOut(page);
        await first.remove();
        const second = await addVirtualAuthenticator(page);
        await page.goto(`${origin}/auth/signin`);
        await page.getByRole("button", { name: "Sign in with Passkey" }).click();
        const status = page.getByRole("status");
        await status.waitFor({ state: "visible", timeout: 15_000 });
        expect(await status.textContent()).toMatch(/cancelled, timed out, or found no passkey/);
        await screenshot(page, `signin-no-passkey-${label}`);
        expect(new URL(page.url()).pathname).toBe("/auth/signin");
        expect(await session(page)).toBeNull();
        expect(await second.credentials()).toEqual([]);
        expect((await opened().db.authenticator?.(credential?.id as string))?.counter).toBe(
          credential?.signCount,
        );
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});
