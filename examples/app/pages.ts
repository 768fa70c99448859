/**
 * The example app's own pages: home (who is signed in), a protected page, "your devices" (the
 * signed-in user's sessions, from latchkey's public session-management functions), "your passkeys",
 * "two-factor authentication" (status, new recovery codes, turning it off), and the local mailbox. Light and dark, following the browser's setting.
 */
import type { ActiveOrganization, Organization, OwnSession, Session, TwoFactorStatus } from "latchkey";
import type { AdapterAuthenticator } from "latchkey/adapters";
import type { Mail } from "./mailbox.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function page(title: string, body: string, script?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:.1rem .3rem}li{margin:.5rem 0}label{display:block;margin:.5rem 0}form.inline{display:inline}
[role=alert]{color:#b00020}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}a{color:#8ab4f8}code{background:#2a2a2a}[role=alert]{color:#ff8a80}}</style>${script ? `<script type="module" src="${escapeHtml(script)}"></script>` : ""}</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * The pages' script (browser.ts, bundled by scripts.ts): sign-in and sign-out on the home page, and
 * adding a passkey on the passkeys page, with latchkey/client.
 */
export const PAGE_SCRIPT = "/page.js";

export function homePage(session: Session | null, demo: { email: string; password: string }): string {
  const who = session?.user
    ? `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email ?? "someone")}</strong>
${session.user.email ? ` (${escapeHtml(session.user.email)})` : ""}.</p>
<p><a href="/protected">A protected page</a> · <a href="/organizations">Organizations</a> · <a href="/account/devices">Your devices</a> · <a href="/account/passkeys">Your passkeys</a> · <a href="/account/security">Two-factor authentication</a></p>
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
<li><strong>Passkey</strong>: create one from the sign-in page, or from "Your passkeys" once signed in, in a browser that supports passkeys.</li>
</ul>
<p><a href="/auth/session">/auth/session</a> shows the session as JSON.</p>`,
    PAGE_SCRIPT,
  );
}

export function mailboxPage(mails: readonly Mail[]): string {
  const items = mails.map(
    (mail) => `<li>${escapeHtml(mail.sentAt.toLocaleTimeString())}, to ${escapeHtml(mail.to)}:
<a href="${escapeHtml(mail.url)}">sign in</a>${mail.code ? `, or enter code <code>${escapeHtml(mail.code)}</code>` : ""}</li>`,
  );
  return page("Mailbox", items.length > 0 ? `<ul>${items.join("")}</ul>` : "<p>No mail yet.</p>");
}

export function protectedPage(session: Session): string {
  const name = session.user?.name ?? session.user?.email ?? "someone";
  return page(
    "Protected",
    `<p>Only signed-in users see this page. You are <strong>${escapeHtml(name)}</strong>.</p>
<p><a href="/">Home</a></p>`,
  );
}

/** One row per session, with a form that ends it; the current one can end all the others. */
export function devicesPage(sessions: readonly OwnSession[]): string {
  const when = (date: Date | null) =>
    date ? escapeHtml(date.toISOString().slice(0, 16).replace("T", " ")) : "unknown";
  const rows = sessions.map(
    (
      session,
    ) => `<li data-session="${escapeHtml(session.id)}"><strong>${escapeHtml(session.userAgent ?? "Unknown device")}</strong>
${session.current ? " (this device)" : ""}<br>from ${escapeHtml(session.ipAddress ?? "an unknown address")},
signed in ${when(session.createdAt)}, last seen ${when(session.lastSeenAt)}
${
  session.current
    ? ""
    : `<form method="post" action="/account/devices/revoke"><input type="hidden" name="id" value="${escapeHtml(session.id)}"><button>Sign out this device</button></form>`
}</li>`,
  );
  return page(
    "Your devices",
    `<ul>${rows.join("")}</ul>
<form method="post" action="/account/devices/revoke-others"><button>Sign out everywhere else</button></form>
<p><a href="/">Home</a></p>`,
  );
}

/**
 * One row per passkey, with a form that removes it, and a button that creates another (browser.ts).
 * A credential id is long and random: the first characters are enough to tell passkeys apart.
 */
export function passkeysPage(passkeys: readonly AdapterAuthenticator[]): string {
  const rows = passkeys.map(
    (
      passkey,
    ) => `<li data-passkey="${escapeHtml(passkey.credentialID)}"><strong>Passkey ${escapeHtml(passkey.credentialID.slice(0, 12))}…</strong><br>
${passkey.credentialDeviceType === "multiDevice" ? "synced across devices" : "kept on one device"}${passkey.credentialBackedUp ? ", backed up" : ""},
used ${passkey.counter} times${passkey.transports ? `, over ${escapeHtml(passkey.transports.replaceAll(",", ", "))}` : ""}
<form method="post" action="/account/passkeys/remove"><input type="hidden" name="credentialID" value="${escapeHtml(passkey.credentialID)}"><button>Remove this passkey</button></form></li>`,
  );
  return page(
    "Your passkeys",
    `${rows.length > 0 ? `<ul>${rows.join("")}</ul>` : "<p>No passkeys yet.</p>"}
<p><button type="button" id="add-passkey">Add a passkey</button></p>
<p role="alert" id="passkey-status"></p>
<p>Keep another way to sign in (the password, e-mail) before removing your last passkey.</p>
<p><a href="/">Home</a></p>`,
    PAGE_SCRIPT,
  );
}

