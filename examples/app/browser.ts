/**
 * The home page's script: the demo password form signs in on the page with `latchkey/client`
 * (showing a wrong password inline), and the "Sign out" button signs out. scripts.ts bundles it.
 */
import { configureClient, signIn, signOut } from "latchkey/client";

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
  if (alert) {
    alert.textContent =
      result.error === "CredentialsSignin"
        ? "Wrong e-mail or password."
        : `The sign-in failed (${result.error}). Try again.`;
  }
});

document.querySelector("button#sign-out")?.addEventListener("click", () => void signOut());
