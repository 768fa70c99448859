/**
 * Markup for the form parts several pages repeat: hidden fields and the submit button.
 * Every value is escaped here so page modules cannot forget to.
 */
import { escapeHtml } from "./escape.js";

/** A hidden input carrying `value` under `name`. */
export function hiddenField(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The CSRF token and, when given, the callback URL that every state-changing form posts back. */
export function csrfFields(csrfToken: string, callbackUrl?: string): string {
  return (
    hiddenField("csrfToken", csrfToken) +
    (callbackUrl === undefined ? "" : hiddenField("callbackUrl", callbackUrl))
  );
}

/** A POST form to `action` wrapping already-safe inner markup. */
export function postForm(action: string, inner: string, attributes = ""): string {
  return `<form method="post" action="${escapeHtml(action)}"${attributes}>\n${inner}\n</form>`;
}

/** The page's primary (brand-coloured) submit button. */
export function primaryButton(text: string): string {
  return `<button type="submit" class="button">${escapeHtml(text)}</button>`;
}

/** The id of a page's error message, which the field it is about names in `aria-describedby`. */
export const ERROR_ID = "form-error";

/**
 * Marks a refused field and ties the page's error message to it, so a screen reader reads the
 * message with the field (WCAG 2.2, 3.3.1 Error Identification).
 */
export function invalidAttributes(invalid: boolean): string {
  return invalid ? ` aria-invalid="true" aria-describedby="${ERROR_ID}"` : "";
}
