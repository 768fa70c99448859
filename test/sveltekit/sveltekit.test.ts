/**
 * latchkey/sveltekit in a real SvelteKit app (test/fixtures/sveltekit-app with latchkey from the
 * packed tarball, built with adapter-node by global-setup.ts, served by `node build`) over HTTP:
 * the form actions, `event.locals.auth()` in load functions, latchkey's own routes through the
 * `handle` hook, and the attacks they must refuse. browser.test.ts drives the same build in Chromium.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allExamples } from "../docs/examples/extract.js";
import {
  type Browser,
  browser,
  forgedSessionCookie,
  signInThroughThePage,
} from "../support/framework-http.js";
import { buildSvelteKitFixture, FIXTURE, type RunningApp, serveSvelteKitFixture } from "./fixture-build.js";

let app: RunningApp;
let origin: string;

beforeAll(async () => {
  // Nothing to do when global-setup.ts built it for this run.
  const { dir } = await buildSvelteKitFixture();
  app = await serveSvelteKitFixture(dir);
  origin = app.origin;
}, 300_000);

afterAll(() => {
  app?.stop();
});

/** A form post from the app's own page, as the browser sends it. */
function postForm(send: Browser, action: string, fields: Record<string, string>, from = origin) {
  return send(`/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: from, accept: "text/html" },
    body: new URLSearchParams(fields),
  });
}

const greeting = async (send: Browser) => /id="greeting">([^<]*)</.exec(await (await send("/")).text())?.[1];

const signInFields = { providerId: "credentials", username: "ada", password: "correct horse" };

describe("latchkey/sveltekit in a built SvelteKit app", () => {
  test("signs in with the signIn form action; load functions read the session with locals.auth()", async () => {
    const send = browser(origin);
    expect(await greeting(send)).toBe("Not signed in");

    const signIn = await postForm(send, "?/signin", { ...signInFields, redirectTo: "/protected" });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe(`${origin}/protected`);

    expect(await greeting(send)).toBe("Signed in as Ada Lovelace");
    expect(await (await send("/protected")).text()).toContain("Members only: ada@example.test");
    expect(await (await send("/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });
  });

  test("signs out with the signOut form action", async () => {
    const send = browser(origin);
    await postForm(send, "?/signin", signInFields);
    expect(await greeting(send)).toBe("Signed in as Ada Lovelace");

    const signOut = await postForm(send, "?/signout", { redirectTo: "/" });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe(`${origin}/`);
    expect(await greeting(send)).toBe("Not signed in");
    expect(await (await send("/auth/session")).json()).toBeNull();
  });

  test("wrong credentials go back to the sign-in page with the error", async () => {
    const send = browser(origin);
    const signIn = await postForm(send, "?/signin", { ...signInFields, password: "guess" });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe(
      `${origin}/auth/signin?error=CredentialsSignin&code=credentials`,
    );
    expect(await greeting(send)).toBe("Not signed in");
  });

  test("a protected page sends a visitor to sign in, and back", async () => {
    const response = await fetch(`${origin}/protected`, {
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");
  });

  test("the handle hook serves latchkey's routes: the sign-in page, CSRF-checked sign-in, the session", async () => {
    const send = browser(origin);
    const { signIn } = await signInThroughThePage(send, "/auth");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
    expect(await greeting(send)).toBe("Signed in as Ada Lovelace");
  });

  test("a use:enhance form gets SvelteKit's action result, with the session cookie", async () => {
    const send = browser(origin);
    const signIn = await send("/?/signin", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        accept: "application/json",
        "x-sveltekit-action": "true",
      },
      body: new URLSearchParams({ ...signInFields, redirectTo: "/protected" }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ type: "redirect", status: 303, location: `${origin}/protected` });
    expect(await greeting(send)).toBe("Signed in as Ada Lovelace");
  });

  test("every page tells latchkey/client the base path", async () => {
    expect(await (await fetch(origin)).text()).toContain('<meta name="latchkey-base-path" content="/auth">');
  });

  test("latchkey/sveltekit/components render server-side as plain forms: signing in works without JavaScript", async () => {
    const send = browser(origin);
    const page = await (await send("/signin")).text();
    const form = /<form method="POST" action="([^"]+)" class="signInButton">([\s\S]*?)<\/form>/.exec(page);
    expect(form?.[1]).toBe("/signin");
    const hidden = Object.fromEntries(
      [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(hidden).toEqual({ providerId: "credentials", redirectTo: "/protected" });

    const signIn = await postForm(send, "signin", { ...hidden, username: "ada", password: "correct horse" });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe(`${origin}/protected`);
    expect(await greeting(send)).toBe("Signed in as Ada Lovelace");

    const signOutPage = await (await send("/signout")).text();
    expect(signOutPage).toMatch(/<form method="POST" action="\/signout" class="signOutButton sign-out">/);
    const signOut = await postForm(send, "signout", { redirectTo: "/" });
    expect(signOut.headers.get("location")).toBe(`${origin}/`);
    expect(await greeting(send)).toBe("Not signed in");
  });

  describe("attacks", () => {
    test("a cross-site form POST to the signOut action is refused and the session stays", async () => {
      const send = browser(origin);
      await postForm(send, "?/signin", signInFields);
      const forged = await postForm(send, "?/signout", {}, "https://evil.example");
      expect(forged.status).toBe(403);
      expect(await greeting(send)).toBe("Signed in as Ada Lovelace");
    });

    test("a cross-site POST to latchkey's sign-out route, without the CSRF token, is refused", async () => {
      const send = browser(origin);
      await postForm(send, "?/signin", signInFields);
      // JSON is not a form type, so SvelteKit's origin check lets it through: latchkey's token check must refuse it.
      const forged = await send("/auth/signout", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ callbackUrl: "https://evil.example/" }),
      });
      expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
      expect(await greeting(send)).toBe("Signed in as Ada Lovelace");
    });

    test("a cross-site form POST to the signIn action cannot sign a victim in as the attacker", async () => {
      const send = browser(origin);
      const forged = await postForm(send, "?/signin", signInFields, "https://evil.example");
      expect(forged.status).toBe(403);
      expect(send.jar.cookies.has("authjs.session-token")).toBe(false);
    });

    test("a client's X-Forwarded-Host chooses neither latchkey's URLs nor where the signIn action sends the browser", async () => {
      const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
      const listing = await fetch(`${origin}/auth/providers`, { headers: forged });
      const listed = (await listing.json()) as { credentials: { signinUrl: string } };
      expect(listed.credentials.signinUrl).toBe(`${origin}/auth/signin/credentials`);

      const send = browser(origin);
      const signIn = await send("/?/signin", {
        method: "POST",
        headers: {
          ...forged,
          "content-type": "application/x-www-form-urlencoded",
          origin,
          accept: "text/html",
        },
        body: new URLSearchParams({ ...signInFields, redirectTo: "/protected" }),
      });
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get("location")).toBe(`${origin}/protected`);
      // The session read agrees: a forged https does not make it look for the __Secure- cookie.
      expect(/id="greeting">([^<]*)</.exec(await (await send("/", { headers: forged })).text())?.[1]).toBe(
        "Signed in as Ada Lovelace",
      );
    });

    test("a forged session cookie is nobody", async () => {
      const cookie = await forgedSessionCookie();
      const page = await fetch(`${origin}/protected`, {
        headers: { cookie, accept: "text/html" },
        redirect: "manual",
      });
      expect(page.status).toBe(303);
      expect(await (await fetch(`${origin}/auth/session`, { headers: { cookie } })).json()).toBeNull();
    });
  });
});

test("the fixture runs README.md's SvelteKit quick start, line for line", () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const snippet = allExamples(root).find((example) => example.key === "README.md#sveltekit");
  const codeLines = snippet!.code
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"));
  const src = join(FIXTURE, "src");
  const fixture = readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => readFileSync(join(src, path), "utf8"))
    .join("\n");
  expect(codeLines.length).toBeGreaterThan(3);
  for (const line of codeLines) expect(fixture, line).toContain(line);
});
