/**
 * The pages' script: on the home page the demo password form signs in with `latchkey/client`
 * (showing a wrong password inline, and going on to the second factor when the user has one) and
 * the "Sign out" button signs out; on the passkeys page
 * "Add a passkey" creates one for the signed-in user; on the organizations page, create, invite,
 * accept and switch. scripts.ts bundles it.
 */
import { configureClient, organization, registerPasskey, signIn, signOut } from "latchkey/client";

// The handler is mounted at /auth here (next-auth's /api/auth is the client's default).
configureClient({ basePath: "/auth" });

const form = document.querySelector<HTMLFormElement>("form#password-sign-in");
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = new FormData(form);
  const alert = form.querySelector<HTMLElement>("[role=alert]");
  const result = await signIn("credentials", {
    email: fields.get("email"),
    password: fields.get("password"),
    redirect: false,
  });
  if (result.ok) {
    window.location.reload();
    return;
  }
  // Two-factor sign-in: the password was right; latchkey's page asks for the second factor.
  if (result.twoFactorRequired && result.url) {
    window.location.assign(result.url);
    return;
  }
  if (alert) {
    alert.textContent =
      result.error === "CredentialsSignin"
        ? "Wrong e-mail or password."
        : `The sign-in failed (${result.error}). Try again.`;
  }
});

document.querySelector("button#sign-out")?.addEventListener("click", () => void signOut());

const addPasskey = document.querySelector<HTMLButtonElement>("button#add-passkey");
addPasskey?.addEventListener("click", async () => {
  const status = document.querySelector<HTMLElement>("#passkey-status");
  addPasskey.disabled = true;
  try {
    const result = await registerPasskey({ redirect: false });
    if (result.ok) {
      window.location.reload();
      return;
    }
    if (status) status.textContent = `The passkey was not saved (${result.error}). Try again.`;
  } catch (error) {
    // The browser's DOMException: the user cancelled, or this device cannot create a passkey here.
    if (status) status.textContent = `No passkey was created: ${(error as Error).message}`;
  }
  addPasskey.disabled = false;
});

// The organizations page: each answer is a result; a refusal shows its message.
const organizationStatus = document.querySelector<HTMLElement>("#organization-status");
const reloadOr = (result: { ok: boolean; message?: string | undefined }, to = window.location.pathname) => {
  if (result.ok) window.location.assign(to);
  else if (organizationStatus) organizationStatus.textContent = result.message ?? "That did not work.";
};
const createForm = document.querySelector<HTMLFormElement>("form#create-organization");
createForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = new FormData(createForm);
  const created = await organization.create({
    name: String(fields.get("name")),
    slug: String(fields.get("slug")),
  });
  reloadOr(created.ok ? await organization.setActive(created.data.id) : created);
});
const inviteForm = document.querySelector<HTMLFormElement>("form#invite");
inviteForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = new FormData(inviteForm);
  const sent = await organization.invite(inviteForm.dataset.organization ?? "", {
    email: String(fields.get("email")),
    role: String(fields.get("role")),
  });
  if (sent.ok && organizationStatus) organizationStatus.textContent = "Sent: it shows at /mail.";
  else reloadOr(sent);
});
const acceptButton = document.querySelector<HTMLButtonElement>("button#accept-invitation");
acceptButton?.addEventListener("click", async () => {
  reloadOr(await organization.accept(acceptButton.dataset.invitation ?? ""), "/organizations");
});
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-switch]")) {
  button.addEventListener("click", async () =>
    reloadOr(await organization.setActive(button.dataset.switch ?? null)),
  );
}
