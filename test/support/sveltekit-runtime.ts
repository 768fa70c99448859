/**
 * A stand-in for the part of SvelteKit's server runtime that latchkey/sveltekit relies on, so its
 * `handle` hook and form actions can be tested in process, without building an app:
 * - `event.cookies.set` applies SvelteKit's defaults (`httpOnly`, `sameSite: "lax"`, `Secure`
 *   except on http://localhost), refuses a cookie without `path` as SvelteKit 2 does, and the
 *   cookies set while the request is handled become `Set-Cookie` headers of the response;
 * - `resolve` runs the page's default action on a POST and answers as SvelteKit does: an enhanced
 *   form (`Accept: application/json`) gets the action result `{ type: "success", status, data }`
 *   as JSON, a page post or a GET gets the page's HTML, each chunk passed through the hook's
 *   `transformPageChunk` (https://svelte.dev/docs/kit/hooks#Server-hooks-handle);
 * - `event.getClientAddress()` answers what the adapter determined.
 * SvelteKit serialises the action's data with devalue; JSON stands in for it here, since latchkey
 * hands the serialised string on without reading it.
 */
import type { Handle, RequestEvent, ResolveOptions } from "@sveltejs/kit";
import { type SerializeOptions, serialize } from "cookie";
import { CookieJar } from "./cookie-jar.js";

/** What `SvelteKitAuth` returns, or the parts of it a request meets. */
export interface SvelteKitGlue {
  handle: Handle;
  signIn: (event: RequestEvent) => unknown;
  signOut: (event: RequestEvent) => unknown;
}

export interface AppRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: URLSearchParams | FormData | string;
  /** The page's default form action that a POST runs. */
  action?: "signIn" | "signOut";
  /** What `event.getClientAddress()` answers: the client's address as the adapter determined it. */
  clientAddress?: string;
  /** The page's HTML as SvelteKit renders it, chunk by chunk (default: {@link accountPage}). */
  pageChunks?: string[];
}

/**
 * The page an action's form is on, rendered with the action's data as its `form` prop, as the
 * fixture app's sign-in page shows it: `{#if form?.error}<p id="error">{form.error}</p>{/if}`.
 */
function accountPage(form: unknown): string {
  const error = (form as { error?: unknown } | undefined)?.error;
  const shown = typeof error === "string" ? `<p id="error">${error}</p>` : "";
  return `<!doctype html><html><head><title>Account</title></head><body>account${shown}</body></html>`;
}

/**
 * Sends `request` to `url` of a SvelteKit app whose hook is `glue.handle`, with `jar`'s cookies,
 * and applies the answer's `Set-Cookie` headers to `jar`, as a browser would.
 */
export async function sendToApp(
  glue: SvelteKitGlue,
  url: string,
  request: AppRequest = {},
  jar: CookieJar = new CookieJar(),
): Promise<Response> {
  const method = request.method ?? (request.body === undefined ? "GET" : "POST");
  const headers = new Headers(request.headers);
  if (jar.cookies.size > 0) headers.set("cookie", jar.header());
  const incoming = new Request(url, { method, headers, body: request.body ?? null });
  const target = new URL(url);
  // The cookies set through `event.cookies.set`, SvelteKit's defaults applied.
  const cookiesSet: { name: string; value: string; options: SerializeOptions }[] = [];
  // SvelteKit's defaults (kit/src/runtime/server/cookie.js).
  const defaults: SerializeOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: !(target.hostname === "localhost" && target.protocol === "http:"),
  };
  const address = request.clientAddress ?? "203.0.113.7";
  const event = {
    request: incoming,
    url: target,
    locals: {},
    cookies: {
      set(name: string, value: string, options: SerializeOptions) {
        if (options?.path === undefined) {
          throw new Error("You must specify a `path` when setting, deleting or serializing cookies");
        }
        cookiesSet.push({ name, value, options: { ...defaults, ...options } });
      },
    },
    getClientAddress: () => address,
  } as unknown as RequestEvent;

  const resolve = async (resolved: RequestEvent, options?: ResolveOptions): Promise<Response> => {
    const data = method === "POST" && request.action ? await glue[request.action](resolved) : undefined;
    const response = isEnhanced(incoming)
      ? Response.json({ type: "success", status: data ? 200 : 204, data: JSON.stringify(data) })
      : new Response(await transformed(request.pageChunks ?? [accountPage(data)], options), {
          headers: { "content-type": "text/html" },
        });
    for (const { name, value, options } of cookiesSet) {
      response.headers.append("set-cookie", serialize(name, value, options));
    }
    return response;
  };

  const response = await glue.handle({ event, resolve });
  jar.apply(response);
  return response;
}

/** Whether SvelteKit answers the POST with an action result: `use:enhance` asks for JSON. */
function isEnhanced(request: Request): boolean {
  return request.method === "POST" && (request.headers.get("accept") ?? "").includes("application/json");
}

async function transformed(chunks: string[], options: ResolveOptions | undefined): Promise<string> {
  let html = "";
  for (const [index, chunk] of chunks.entries()) {
    const done = index === chunks.length - 1;
    const transform = options?.transformPageChunk;
    html += transform ? ((await transform({ html: chunk, done })) ?? "") : chunk;
  }
  return html;
}
