/**
 * latchkey/sveltekit/components' `<SignIn>` and `<SignOut>`, rendered on the server inside a page
 * as a SvelteKit app renders them: the form a visitor gets (where it posts, its hidden fields, its
 * classes and slots), for each prop. The fixture app (test/sveltekit/) shows the same forms working
 * in a built app; these run without a build, and the last one posts a rendered form to the action.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SvelteKitAuth } from "../../src/sveltekit/index.js";
import { byTag, findAll, type HtmlElement, parseHtml, visibleText } from "../pages/html.js";
import { CookieJar } from "../support/cookie-jar.js";
import { credentialsConfig } from "../support/framework-http.js";
import { serverPages } from "../support/server-components.js";
import { sendToApp } from "../support/sveltekit-runtime.js";

const pages = serverPages();
afterAll(() => pages.remove());

/** A page that renders `<SignIn>` (or `<SignOut>`) with the page's props. */
const SIGN_IN_PAGE = `<script>
import { SignIn } from "latchkey/sveltekit/components";
let props = $props();
</script>
<SignIn {...props} />`;
const SIGN_OUT_PAGE = SIGN_IN_PAGE.replaceAll("SignIn", "SignOut");

/** The one form of a rendered page. */
async function renderedForm(source: string, props: Record<string, unknown> = {}): Promise<HtmlElement> {
  const forms = findAll(parseHtml(await pages.render(source, props)), byTag("form"));
  expect(forms).toHaveLength(1);
  return forms[0]!;
}

/** The form's hidden fields, in order, as the browser posts them. */
function hiddenFields(form: HtmlElement): [string, string][] {
  return findAll(form, (element) => element.tag === "input" && element.attributes.type === "hidden").map(
    (input) => [input.attributes.name ?? "", input.attributes.value ?? ""],
  );
}

const emailInputs = (form: HtmlElement) =>
  findAll(form, (element) => element.tag === "input" && element.attributes.name === "email");

describe("<SignIn> rendered on the server", () => {
  it("posts the provider's id to /signin, with a button naming the provider", async () => {
    const form = await renderedForm(SIGN_IN_PAGE, { provider: "github" });
    expect(form.attributes).toEqual({ method: "POST", action: "/signin", class: "signInButton" });
    expect(hiddenFields(form)).toEqual([["providerId", "github"]]);
    expect(visibleText(findAll(form, byTag("button"))[0]!)).toBe("Sign in with github");
  });

  it("without a provider posts an empty providerId, which leads to latchkey's sign-in page", async () => {
    const form = await renderedForm(SIGN_IN_PAGE);
    expect(hiddenFields(form)).toEqual([["providerId", ""]]);
    expect(visibleText(findAll(form, byTag("button"))[0]!)).toBe("Sign in");
  });

  it.each([
    ["account/signin", "/account/signin"],
    ["/signin", "/signin"],
    // A protocol-relative address would send the visitor's password to another host.
    ["//evil.example/collect", "/evil.example/collect"],
    ["\\\\evil.example/collect", "/evil.example/collect"],
    ["/\\/evil.example", "/evil.example"],
  ])("signInPage %j posts to %j, a path on the app's own origin", async (signInPage, action) => {
    const form = await renderedForm(SIGN_IN_PAGE, { provider: "credentials", signInPage });
    expect(form.attributes.action).toBe(action);
  });

  it("sends options.redirectTo as the redirectTo field", async () => {
    const form = await renderedForm(SIGN_IN_PAGE, { provider: "github", options: { redirectTo: "/after" } });
    expect(hiddenFields(form)).toEqual([
      ["providerId", "github"],
      ["redirectTo", "/after"],
    ]);
  });

  it("reads redirectTo from a FormData passed as options", async () => {
    const options = new FormData();
    options.set("redirectTo", "/from-the-form");
    const form = await renderedForm(SIGN_IN_PAGE, { provider: "github", options });
    expect(hiddenFields(form)).toContainEqual(["redirectTo", "/from-the-form"]);
  });

  it("adds no redirectTo field for an empty redirectTo, or a FormData whose redirectTo is a file", async () => {
    const upload = new FormData();
    upload.set("redirectTo", new Blob(["/elsewhere"]), "redirect.txt");
    for (const options of [{ redirectTo: "" }, upload, new FormData()]) {
      const form = await renderedForm(SIGN_IN_PAGE, { provider: "github", options });
      expect(hiddenFields(form)).toEqual([["providerId", "github"]]);
    }
  });

  it.each([
    ["a record", { prompt: "login", login_hint: "ada@example.test" }],
    ["a query string", "prompt=login&login_hint=ada%40example.test"],
    [
      "pairs",
      [
        ["prompt", "login"],
        ["login_hint", "ada@example.test"],
      ],
    ],
    ["URLSearchParams", new URLSearchParams({ prompt: "login", login_hint: "ada@example.test" })],
  ])("sends authorizationParams given as %s as authorizationParams-<name> fields", async (_, params) => {
    const form = await renderedForm(SIGN_IN_PAGE, { provider: "github", authorizationParams: params });
    expect(hiddenFields(form)).toEqual([
      ["providerId", "github"],
      ["authorizationParams-prompt", "login"],
      ["authorizationParams-login_hint", "ada@example.test"],
    ]);
  });

  it.each(["email", "nodemailer", "resend", "sendgrid", "postmark", "mailgun", "forwardemail"])(
    "shows a required e-mail field for latchkey's e-mail provider %j",
    async (provider) => {
      const inputs = emailInputs(await renderedForm(SIGN_IN_PAGE, { provider }));
      expect(inputs.map((input) => input.attributes)).toEqual([
        { type: "email", name: "email", autocomplete: "email", required: "" },
      ]);
    },
  );

  it.each(["github", "credentials", ""])("shows no e-mail field for provider %j", async (provider) => {
    expect(emailInputs(await renderedForm(SIGN_IN_PAGE, { provider }))).toEqual([]);
  });

  it("adds className and class to the form's own class, and passes other attributes to the form", async () => {
    const form = await renderedForm(SIGN_IN_PAGE, {
      provider: "github",
      className: "wide",
      class: "primary",
      id: "github-sign-in",
      "data-testid": "sign-in",
      "aria-label": "Sign in with GitHub",
    });
    expect(form.attributes).toEqual({
      method: "POST",
      action: "/signin",
      // Exactly the classes: attribute selectors ([class="signInButton wide primary"]) match it.
      class: "signInButton wide primary",
      id: "github-sign-in",
      "data-testid": "sign-in",
      "aria-label": "Sign in with GitHub",
    });
  });

  it("fills its slots from snippets in runes mode: the credentials' inputs, the e-mail input, the button", async () => {
    const form = await renderedForm(`<script>
import { SignIn } from "latchkey/sveltekit/components";
</script>
<SignIn provider="resend">
  {#snippet credentials()}<input name="username" />{/snippet}
  {#snippet email()}<input type="email" name="email" placeholder="work address" />{/snippet}
  {#snippet submitButton()}Send me a link{/snippet}
</SignIn>`);
    expect(findAll(form, byTag("input")).map((input) => input.attributes.name)).toEqual([
      "providerId",
      "username",
      "email",
    ]);
    expect(emailInputs(form)[0]?.attributes.placeholder).toBe("work address");
    expect(visibleText(findAll(form, byTag("button"))[0]!)).toBe("Send me a link");
  });

  it("fills its slots from slot= elements in legacy mode", async () => {
    const form = await renderedForm(`<script>
import { SignIn } from "latchkey/sveltekit/components";
</script>
<SignIn provider="credentials">
  <label slot="credentials">Password <input name="password" type="password" /></label>
  <span slot="submitButton">Go</span>
</SignIn>`);
    expect(findAll(form, byTag("input")).map((input) => input.attributes.name)).toEqual([
      "providerId",
      "password",
    ]);
    expect(visibleText(findAll(form, byTag("button"))[0]!)).toBe("Go");
  });
});