/**
 * Two-factor authentication for the signed-in user (latchkey's `twoFactorStatus`): turning it on
 * goes to latchkey's enrolment page (QR code, then the recovery codes, shown once); new recovery
 * codes and turning it off need a second factor proven in the last 5 minutes, so those forms may
 * first send the user to latchkey's step-up page. `codes` are new recovery codes, shown this once.
 */
export function securityPage(status: TwoFactorStatus, codes?: readonly string[]): string {
  const fresh = codes
    ? `<p role="status">Your new recovery codes, shown only now (the old ones no longer work):</p>
<ul class="recovery-codes">${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join("")}</ul>`
    : "";
  const body = status.enabled
    ? `<p>Two-factor authentication is <strong>on</strong>: signing in asks for a code from your authenticator app (or a passkey, or a code by e-mail).</p>
<p>Recovery codes left: <strong id="recovery-codes-left">${status.recoveryCodesRemaining}</strong>.</p>
${fresh}
<form method="post" action="/account/security/regenerate"><button>New recovery codes</button></form>
<form method="post" action="/account/security/disable"><button>Turn off two-factor authentication</button></form>
<p>Both ask for your second factor again when you last proved it more than 5 minutes ago.</p>`
    : `<p>Two-factor authentication is <strong>off</strong>.</p>
<p><a href="/auth/two-factor-setup?callbackUrl=%2Faccount%2Fsecurity">Set up an authenticator app</a>: scan a QR code, confirm with a code, and keep the recovery codes.</p>`;
  return page(
    "Two-factor authentication",
    `${body}
<p><a href="/">Home</a></p>`,
  );
}

/**
 * The user's organizations: each with their role and a button that makes it the active one; a form
 * that creates one; for the active one, a form that invites by e-mail; and, when an invitation link
 * brought the user here, a button that accepts it. The page script calls latchkey/client's
 * `organization` functions.
 */
export function organizationsPage(
  session: Session,
  organizations: ReadonlyArray<Organization & { role: string }>,
  invitationId: string | null,
): string {
  const active = session.activeOrganization ?? null;
  const rows = organizations.map(
    (o) =>
      `<li><strong>${escapeHtml(o.name)}</strong> (${escapeHtml(o.slug)}), your role: ${escapeHtml(o.role)}
${active?.id === o.id ? " · <em>active</em>" : ` <button type="button" data-switch="${escapeHtml(o.id)}">Switch to it</button>`}</li>`,
  );
  const invitation = invitationId
    ? `<h2>An invitation</h2><p>You were invited to an organization.
<button type="button" id="accept-invitation" data-invitation="${escapeHtml(invitationId)}">Accept</button></p>`
    : "";
  const invite = active
    ? `<h2>Invite to ${escapeHtml(active.slug)}</h2>
<form id="invite" data-organization="${escapeHtml(active.id)}"><label>E-mail <input name="email" type="email" required></label>
<label>Role <select name="role"><option>member</option><option>admin</option></select></label>
<button>Send the invitation</button></form>`
    : "";
  return page(
    "Organizations",
    `${invitation}<p>Active: <strong id="active-organization">${active ? `${escapeHtml(active.slug)} (${escapeHtml(active.role)})` : "none"}</strong>
· <a href="/organizations/admin">The admins' page</a> · <a href="/">Home</a></p>
<ul>${rows.join("") || "<li>None yet.</li>"}</ul>
<h2>Create an organization</h2>
<form id="create-organization"><label>Name <input name="name" required></label>
<label>Slug <input name="slug" required pattern="[a-z0-9-]+"></label><button>Create</button></form>
${invite}<p role="alert" id="organization-status"></p>`,
    PAGE_SCRIPT,
  );
}

/** Only an owner or admin of the active organization sees it; anyone else gets 403 and this reason. */
export function organizationAdminPage(active: ActiveOrganization | null): string {
  return active
    ? page(
        "Admins only",
        `<p>You are ${escapeHtml(active.role)} of <strong>${escapeHtml(active.slug)}</strong>: only its owners and admins see this page.</p>
<p><a href="/organizations">Organizations</a></p>`,
      )
    : page(
        "Admins only",
        `<p>Only owners and admins of the active organization see this page. Switch to one you administer.</p>
<p><a href="/organizations">Organizations</a></p>`,
      );
}
