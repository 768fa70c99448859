/**
 * The pages' script: on the home page the demo password form signs in with `latchkey/client`
 * (showing a wrong password inline, and going on to the second factor when the user has one) and
 * the "Sign out" button signs out; on the passkeys page
 * "Add a passkey" creates one for the signed-in user. scripts.ts bundles it.
 */
import { configureClient, registerPasskey, signIn, signOut } from "latchkey/client";

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
