/**
 * The example app that `npm run example` starts, driven over real HTTP as a newcomer would use it:
 * the home page, the provider list, a password sign-in, an e-mail link from the local mailbox, and a
 * sign-in at the local OpenID Provider through its development login page. In Chromium, the home
 * page's own form and button, which sign in and out with `latchkey/client`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AdapterAuthenticator } from "latchkey/adapters";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, type RunningExample, startExample } from "../../examples/app/app.js";
import {
  addVirtualAuthenticator,
  launchChromium,
  launchChromiumDevices,
  watchPageProblems,
} from "../e2e/support/chromium.js";
import { CookieJar } from "../support/cookie-jar.js";

let example: RunningExample;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "latchkey-example-"));
  example = await startExample({
    port: 0,
    opPort: 0,
    databaseFile: join(directory, "example.db"),
    // Every test signs the one demo user in, some several times: more than the default 10 per account.
    rateLimit: { rules: { signInAttempt: { perAccount: 100 } } },
  });
}, 120_000);

afterAll(async () => {
  await example?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A browser: one cookie jar per origin; redirects are followed by hand, so each hop can be checked. */
class Browser {
  readonly jars = new Map<string, CookieJar>();

  jar(url: string): CookieJar {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new CookieJar();
    this.jars.set(origin, jar);
    return jar;
  }

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const headers = new Headers({ cookie: this.jar(url).header() });
    if (form) headers.set("content-type", "application/x-www-form-urlencoded");
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      headers,
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      redirect: "manual",
    });
    this.jar(url).apply(response);
    return response;
  }

  /** POSTs JSON with the CSRF token, as latchkey/client's organization functions do. */
  async postJson(
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const url = `${example.url}${path}`;
    const response = await fetch(url, {
      method: "POST",
      headers: { cookie: this.jar(url).header(), "content-type": "application/json", origin: example.url },
      body: JSON.stringify({ ...body, csrfToken: await this.csrf() }),
      redirect: "manual",
    });
    this.jar(url).apply(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async csrf(): Promise<string> {
    const response = await this.request(`${example.url}/auth/csrf`);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async sessionName(): Promise<string | null> {
    const session = (await (await this.request(`${example.url}/auth/session`)).json()) as {
      user?: { name?: string };
    } | null;
    return session?.user?.name ?? null;
  }
}

/** Signs the demo user in with the home page's own password form. */
async function signInOnHomePage(page: Page): Promise<void> {
  await page.goto(`${example.url}/`);
  await page.getByLabel("Password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in with the password" }).click();
  await page.getByText("Signed in as Demo User").waitFor();
}

describe("the example app", () => {
  it("serves its home page and offers four ways to sign in", async () => {
    const browser = new Browser();
    expect(await (await browser.request(`${example.url}/`)).text()).toContain("Not signed in");
    const providers = (await (await browser.request(`${example.url}/auth/providers`)).json()) as Record<
      string,
      { type: string }
    >;
    expect(Object.fromEntries(Object.entries(providers).map(([id, p]) => [id, p.type]))).toEqual({
      "local-op": "oidc",
      email: "email",
      credentials: "credentials",
      passkey: "webauthn",
    });
    expect(await (await browser.request(`${example.url}/auth/signin`)).text()).toContain(
      "Sign in with Local OP",
    );
  });

  it("signs the demo user in with the password from the home page", async () => {
    const browser = new Browser();
    const csrfToken = await browser.csrf();
    const response = await browser.request(`${example.url}/auth/callback/credentials`, {
      csrfToken,
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    expect(response.headers.get("location")).toBe(`${example.url}/`);
    expect(await browser.sessionName()).toBe("Demo User");
    expect(await (await browser.request(`${example.url}/`)).text()).toContain(
      "Signed in as <strong>Demo User",
    );
  });

  it("delivers the sign-in mail to the local mailbox, whose link signs in", async () => {
    const browser = new Browser();
    const csrfToken = await browser.csrf();
    await browser.request(`${example.url}/auth/signin/email`, { csrfToken, email: "newcomer@example.test" });
    const [mail] = example.mailbox.mails;
    expect(mail?.to).toBe("newcomer@example.test");
    expect(mail?.url.startsWith(`${example.url}/auth/callback/email?`)).toBe(true);
    expect(await (await browser.request(`${example.url}/mail`)).text()).toContain("newcomer@example.test");

    // The link opens a confirm page; its button (a form post) signs in.
    const confirm = await (await browser.request(mail?.url as string)).text();
    const fields = Object.fromEntries(
      [...confirm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1],
        (match[2] as string).replace(/&amp;/g, "&"),
      ]),
    );
    const action = /<form method="post" action="([^"]+)"/.exec(confirm)?.[1]?.replace(/&amp;/g, "&");
    expect(action).toBeTruthy();
    await browser.request(new URL(action as string, example.url).href, fields);
    expect((await (await browser.request(`${example.url}/auth/session`)).json()) as object).toMatchObject({
      user: { email: "newcomer@example.test" },
    });
  });

  it("organizations: create one, invite by e-mail (the mail at /mail), accept, switch; the admins' page", async () => {
    /** Signs `email` in with the e-mail link from the mailbox (which proves the address). */
    async function signedInByMail(email: string): Promise<Browser> {
      const browser = new Browser();
      await browser.request(`${example.url}/auth/signin/email`, { csrfToken: await browser.csrf(), email });
      // The mailbox lists the newest first.
      const mail = example.mailbox.mails.find((sent) => sent.to === email);
      const confirm = await (await browser.request(mail?.url as string)).text();
      const fields = Object.fromEntries(
        [...confirm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
          match[1],
          (match[2] as string).replace(/&amp;/g, "&"),
        ]),
      );
      const action = /<form method="post" action="([^"]+)"/.exec(confirm)?.[1]?.replace(/&amp;/g, "&");
      await browser.request(new URL(action as string, example.url).href, fields);
      return browser;
    }
    const page = async (browser: Browser, path: string) => {
      const response = await browser.request(`${example.url}${path}`);
      return { status: response.status, html: await response.text() };
    };

    const owner = await signedInByMail("owner@example.test");
    expect((await page(owner, "/organizations/admin")).status).toBe(403);
    const created = await owner.postJson("/auth/organization-create", { name: "Acme", slug: "acme" });
    expect(created.status).toBe(200);
    const acmeId = created.body.id as string;
    await owner.postJson("/auth/organization", { action: "setActive", organizationId: acmeId });
    expect(await page(owner, "/organizations")).toMatchObject({
      html: expect.stringContaining('<strong id="active-organization">acme (owner)</strong>'),
    });
    expect(await page(owner, "/organizations/admin")).toMatchObject({
      status: 200,
      html: expect.stringContaining("You are owner of <strong>acme</strong>"),
    });

    const invited = await owner.postJson("/auth/organization-invite", {
      organizationId: acmeId,
      email: "colleague@example.test",
      role: "member",
    });
    expect(invited.status).toBe(200);
    const invitationMail = example.mailbox.mails.find((mail) => mail.to === "colleague@example.test");
    expect(invitationMail?.url).toContain("/auth/organization-invitation?id=");
    expect((await page(owner, "/mail")).html).toContain("colleague@example.test");

    // The colleague signs in by e-mail, follows the invitation link to the page that accepts it.
    const colleague = await signedInByMail("colleague@example.test");
    const landing = await colleague.request(invitationMail?.url as string);
    const invitationPage = new URL(landing.headers.get("location") as string);
    expect(invitationPage.pathname).toBe("/organizations");
    const invitationId = invitationPage.searchParams.get("invitation") as string;
    expect((await page(colleague, `/organizations?invitation=${invitationId}`)).html).toContain(
      `data-invitation="${invitationId}"`,
    );
    const accepted = await colleague.postJson("/auth/organization", {
      action: "acceptInvitation",
      invitationId,
    });
    expect(accepted.body).toMatchObject({ activeOrganization: { slug: "acme", role: "member" } });
    expect((await page(colleague, "/organizations")).html).toContain("acme (member)");
    expect((await page(colleague, "/organizations/admin")).status).toBe(403);

    // Their own organization: switching to it makes them its owner, and the admins' page opens.
    const own = await colleague.postJson("/auth/organization-create", { name: "Side", slug: "side" });
    await colleague.postJson("/auth/organization", { action: "setActive", organizationId: own.body.id });
    expect((await page(colleague, "/organizations/admin")).status).toBe(200);
    await colleague.postJson("/auth/organization", { action: "setActive", organizationId: acmeId });
    expect((await page(colleague, "/organizations/admin")).status).toBe(403);
  });

  it("signs in at the local OpenID Provider with any name", async () => {
    const browser = new Browser();
    const csrfToken = await browser.csrf();
    let response = await browser.request(`${example.url}/auth/signin/local-op`, { csrfToken });
    let url = new URL(response.headers.get("location") as string).href;
    expect(url.startsWith(example.issuer)).toBe(true);
    response = await browser.request(url);
    // The development login page, then (on the first sign-in) the consent page.
    for (let step = 0; step < 12 && !url.startsWith(example.url); step++) {
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get("location") as string, url).href;
        if (url.startsWith(example.url)) break;
        response = await browser.request(url);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
      const form: Record<string, string> = html.includes('name="login"')
        ? { login: "ada", password: "any" }
        : {};
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
        form[match[1] as string] = match[2] as string;
      }
      const target = new URL(action, url).href;
      response = await browser.request(target, form);
      url = target;
    }
    const callback = await browser.request(url);
    expect(callback.headers.get("location")).toBe(`${example.url}/`);
    expect(await browser.sessionName()).toBe("ada");
  });

  it("signs in and out from the home page with latchkey/client, in Chromium", {
    timeout: 60_000,
  }, async () => {
    const chromium = await launchChromium();
    try {
      const page = await chromium.context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${example.url}/`);
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Sign in with the password" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Wrong e-mail or password.");

      await page.getByLabel("Password").fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in with the password" }).click();
      await page.getByText("Signed in as Demo User").waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByText("Not signed in").waitFor();
      expect(await (await page.request.get(`${example.url}/auth/session`)).json()).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await chromium.close();
    }
  });

  describe("the signed-in user's pages", () => {
    async function signedIn(): Promise<Browser> {
      const browser = new Browser();
      const csrfToken = await browser.csrf();
      await browser.request(`${example.url}/auth/callback/credentials`, {
        csrfToken,
        email: DEMO_USER.email,
        password: DEMO_USER.password,
      });
      expect(await browser.sessionName()).toBe("Demo User");
      return browser;
    }

    /** A same-origin form post, as the page's own forms send it. */
    async function post(browser: Browser, path: string, form: Record<string, string>, origin = example.url) {
      const response = await fetch(`${example.url}${path}`, {
        method: "POST",
        headers: {
          cookie: browser.jar(example.url).header(),
          origin,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      });
      browser.jar(example.url).apply(response);
      return response;
    }

    const sessionIds = (html: string) =>
      [...html.matchAll(/data-session="([0-9a-f]{64})"/g)].map((m) => m[1]);
    /** The id of the session the page was rendered for: the row marked "(this device)". */
    const currentId = (html: string) =>
      /data-session="([0-9a-f]{64})"><strong>[^<]*<\/strong>\n \(this device\)/.exec(html)?.[1] as string;

    it("sends a visitor who is not signed in from the protected page to sign in, and back", async () => {
      const visitor = new Browser();
      const response = await visitor.request(`${example.url}/protected`);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");
      const member = await signedIn();
      expect(await (await member.request(`${example.url}/protected`)).text()).toContain(
        "Only signed-in users",
      );
    });

    it("lists the user's devices, signs one out, then every other: they are out on their next request", async () => {
      const laptop = await signedIn();
      const phone = await signedIn();
      const tablet = await signedIn();
      const page = await (await laptop.request(`${example.url}/account/devices`)).text();
      expect(page).toContain("(this device)");
      const ids = sessionIds(page);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      const laptopToken = /authjs\.session-token=([^;]+)/.exec(laptop.jar(example.url).header())?.[1];
      expect(laptopToken).toBeTruthy();
      expect(page).not.toContain(laptopToken);

      const phonePage = await (await phone.request(`${example.url}/account/devices`)).text();
      const phoneCurrent = currentId(phonePage);
      expect(ids).toContain(phoneCurrent);

      const refused = await post(
        laptop,
        "/account/devices/revoke",
        { id: phoneCurrent },
        "https://evil.test",
      );
      expect(refused.status).toBe(403);
      expect(await phone.sessionName()).toBe("Demo User");

      expect((await post(laptop, "/account/devices/revoke", { id: phoneCurrent })).status).toBe(303);
      expect(await phone.sessionName()).toBeNull();
      expect(await tablet.sessionName()).toBe("Demo User");

      await post(laptop, "/account/devices/revoke-others", {});
      expect(await tablet.sessionName()).toBeNull();
      expect(await laptop.sessionName()).toBe("Demo User");
      expect(sessionIds(await (await laptop.request(`${example.url}/account/devices`)).text())).toHaveLength(
        1,
      );
    });

    it("in Chromium, three devices: the laptop sees the others, signs one out, then every other", {
      timeout: 60_000,
    }, async () => {
      const devices = await launchChromiumDevices();
      const agents = {
        laptop: "Mozilla/5.0 (X11; Linux x86_64) LatchkeyWalk/Laptop",
        phone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) LatchkeyWalk/Phone",
        tablet: "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) LatchkeyWalk/Tablet",
      };
      try {
        /** A device: a browser context of its own, signed in as the demo user. */
        async function signedInDevice(userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
          const context = await devices.device(userAgent);
          const page = await context.newPage();
          await signInOnHomePage(page);
          return { context, page };
        }
        /** Where the device lands when it opens the protected page: there, or the sign-in page. */
        async function protectedPath(page: Page): Promise<string> {
          await page.goto(`${example.url}/protected`);
          return new URL(page.url()).pathname;
        }

        const laptop = await signedInDevice(agents.laptop);
        const phone = await signedInDevice(agents.phone);
        const tablet = await signedInDevice(agents.tablet);
        const problems = watchPageProblems(laptop.page);

        await laptop.page.getByRole("link", { name: "Your devices" }).click();
        await laptop.page.getByRole("heading", { name: "Your devices" }).waitFor();
        const row = (agent: string) => laptop.page.locator("li", { hasText: agent });
        await expect.poll(() => row(agents.laptop).textContent()).toContain("(this device)");
        const phoneRow = (await row(agents.phone).textContent()) as string;
        expect(phoneRow).not.toContain("(this device)");
        expect(phoneRow).toMatch(/signed in \d{4}-\d\d-\d\d \d\d:\d\d, last seen \d{4}-\d\d-\d\d \d\d:\d\d/);
        expect(await row(agents.tablet).count()).toBe(1);

        await row(agents.phone).getByRole("button", { name: "Sign out this device" }).click();
        await laptop.page.getByRole("heading", { name: "Your devices" }).waitFor();
        expect(await row(agents.phone).count()).toBe(0);
        // The phone's cookie cache is fresh (maxAge 300 s): the revocation marker signs it out anyway.
        expect(await protectedPath(phone.page)).toBe("/auth/signin");
        expect(await protectedPath(tablet.page)).toBe("/protected");

        await laptop.page.getByRole("button", { name: "Sign out everywhere else" }).click();
        await laptop.page.getByRole("heading", { name: "Your devices" }).waitFor();
        expect(await laptop.page.locator("li[data-session]").count()).toBe(1);
        expect(await protectedPath(tablet.page)).toBe("/auth/signin");
        expect(await protectedPath(laptop.page)).toBe("/protected");
        expect(await laptop.page.getByText("Only signed-in users see this page.").count()).toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await devices.close();
      }
    });

    /** A passkey record as registration stores it, written straight to the example's database. */
    async function storedPasskey(userId: string, label: string) {
      const credentialID = Buffer.from(`${label}-${crypto.randomUUID()}`).toString("base64url");
      return example.config.adapter?.createAuthenticator?.({
        credentialID,
        userId,
        providerAccountId: credentialID,
        credentialPublicKey: Buffer.from("not a real key").toString("base64"),
        counter: 0,
        credentialDeviceType: "multiDevice",
        credentialBackedUp: true,
        transports: "internal,hybrid",
      }) as Promise<AdapterAuthenticator>;
    }

    it("lists the user's passkeys and removes one; another user's passkey is neither shown nor removable", async () => {
      const visitor = new Browser();
      expect((await visitor.request(`${example.url}/account/passkeys`)).headers.get("location")).toBe(
        "/auth/signin?callbackUrl=%2Faccount%2Fpasskeys",
      );
      const member = await signedIn();
      const session = (await (await member.request(`${example.url}/auth/session`)).json()) as {
        user: { id: string };
      };
      const mine = await storedPasskey(session.user.id, "mine");
      const stranger = (await example.config.adapter?.createUser?.({
        id: crypto.randomUUID(),
        email: `stranger-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      })) as { id: string };
      const theirs = await storedPasskey(stranger.id, "theirs");

      const page = await (await member.request(`${example.url}/account/passkeys`)).text();
      expect(page).toContain(`data-passkey="${mine.credentialID}"`);
      expect(page).toContain("synced across devices, backed up");
      expect(page).not.toContain(theirs.credentialID);

      const remove = (credentialID: string, origin?: string) =>
        post(member, "/account/passkeys/remove", { credentialID }, origin);
      expect((await remove(mine.credentialID, "https://evil.test")).status).toBe(403);
      expect((await remove(theirs.credentialID)).status).toBe(303);
      expect(await example.config.adapter?.getAuthenticator?.(theirs.credentialID)).toMatchObject({
        userId: stranger.id,
      });
      expect((await remove(mine.credentialID)).status).toBe(303);
      expect(await example.config.adapter?.getAuthenticator?.(mine.credentialID)).toBeNull();
      expect(await (await member.request(`${example.url}/account/passkeys`)).text()).toContain(
        "No passkeys yet.",
      );
    });

    it("in Chromium, adds a passkey from the passkeys page, signs in with it from autofill, and removes it", {
      timeout: 60_000,
    }, async () => {
      const chromium = await launchChromium();
      try {
        const page = await chromium.context.newPage();
        const problems = watchPageProblems(page);
        const authenticator = await addVirtualAuthenticator(page);
        await signInOnHomePage(page);
        await page.getByRole("link", { name: "Your passkeys" }).click();
        await page.getByRole("heading", { name: "Your passkeys" }).waitFor();
        const rows = page.locator("li[data-passkey]");
        const before = await rows.count();

        await page.getByRole("button", { name: "Add a passkey" }).click();
        await expect.poll(() => rows.count()).toBe(before + 1);
        const [credential] = await authenticator.credentials();
        expect(credential?.isResidentCredential).toBe(true);
        const row = page.locator(`li[data-passkey="${credential?.id}"]`);
        expect(await row.textContent()).toContain("over internal");

        // The new passkey signs this user in: out, then in again from the sign-in page.
        await page.goto(`${example.url}/`);
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByText("Not signed in").waitFor();
        await page.goto(`${example.url}/auth/signin?callbackUrl=%2Faccount%2Fpasskeys`);
        // No click: the sign-in page offers the passkey in the e-mail field's autofill (conditional
        // UI), and the virtual authenticator picks it as a user would.
        await page.waitForURL(`${example.url}/account/passkeys`);
        const [used] = await authenticator.credentials();
        expect(used?.signCount).toBeGreaterThan(credential?.signCount ?? 0);

        await row.getByRole("button", { name: "Remove this passkey" }).click();
        await page.getByRole("heading", { name: "Your passkeys" }).waitFor();
        expect(await page.locator(`li[data-passkey="${credential?.id}"]`).count()).toBe(0);
        expect(await rows.count()).toBe(before);
        expect(problems).toEqual([]);
      } finally {
        await chromium.close();
      }
    });
  });
});
