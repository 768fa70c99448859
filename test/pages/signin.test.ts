import { describe, expect, it } from "vitest";
import en from "../../src/locales/packs/en.js";
import { errorCopy, renderSignInPage, type SignInPageProvider } from "../../src/pages/index.js";
import { expectAccessibleDocument } from "./document.js";
import { byTag, findAll, formWithButton, hiddenValues, visibleText } from "./html.js";

const github: SignInPageProvider = {
  id: "github",
  name: "GitHub",
  form: "button",
  signinUrl: "https://app.test/auth/signin/github",
  callbackUrl: "https://app.test/auth/callback/github",
  style: { bg: "#24292f", text: "#ffffff", logo: "https://authjs.test/github.svg" },
};
const keycloak: SignInPageProvider = {
  id: "keycloak",
  name: "Keycloak",
  form: "button",
  signinUrl: "https://app.test/auth/signin/keycloak",
  callbackUrl: "https://app.test/auth/callback/keycloak",
};
const email: SignInPageProvider = {
  id: "email",
  name: "Email",
  form: "email",
  signinUrl: "https://app.test/auth/signin/email",
  callbackUrl: "https://app.test/auth/callback/email",
};
const credentials: SignInPageProvider = {
  id: "credentials",
  name: "Password",
  form: "fields",
  signinUrl: "https://app.test/auth/signin/credentials",
  callbackUrl: "https://app.test/auth/callback/credentials",
  credentials: {
    username: { label: "Username", autocomplete: "username", required: true, placeholder: "jsmith" },
    password: { type: "password", autocomplete: "current-password" },
    otp: { type: "<script>" },
  },
};
const passkey: SignInPageProvider = {
  id: "passkey",
  name: "Passkey",
  form: "passkey",
  signinUrl: "https://app.test/auth/signin/passkey",
  callbackUrl: "https://app.test/auth/callback/passkey",
  optionsUrl: "https://app.test/auth/webauthn-options/passkey",
  conditionalUI: true,
};

const base = { csrfToken: "csrf-123", callbackUrl: "https://app.test/dashboard" };

function render(
  providers: SignInPageProvider[],
  extra: Partial<Parameters<typeof renderSignInPage>[0]> = {},
) {
  const page = renderSignInPage({ ...base, providers, ...extra });
  expect(page.status).toBe(200);
  return { page, root: expectAccessibleDocument(page.html) };
}

