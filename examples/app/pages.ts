/** The example app's own two pages: home (who is signed in) and the local mailbox. */
import type { Session } from "latchkey";
import type { Mail } from "./mailbox.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function page(title: string, body: string, script?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:.1rem .3rem}li{margin:.5rem 0}label{display:block;margin:.5rem 0}
[role=alert]{color:#b00020}</style>${script ? `<script type="module" src="${escapeHtml(script)}"></script>` : ""}</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The home page's script (browser.ts, bundled by scripts.ts): sign-in and sign-out with latchkey/client. */
export const HOME_SCRIPT = "/home.js";

export function homePage(session: Session | null, demo: { email: string; password: string }): string {
  const who = session?.user
    ? `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email ?? "someone")}</strong>
${session.user.email ? ` (${escapeHtml(session.user.email)})` : ""}.</p>
<p><button type="button" id="sign-out">Sign out</button></p>`
    : `<p>Not signed in. <a href="/auth/signin">Sign in</a> with any method, or with the demo password here:</p>
<form id="password-sign-in">
<label>Email <input name="email" type="email" autocomplete="username" value="${escapeHtml(demo.email)}"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in with the password</button>
<p role="alert"></p>
</form>`;
  return page(
    "latchkey example",
    `${who}
<ul>
<li><strong>Local OP</strong>: a local OpenID Provider; type any name on its login page.</li>
<li><strong>Email</strong>: the link and code are printed in the terminal and shown in the <a href="/mail">mailbox</a>.</li>
<li><strong>Password</strong>: <code>${escapeHtml(demo.email)}</code> / <code>${escapeHtml(demo.password)}</code>.</li>
<li><strong>Passkey</strong>: create one from the sign-in page in a browser that supports passkeys.</li>
</ul>
<p><a href="/auth/session">/auth/session</a> shows the session as JSON.</p>`,
    HOME_SCRIPT,
  );
}

export function mailboxPage(mails: readonly Mail[]): string {
  const items = mails.map(
    (mail) => `<li>${escapeHtml(mail.sentAt.toLocaleTimeString())}, to ${escapeHtml(mail.to)}:
<a href="${escapeHtml(mail.url)}">sign in</a>${mail.code ? `, or enter code <code>${escapeHtml(mail.code)}</code>` : ""}</li>`,
  );
  return page("Mailbox", items.length > 0 ? `<ul>${items.join("")}</ul>` : "<p>No mail yet.</p>");
}
