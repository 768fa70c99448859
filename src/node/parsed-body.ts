/**
 * Rebuilds a request body that middleware (Express `json()`/`urlencoded()`, body-parser) already
 * consumed from the socket and left parsed on `req.body`.
 */
import type { IncomingMessage } from "node:http";

export type ParsedBodyRequest = IncomingMessage & { body?: unknown };

/**
 * True when the stream was read to the end by someone else and `req.body` holds the result.
 * body-parser sets `req.body = {}` even for content types it skipped, so the stream state decides.
 */
export function wasBodyParsed(req: ParsedBodyRequest): boolean {
  return req.body !== undefined && req.readableEnded;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** `a[b]=c` for nested objects, the form `qs` parsed them from; arrays repeat their key. */
function appendFormValue(form: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) appendFormValue(form, key, item);
  } else if (value !== null && typeof value === "object") {
    for (const [child, childValue] of Object.entries(value))
      appendFormValue(form, `${key}[${child}]`, childValue);
  } else {
    form.append(key, value === null ? "" : String(value));
  }
}

/**
 * Serializes `body` back into bytes matching `contentType`: JSON for `application/json` and `+json`,
 * urlencoded for forms. Strings and buffers (from `text()`/`raw()`) pass through. Returns null for
 * anything else (e.g. multipart parsed by multer), which cannot be rebuilt faithfully.
 *
 * @example
 * ```ts
 * serializeParsedBody({ csrfToken: "x", email: "a@b.test" }, "application/x-www-form-urlencoded");
 * // "csrfToken=x&email=a%40b.test"
 * ```
 */
export function serializeParsedBody(
  body: unknown,
  contentType: string | undefined,
): string | Uint8Array<ArrayBuffer> | null {
  if (typeof body === "string") return body;
  // Copied: a Buffer may be a view into Node's shared pool, typed as ArrayBufferLike, not a fetch body.
  if (body instanceof Uint8Array) return new Uint8Array(body);
  const type = mediaType(contentType);
  if (type === "application/json" || type.endsWith("+json")) return JSON.stringify(body) ?? null;
  if (type === "application/x-www-form-urlencoded" && body !== null && typeof body === "object") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body)) appendFormValue(form, key, value);
    return form.toString();
  }
  return null;
}
