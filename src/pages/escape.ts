/**
 * HTML escaping for every piece of text or attribute value the default pages interpolate.
 * Provider names, callback URLs and error codes can come from configuration or from the query
 * string, so nothing reaches the markup without passing through here.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes `& < > " '` so the value is inert both as element text and inside a quoted attribute.
 *
 * @example
 * ```ts
 * escapeHtml(`<img src=x onerror="alert(1)">`);
 * // "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"
 * ```
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
