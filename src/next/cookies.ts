/**
 * Sending the cookies latchkey issues from the places a Next.js app runs it: a server action's
 * cookie store (`next/headers`) and a proxy's or route handler's response.
 */
import { cookies } from "next/headers";
import type { CookieToSet } from "../index.js";

/** The attributes `cookies().set` takes, from latchkey's (the `cookie` package's) options. */
function nextCookieOptions({ options }: CookieToSet) {
  return {
    path: options.path,
    domain: options.domain,
    expires: options.expires,
    maxAge: options.maxAge,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: options.sameSite,
    partitioned: options.partitioned,
    priority: options.priority,
  };
}

/**
 * Sets each cookie on the response of the current server action or route handler. Next.js
 * refuses this while a server component renders; `auth()` there never issues cookies.
 */
export async function setActionCookies(issued: readonly CookieToSet[] | undefined): Promise<void> {
  if (!issued || issued.length === 0) return;
  const store = await cookies();
  for (const cookie of issued) store.set(cookie.name, cookie.value, nextCookieOptions(cookie));
}

/**
 * `response` with `issued` appended as Set-Cookie fields. A new Response, because the one the app
 * returned (a `Response.redirect`) may have immutable headers.
 */
export function withCookies(response: Response, serialized: readonly string[]): Response {
  if (serialized.length === 0) return response;
  const sent = new Response(response.body, response);
  for (const cookie of serialized) sent.headers.append("set-cookie", cookie);
  return sent;
}
