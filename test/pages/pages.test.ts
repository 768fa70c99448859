import { describe, expect, it } from "vitest";
import { errorPageStatus } from "../../src/core/error-traits.js";
import {
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignOutPage,
  renderVerifyRequestPage,
} from "../../src/pages/index.js";
import { expectAccessibleDocument } from "./document.js";
import { byTag, findAll, formWithButton, hiddenValues, visibleText } from "./html.js";

describe("renderSignOutPage", () => {
  it("asks for confirmation with a POST form carrying the CSRF token and callback URL", () => {
    const page = renderSignOutPage({ csrfToken: "csrf-1", signoutUrl: "/auth/signout", callbackUrl: "/bye" });
    expect(page.status).toBe(200);
    const root = expectAccessibleDocument(page.html);
    expect(visibleText(findAll(root, byTag("h1"))[0]!)).toBe("Sign out");
    const form = formWithButton(root, "Sign out");
    expect(form.attributes).toMatchObject({ method: "post", action: "/auth/signout" });
    expect(hiddenValues(form)).toEqual({ csrfToken: "csrf-1", callbackUrl: "/bye" });
  });

  it("omits the callback URL field when there is none", () => {
    const root = expectAccessibleDocument(
      renderSignOutPage({ csrfToken: "c", signoutUrl: "/auth/signout" }).html,
    );
    expect(hiddenValues(formWithButton(root, "Sign out"))).toEqual({ csrfToken: "c" });
  });

  it("escapes a hostile callback URL", () => {
    const callbackUrl = `/"><script>alert(1)</script>`;
    const page = renderSignOutPage({ csrfToken: "c", signoutUrl: "/auth/signout", callbackUrl });
    expect(page.html).not.toMatch(/<script/i);
    expect(hiddenValues(formWithButton(expectAccessibleDocument(page.html), "Sign out")).callbackUrl).toBe(
      callbackUrl,
    );
  });
});

describe("renderVerifyRequestPage", () => {
  it("tells the user to check their e-mail and links back to the site", () => {
    const page = renderVerifyRequestPage({ host: "https://app.example.test/some/path" });
    expect(page.status).toBe(200);
    const root = expectAccessibleDocument(page.html);
    expect(visibleText(findAll(root, byTag("h1"))[0]!)).toBe("Check your email");
    const [link] = findAll(root, byTag("a"));
    expect(link!.attributes.href).toBe("https://app.example.test");
    expect(visibleText(link!)).toBe("Back to app.example.test");
  });

  it("shows a bare or hostile host as text, never as a link", () => {
    for (const host of ["app.example.test", `javascript:alert(1)`, `<img src=x onerror=alert(1)>`]) {
      const page = renderVerifyRequestPage({ host });
      const root = expectAccessibleDocument(page.html);
      expect(findAll(root, byTag("a"))).toHaveLength(0);
      expect(findAll(root, byTag("img"))).toHaveLength(0);
      expect(visibleText(findAll(root, byTag("main"))[0]!)).toContain(host);
    }
  });
});

describe("renderErrorPage", () => {
  it("takes its status from the error class of the type", () => {
    expect(renderErrorPage({ error: "Verification", signinUrl: "/s", status: 403 }).status).toBe(403);
  });

  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["OAuthSignin", 400],
    ["CredentialsSignin", 401],
    ["MissingCSRF", 403],
    ["AdapterError", 400],
    ["Default", 400],
    ["Unknown", 400],
    ["constructor", 400],
    ["__proto__", 400],
    ["toString", 400],
  ])("sends %s with status %i", (error, status) => {
    expect(errorPageStatus(error)).toBe(status);
    const page = renderErrorPage({ error, signinUrl: "/auth/signin", status: errorPageStatus(error) });
    expect(page.status).toBe(status);
    const root = expectAccessibleDocument(page.html);
    const [link] = findAll(root, byTag("a"));
    expect(link!.attributes.href).toBe("/auth/signin");
  });

  it("gives each known type its own wording and everything else the default", () => {
    const heading = (error: string) =>
      visibleText(
        findAll(
          expectAccessibleDocument(renderErrorPage({ error, signinUrl: "/s", status: 400 }).html),
          byTag("h1"),
        )[0]!,
      );
    const known = ["Configuration", "AccessDenied", "InvalidCheck"].map(heading);
    expect(new Set(known).size).toBe(3);
    expect(known).not.toContain(heading("Default"));
    expect(heading("whatever")).toBe(heading("Default"));
  });

  it("never echoes the raw error type", () => {
    const error = `<script>alert("pwned")</script>`;
    const page = renderErrorPage({ error, signinUrl: `/auth/signin?x="><script>`, status: 400 });
    expect(page.html).not.toMatch(/<script|pwned/i);
    expect(findAll(expectAccessibleDocument(page.html), byTag("a"))[0]!.attributes.href).toBe(
      `/auth/signin?x="><script>`,
    );
  });
});

describe("renderEmailConfirmPage", () => {
  const options = {
    token: "tok-123",
    email: "ada@example.test",
    callbackUrl: "https://app.test/after",
    actionUrl: "https://app.test/auth/callback/email",
  };

  it("shows one Sign in button whose POST form carries the token", () => {
    const page = renderEmailConfirmPage({ ...options, csrfToken: "csrf-9" });
    expect(page.status).toBe(200);
    const root = expectAccessibleDocument(page.html);
    expect(findAll(root, byTag("button")).map(visibleText)).toEqual(["Sign in"]);
    const form = formWithButton(root, "Sign in");
    expect(form.attributes).toMatchObject({ method: "post", action: options.actionUrl });
    expect(hiddenValues(form)).toEqual({
      token: "tok-123",
      email: "ada@example.test",
      callbackUrl: "https://app.test/after",
      csrfToken: "csrf-9",
    });
    expect(visibleText(findAll(root, byTag("main"))[0]!)).toContain("ada@example.test");
  });

  it("leaves the CSRF field out when none is given", () => {
    const root = expectAccessibleDocument(renderEmailConfirmPage(options).html);
    expect(Object.keys(hiddenValues(formWithButton(root, "Sign in")))).toEqual([
      "token",
      "email",
      "callbackUrl",
    ]);
  });

  it("has no link or auto-submit that would let a GET consume the token", () => {
    const root = expectAccessibleDocument(renderEmailConfirmPage(options).html);
    expect(findAll(root, byTag("a"))).toHaveLength(0);
    expect(findAll(root, (e) => e.tag === "meta" && e.attributes["http-equiv"] !== undefined)).toHaveLength(
      0,
    );
    expect(findAll(root, byTag("form"))).toHaveLength(1);
  });

  it("escapes hostile token, e-mail and URLs", () => {
    const hostile = `"><script>alert(1)</script>`;
    const page = renderEmailConfirmPage({
      token: hostile,
      email: `<img src=x onerror=alert(1)>@x.test`,
      callbackUrl: hostile,
      actionUrl: `/auth/callback/email${hostile}`,
    });
    expect(page.html).not.toMatch(/<script|<img/i);
    const form = formWithButton(expectAccessibleDocument(page.html), "Sign in");
    expect(form.attributes.action).toBe(`/auth/callback/email${hostile}`);
    expect(hiddenValues(form)).toMatchObject({ token: hostile, callbackUrl: hostile });
  });
});