describe("<SignOut> rendered on the server", () => {
  it("posts to /signout, with no field but redirectTo", async () => {
    const plain = await renderedForm(SIGN_OUT_PAGE);
    expect(plain.attributes).toEqual({ method: "POST", action: "/signout", class: "signOutButton" });
    expect(hiddenFields(plain)).toEqual([]);
    expect(visibleText(findAll(plain, byTag("button"))[0]!)).toBe("Sign out");

    const form = await renderedForm(SIGN_OUT_PAGE, {
      options: { redirectTo: "/goodbye" },
      className: "sign-out",
      signOutPage: "//evil.example/account/signout",
    });
    expect(form.attributes).toMatchObject({
      action: "/evil.example/account/signout",
      class: "signOutButton sign-out",
    });
    expect(hiddenFields(form)).toEqual([["redirectTo", "/goodbye"]]);
  });

  it("takes the button's content from a slot", async () => {
    const form = await renderedForm(`<script>
import { SignOut } from "latchkey/sveltekit/components";
</script>
<SignOut><span slot="submitButton">Leave</span></SignOut>`);
    expect(visibleText(findAll(form, byTag("button"))[0]!)).toBe("Leave");
  });
});

describe("a rendered <SignIn> posted to the signIn action", () => {
  it("signs in and lands on options.redirectTo", async () => {
    const APP = "http://app.test";
    const form = await renderedForm(`<script>
import { SignIn } from "latchkey/sveltekit/components";
</script>
<SignIn provider="credentials" options={{ redirectTo: "/welcome" }}>
  {#snippet credentials()}<input name="username" /><input name="password" type="password" />{/snippet}
</SignIn>`);
    const fields = new URLSearchParams(hiddenFields(form));
    fields.set("username", "ada");
    fields.set("password", "correct horse");
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    const response = await sendToApp(
      glue,
      `${APP}${form.attributes.action}`,
      { action: "signIn", headers: { origin: APP }, body: fields },
      jar,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${APP}/welcome`);
    const session = await sendToApp(glue, `${APP}/auth/session`, {}, jar);
    expect(await session.json()).toMatchObject({ user: { email: "ada@example.test" } });
  });
});
