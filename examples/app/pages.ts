/** The example app's own two pages: home (who is signed in) and the local mailbox. */
import type { Session } from "latchkey";
import type { Mail } from "./mailbox.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:.1rem .3rem}li{margin:.5rem 0}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function homePage(session: Session | null, demo: { email: string; password: string }): string {
  const who = session?.user
    ? `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email ?? "someone")}</strong>
${session.user.email ? ` (${escapeHtml(session.user.email)})` : ""}.</p>
<p><a href="/auth/signout">Sign out</a></p>`
    : `<p>Not signed in. <a href="/auth/signin">Sign in</a></p>`;
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
  );
}

export function mailboxPage(mails: readonly Mail[]): string {
  const items = mails.map(
    (mail) => `<li>${escapeHtml(mail.sentAt.toLocaleTimeString())}, to ${escapeHtml(mail.to)}:
<a href="${escapeHtml(mail.url)}">sign in</a>${mail.code ? `, or enter code <code>${escapeHtml(mail.code)}</code>` : ""}</li>`,
  );
  return page("Mailbox", items.length > 0 ? `<ul>${items.join("")}</ul>` : "<p>No mail yet.</p>");
}
