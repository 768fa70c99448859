import { describe, expect, it } from "vitest";
import { renderVerificationEmail } from "../../src/pages/verification-email.js";

describe("the sign-in e-mail", () => {
  const url = "https://app.example.com/auth/callback/email?token=abc&email=o'brien%26co%40example.test";

  it("names the site's host in the subject and both bodies", () => {
    const mail = renderVerificationEmail({ url });
    expect(mail.subject).toBe("Sign in to app.example.com");
    expect(mail.text).toContain("Sign in to app.example.com");
    expect(mail.text).toContain(url);
    expect(mail.html).toContain("Sign in to <strong>app.example.com</strong>");
  });

  it("escapes the link in the HTML body", () => {
    const { html } = renderVerificationEmail({ url: 'https://app.example.com/?a="><script>x</script>&b=1' });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&amp;b=1");
  });

  it("shows the one-time code when there is one, and only then", () => {
    expect(renderVerificationEmail({ url, code: "012345" }).text).toContain("012345");
    expect(renderVerificationEmail({ url, code: "012345" }).html).toContain("012345");
    expect(renderVerificationEmail({ url }).text).not.toContain("code");
  });

  it("takes a keyword only when it is a CSS named colour: a mail client cannot fall back from one", () => {
    const named = renderVerificationEmail({ url, theme: { brandColor: "teal", buttonText: "ivory" } }).html;
    expect(named).toContain("background:teal");
    expect(named).toContain("color:ivory");
    const unknown = renderVerificationEmail({ url, theme: { brandColor: "bleu", buttonText: "wite" } }).html;
    expect(unknown).toContain("background:#346df1");
    expect(unknown).toContain("color:#ffffff");
  });

  it("takes only safe theme colours into the HTML", () => {
    const { html } = renderVerificationEmail({ url, theme: { brandColor: "red;background:url(x)" } });
    expect(html).not.toContain("url(x)");
  });
});
