/**
 * Writing a Web `Response` onto a Node `ServerResponse`: status, headers, then the body streamed
 * with backpressure.
 */
import type { ServerResponse } from "node:http";
import type { WireResponse } from "../core/response.js";

/** Sets every response header; `Set-Cookie` stays one field per cookie (joining them breaks `Expires`). */
export function writeResponseHeaders(res: ServerResponse, headers: Headers): void {
  for (const [name, value] of headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  appendSetCookies(res, headers.getSetCookie());
}

/** Adds `cookies` after those earlier middleware (e.g. a session store) already set on this response. */
function appendSetCookies(res: ServerResponse, cookies: string[]): void {
  if (cookies.length === 0) return;
  const existing = res.getHeader("set-cookie");
  const earlier = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("set-cookie", [...earlier, ...cookies]);
}

/**
 * Writes an answer latchkey built (status, header fields, body text) in one go: no Web `Response`
 * and no stream in between, and the body in a single write framed by `Content-Length`. Nothing is
 * written to a client that has gone.
 */
export function sendWireResponse(res: ServerResponse, wire: WireResponse): void {
  if (res.destroyed) return;
  if (wire.body !== null && res.req?.method !== "HEAD" && res.getHeaderNames().length === 0) {
    // Nothing set earlier to merge with (no middleware header, no earlier cookie): the status line
    // and fields go out in one call. The wire form names each field once but Set-Cookie (one field
    // per cookie), so an object of fields, the cookies as a list, says it all. The object form,
    // not Node's flat [name, value, …] list: a server that wraps writeHead (Next.js's API routes)
    // may take a list for [name, value] pairs.
    const fields: Record<string, string | string[]> = {};
    const cookies: string[] = [];
    for (const [name, value] of wire.headers) {
      if (name.toLowerCase() === "set-cookie") cookies.push(value);
      else fields[name] = value;
    }
    if (cookies.length > 0) fields["Set-Cookie"] = cookies;
    fields["Content-Length"] = String(Buffer.byteLength(wire.body));
    res.writeHead(wire.status, fields);
    res.end(wire.body);
    return;
  }
  res.statusCode = wire.status;
  const cookies: string[] = [];
  for (const [name, value] of wire.headers) {
    if (name.toLowerCase() === "set-cookie") cookies.push(value);
    else res.setHeader(name, value);
  }
  appendSetCookies(res, cookies);
  if (wire.body === null || res.req?.method === "HEAD") res.end();
  else res.end(wire.body);
}

/** Resolves once the socket can take more data, or once it is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Replaces whatever was set with a bare 500; the client learns nothing about the failure. */
export function sendInternalServerError(res: ServerResponse): void {
  if (res.headersSent) {
    // Mid-body the status is already on the wire; cutting the connection is the only honest signal
    // (ending normally would make a truncated body look complete).
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.statusCode = 500;
  res.setHeader("content-type", "text/plain; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end("Internal Server Error");
}

/**
 * Streams `body` into `res`, pausing whenever the socket's buffer is full. Cancels the body when the
 * client disconnects, so a generator behind it stops producing. Never throws: a failing body is
 * logged and the response is cut off.
 */
export async function streamResponseBody(
  res: ServerResponse,
  body: ReadableStream<Uint8Array>,
): Promise<void> {
  const reader = body.getReader();
  const onClose = () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  };
  res.on("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value) && !res.destroyed) await drained(res);
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    if (!res.destroyed) {
      console.error("latchkey: the response body failed while streaming", error);
      sendInternalServerError(res);
    }
  } finally {
    res.off("close", onClose);
    reader.releaseLock();
  }
}
