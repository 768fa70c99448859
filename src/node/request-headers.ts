/**
 * Node's raw header list as Web `Headers`, keeping every repeated field.
 */

/**
 * Copies `rawHeaders` (name, value, name, value, …) into `Headers`. Repeated fields are combined the
 * way the Fetch spec does, except `Cookie`, whose pieces are joined with `; ` as RFC 6265 §5.4
 * requires (HTTP/2 clients send one field per cookie; a `, ` join would corrupt the last value).
 *
 * @example
 * ```ts
 * toWebHeaders(req.rawHeaders).get("accept");
 * ```
 */
export function toWebHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers();
  const cookies: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    const value = rawHeaders[index + 1]!;
    // HTTP/2 pseudo-headers (`:path`, `:authority`) are not fields; the URL already carries them.
    if (name.startsWith(":")) continue;
    if (name.toLowerCase() === "cookie") {
      cookies.push(value);
      continue;
    }
    try {
      headers.append(name, value);
    } catch {
      // A value Node accepted but Fetch rejects; dropping one odd field beats failing the request.
    }
  }
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  return headers;
}