describe("renderSignInPage", () => {
  it("renders an accessible page with one block per provider, in configuration order", () => {
    const { root } = render([github, keycloak, email, credentials, passkey]);
    const buttons = findAll(root, byTag("button")).map(visibleText);
    expect(buttons).toEqual([
      "Sign in with GitHub",
      "Sign in with Keycloak",
      "Sign in with Email",
      "Sign in with Password",
      "Sign in with Passkey",
      "Create a passkey",
    ]);
  });

  it("posts OAuth and OIDC forms to the provider's sign-in URL with the CSRF token and callback URL", () => {
    const { root } = render([github, keycloak]);
    for (const provider of [github, keycloak]) {
      const form = formWithButton(root, `Sign in with ${provider.name}`);
      expect(form.attributes.method).toBe("post");
      expect(form.attributes.action).toBe(provider.signinUrl);
      expect(hiddenValues(form)).toEqual({
        csrfToken: "csrf-123",
        callbackUrl: "https://app.test/dashboard",
      });
      expect(findAll(form, byTag("button"))[0]!.attributes.type).toBe("submit");
    }
  });

  it("styles a provider button with its sanitized colours and https logo", () => {
    const { root } = render([github]);
    const [button] = findAll(root, byTag("button"));
    expect(button!.attributes.style).toBe("--provider-bg: #24292f; --provider-text: #ffffff");
    expect(findAll(button!, byTag("img"))[0]!.attributes).toMatchObject({
      src: "https://authjs.test/github.svg",
      alt: "",
    });
  });

  it("renders the e-mail form with a labelled, required email input", () => {
    const { root } = render([email], { email: "ada@example.test" });
    const form = formWithButton(root, "Sign in with Email");
    expect(form.attributes).toMatchObject({ method: "post", action: email.signinUrl });
    expect(hiddenValues(form)).toEqual({ csrfToken: "csrf-123", callbackUrl: "https://app.test/dashboard" });
    const [input] = findAll(form, (e) => e.tag === "input" && e.attributes.name === "email");
    expect(input!.attributes).toMatchObject({
      type: "email",
      autocomplete: "email",
      required: "",
      value: "ada@example.test",
    });
    const [label] = findAll(form, (e) => e.tag === "label" && e.attributes.for === input!.attributes.id);
    expect(visibleText(label!)).toBe("Email");
  });

  it("renders one labelled input per credentials field and posts to the callback URL", () => {
    const { root } = render([credentials]);
    const form = formWithButton(root, "Sign in with Password");
    expect(form.attributes).toMatchObject({ method: "post", action: credentials.callbackUrl });
    expect(hiddenValues(form)).toEqual({ csrfToken: "csrf-123", callbackUrl: "https://app.test/dashboard" });
    const inputs = findAll(form, (e) => e.tag === "input" && e.attributes.type !== "hidden");
    const labelFor = (id: string | undefined) =>
      visibleText(findAll(form, (e) => e.tag === "label" && e.attributes.for === id)[0]!);
    expect(
      inputs.map((input) => [input.attributes.name, input.attributes.type, labelFor(input.attributes.id)]),
    ).toEqual([
      ["username", "text", "Username"],
      ["password", "password", "password"],
      ["otp", "text", "otp"],
    ]);
    expect(inputs[0]!.attributes).toMatchObject({
      autocomplete: "username",
      required: "",
      placeholder: "jsmith",
    });
    expect(inputs[1]!.attributes).toMatchObject({ autocomplete: "current-password" });
    expect(inputs[1]!.attributes.required).toBeUndefined();
  });

  it("keeps input ids unique when two providers render fields", () => {
    const second = { ...credentials, id: "ldap", name: "LDAP" };
    render([email, { ...email, id: "magic", name: "Magic" }, credentials, second]);
  });

  it("renders a passkey form for the script to drive, with a noscript note", () => {
    const { root } = render([passkey], { passkeyScriptUrl: "https://app.test/auth/webauthn-script" });
    const form = formWithButton(root, "Sign in with Passkey");
    expect(form.attributes).toMatchObject({
      action: passkey.callbackUrl,
      "data-provider": "passkey",
      "data-options-url": passkey.optionsUrl,
      "data-conditional-ui": "",
    });
    expect(hiddenValues(form)).toEqual({
      csrfToken: "csrf-123",
      callbackUrl: "https://app.test/dashboard",
      action: "",
      data: "",
    });
    const buttons = findAll(form, byTag("button"));
    expect(buttons.map((button) => [visibleText(button), button.attributes.type])).toEqual([
      ["Sign in with Passkey", "button"],
      ["Create a passkey", "button"],
    ]);
    expect(findAll(root, byTag("noscript"))).toHaveLength(1);
    expect(findAll(root, byTag("script")).map((script) => script.attributes.src)).toEqual([
      "https://app.test/auth/webauthn-script",
    ]);
  });

  it("links the passkey script only when a passkey form is on the page", () => {
    const scriptUrl = { passkeyScriptUrl: "https://app.test/auth/webauthn-script" };
    expect(findAll(render([github, email], scriptUrl).root, byTag("script"))).toEqual([]);
    expect(
      render([passkey], { passkeyScriptUrl: 'https://app.test/auth/webauthn-script"><x' }).page.html,
    ).not.toContain('"><x');
  });

  it.each([
    "OAuthSignInError",
    "OAuthCallbackError",
    "OAuthAccountNotLinked",
    "AccountNotLinked",
    "EmailSignInError",
    "CredentialsSignin",
    "WebAuthnVerificationError",
    "AccessDenied",
    "Verification",
    "MissingCSRF",
    "Default",
  ])("shows a specific alert for %s", (error) => {
    // English whole, as the language of an app whose flows raise every one of these types.
    const { root } = render([github], { error, language: en });
    const alerts = findAll(root, (e) => e.attributes.role === "alert");
    expect(alerts).toHaveLength(1);
    expect(visibleText(alerts[0]!)).toBe(errorCopy(error, en).message);
    if (error !== "Default") expect(errorCopy(error, en).message).not.toBe(errorCopy("Default").message);
  });

  it("shows the default message for unknown or prototype-named error types, never the raw value", () => {
    for (const error of ["NoSuchError", "constructor", "__proto__", "<b>Your account is locked</b>"]) {
      const { root, page } = render([github], { error });
      const [alert] = findAll(root, (e) => e.attributes.role === "alert");
      expect(visibleText(alert!)).toBe(errorCopy("Default").message);
      expect(page.html).not.toContain("account is locked");
    }
  });

  it("shows no alert without an error", () => {
    const { root } = render([github]);
    expect(findAll(root, (e) => e.attributes.role === "alert")).toHaveLength(0);
  });

  it("carries a well-formed CredentialsSignin code as a data attribute, never as text", () => {
    const withCode = render([credentials], { error: "CredentialsSignin", code: "invalid_otp" }).root;
    const [alert] = findAll(withCode, (e) => e.attributes.role === "alert");
    expect(alert!.attributes["data-code"]).toBe("invalid_otp");
    expect(visibleText(alert!)).not.toContain("invalid_otp");

    const spoofed = render([credentials], { error: "CredentialsSignin", code: "Call 555-0100 now" }).root;
    expect(
      findAll(spoofed, (e) => e.attributes.role === "alert")[0]!.attributes["data-code"],
    ).toBeUndefined();
  });

  it("escapes a hostile provider name, callback URL and credentials field", () => {
    const evilName = "<img src=x onerror=alert(1)>";
    const evilCallback = `https://app.test/"><script>alert(1)</script>`;
    const { root, page } = render(
      [
        { ...github, name: evilName, signinUrl: `/auth/signin/x"><script>` },
        {
          ...credentials,
          name: "It's <b>",
          credentials: { 'a"b<c>': { label: `<i>'quoted'</i>`, placeholder: `"><script>` } },
        },
      ],
      { callbackUrl: evilCallback, csrfToken: `"><script>`, email: `"><script>` },
    );
    expect(page.html).not.toMatch(/<script|<img src=x|<i>|<b>/i);
    expect(findAll(root, byTag("img"))).toHaveLength(1); // only the provider logo
    const form = formWithButton(root, `Sign in with ${evilName}`);
    expect(form.attributes.action).toBe(`/auth/signin/x"><script>`);
    expect(hiddenValues(form)).toEqual({ csrfToken: `"><script>`, callbackUrl: evilCallback });
    const credentialsForm = formWithButton(root, "Sign in with It's <b>");
    const [input] = findAll(credentialsForm, (e) => e.tag === "input" && e.attributes.type !== "hidden");
    expect(input!.attributes).toMatchObject({ name: `a"b<c>`, placeholder: `"><script>` });
    expect(visibleText(findAll(credentialsForm, byTag("label"))[0]!)).toBe(`<i>'quoted'</i>`);
  });

  it("drops unsafe provider colours and logos", () => {
    const { root } = render([
      {
        ...github,
        style: { bg: "red;}</style><script>", text: "expression(alert(1))", logo: "javascript:alert(1)" },
      },
    ]);
    const [button] = findAll(root, byTag("button"));
    expect(button!.attributes.style).toBeUndefined();
    expect(findAll(button!, byTag("img"))).toHaveLength(0);
  });

  it("says so when no provider is configured", () => {
    const { root } = render([]);
    expect(visibleText(findAll(root, byTag("main"))[0]!)).toContain("No sign-in methods are configured.");
  });
});
