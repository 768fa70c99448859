/**
 * The sign-in page's passkey script, served by the handler at `<basePath>/webauthn-script` rather
 * than from a CDN or inline, so the page runs under a Content-Security-Policy of `script-src 'self'`
 * and no third party can change the code that handles a sign-in. It has no dependencies: the
 * options and the credential cross the wire in the JSON encoding of WebAuthn Level 3 §5.1, which
 * it converts to and from ArrayBuffers itself.
 *
 * For every `form[data-passkey]` it wires the buttons marked `data-passkey-action`: fetch the
 * options (`?action=`, plus `&email=` when the field is filled), run `navigator.credentials.create()`
 * or `.get()`, put the action and the credential into the form's `action` and `data` fields and
 * submit it to the callback. The first form marked `data-conditional-ui` also starts a conditional
 * request (WebAuthn Level 3 §5.1.4, `mediation: "conditional"`), so the browser offers saved
 * passkeys in the e-mail field's autofill; a button press cancels it first.
 *
 * Its words come from the catalogue (locales/en/passkey.ts) in the language the script's URL names.
 */
import { passkey } from "../locales/en/passkey.js";
import { type Language, say } from "../locales/messages.js";

/**
 * The words as a JavaScript object literal: JSON, with `<` and the line separators escaped so the
 * text can never end a `<script>` element or break a string literal in an older engine.
 */
const wordsOf = (language: Language): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(passkey).map((key) => [key, say(language, passkey, key as keyof typeof passkey)]),
    ),
  ).replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The passkey script speaking `language`. */
export const passkeyScript = (language: Language): string => `(() => {
  "use strict";
  const WORDS = ${wordsOf(language)};
  const bytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  };
  const text = (buffer) => {
    let binary = "";
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  };
  const descriptors = (list) => (list || []).map((item) => ({ ...item, id: bytes(item.id) }));
  const creationOptions = (options) => ({
    ...options,
    challenge: bytes(options.challenge),
    user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  });
  const requestOptions = (options) => ({
    ...options,
    challenge: bytes(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  });
  const credentialJSON = (credential) => {
    const answer = credential.response;
    const response = { clientDataJSON: text(answer.clientDataJSON) };
    if (answer.attestationObject) {
      response.attestationObject = text(answer.attestationObject);
      response.transports = typeof answer.getTransports === "function" ? answer.getTransports() : [];
    } else {
      response.authenticatorData = text(answer.authenticatorData);
      response.signature = text(answer.signature);
      if (answer.userHandle) response.userHandle = text(answer.userHandle);
    }
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      response,
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
    };
  };

  const MESSAGES = {
    NotAllowedError: WORDS.passkeyCancelled,
    InvalidStateError: WORDS.passkeyAlreadyHere,
    SecurityError: WORDS.passkeyWrongAddress,
    NotSupportedError: WORDS.passkeyKindUnsupported,
  };
  const say = (form, message) => {
    const status = form.querySelector("[data-passkey-status]");
    if (!status) return;
    status.textContent = message;
    status.hidden = message === "";
  };

  async function fetchOptions(form, action, signal) {
    const url = new URL(form.getAttribute("data-options-url"), location.href);
    if (action) url.searchParams.set("action", action);
    const email = form.elements.namedItem("email");
    if (email && email.value.trim() !== "" && !signal) url.searchParams.set("email", email.value.trim());
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, signal });
    const body = await response.json().catch(() => ({}));
    // A refusal the handler explains (AccountNotLinked, RateLimited) carries words for the user; an
    // InvalidRequest carries a reason for developers, and here always means the address field; a
    // server fault carries Auth.js's "check the server logs", which is for the site's owner.
    if (!response.ok && body.error === "InvalidRequest") throw new Error(WORDS.passkeyNeedsEmail);
    if (response.status >= 500) throw new Error(WORDS.passkeysUnavailable);
    if (!response.ok) throw new Error(body.message || WORDS.passkeyNotStarted);
    return body;
  }

  function submit(form, action, credential) {
    form.elements.namedItem("action").value = action;
    form.elements.namedItem("data").value = JSON.stringify(credentialJSON(credential));
    HTMLFormElement.prototype.submit.call(form);
  }

  let conditional = null;
  async function stopConditional() {
    if (!conditional) return;
    const { controller, settled } = conditional;
    conditional = null;
    controller.abort();
    await settled;
  }

  async function ceremony(form, requested) {
    if (form.hasAttribute("data-busy")) return;
    form.setAttribute("data-busy", "");
    say(form, "");
    try {
      await stopConditional();
      const { action, options } = await fetchOptions(form, requested);
      const credential =
        action === "register"
          ? await navigator.credentials.create({ publicKey: creationOptions(options) })
          : await navigator.credentials.get({ publicKey: requestOptions(options) });
      if (credential) return submit(form, action, credential);
    } catch (error) {
      say(form, (error && MESSAGES[error.name]) || (error && error.message) || WORDS.passkeyFailed);
    }
    form.removeAttribute("data-busy");
  }

  async function startConditional(form) {
    const api = window.PublicKeyCredential;
    if (!api || typeof api.isConditionalMediationAvailable !== "function") return;
    if (!(await api.isConditionalMediationAvailable())) return;
    const controller = new AbortController();
    const settled = (async () => {
      const { action, options } = await fetchOptions(form, "authenticate", controller.signal);
      const credential = await navigator.credentials.get({
        publicKey: requestOptions(options),
        mediation: "conditional",
        signal: controller.signal,
      });
      if (credential && !controller.signal.aborted) submit(form, action, credential);
    })().catch(() => undefined);
    conditional = { controller, settled };
  }

  const forms = Array.from(document.querySelectorAll("form[data-passkey]"));
  for (const form of forms) {
    if (!window.PublicKeyCredential) say(form, WORDS.passkeysUnsupported);
    // Enter in the e-mail field: let the server choose, as for a form without an action.
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ceremony(form, undefined);
    });
    for (const button of form.querySelectorAll("[data-passkey-action]")) {
      button.addEventListener("click", () => ceremony(form, button.getAttribute("data-passkey-action")));
    }
  }
  const autofill = forms.find((form) => form.hasAttribute("data-conditional-ui"));
  if (autofill && window.PublicKeyCredential) startConditional(autofill);
})();
`;
