/** Leaving the page: to a URL the handler answered with, or by posting a form to it. */
import { formBody } from "./requests.js";

/**
 * Opens `url`. A URL that differs from the current one only in its fragment would just scroll, so
 * the page is reloaded then, to show the signed-in (or signed-out) state.
 */
export function navigate(url: string): void {
  const target = new URL(url, window.location.href);
  const here = new URL(window.location.href);
  const sameDocument = target.hash !== "" && target.href.split("#")[0] === here.href.split("#")[0];
  window.location.assign(target.href);
  if (sameDocument) window.location.reload();
}

/**
 * Posts `fields` to `url` as a real form submission: the browser follows the handler's redirects
 * itself (to an OAuth authorization endpoint, typically), as it would for a sign-in button.
 */
export function submitForm(url: string, fields: Record<string, unknown>): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = url;
  form.hidden = true;
  for (const [name, value] of formBody(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
