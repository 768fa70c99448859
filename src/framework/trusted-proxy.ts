/**
 * The trusted-proxy rule every glue applies (README, "Behind a proxy"): the headers only a proxy
 * may set reach latchkey when the app says a proxy it runs sets them, and are removed otherwise,
 * since then the client sent them. Kept, they would let any client choose the host and scheme of
 * the URLs latchkey builds (redirects, the link in a sign-in e-mail; core/origin.ts takes
 * `X-Forwarded-Host` whenever the host is trusted) and the address the rate limiter counts. The
 * Node bridge (and Express and Fastify through it), Hono and SvelteKit all apply it here; each
 * glue says how the app states its trust (`trustProxy`, or Express's `trust proxy` setting).
 */

/** RFC 7239's `Forwarded`, and the de facto `X-Forwarded-*` family it standardised. */
export const FORWARDED_HEADERS: readonly string[] = [
  "forwarded",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-for",
];

/** `headers`, with the forwarded ones removed (in place) unless a trusted proxy set them. */
export function keepForwardedIfTrusted(headers: Headers, trustProxy: boolean): Headers {
  if (!trustProxy) for (const name of FORWARDED_HEADERS) headers.delete(name);
  return headers;
}

/**
 * `request` as latchkey's handler may see it: the same object when the proxy is trusted or the
 * request carries no forwarded header (the usual case, which costs nothing), else a copy without
 * them (the same URL, method, body and signal; the original's body is taken over).
 */
export function requestUnderProxyRule(request: Request, trustProxy: boolean): Request {
  if (!carriesForwarded(request, trustProxy)) return request;
  return new Request(request, { headers: keepForwardedIfTrusted(new Headers(request.headers), false) });
}

/**
 * `request` as a session read may see it (its URL and headers: cookies, `Authorization`): the same
 * object, or a GET copy without the forwarded headers that leaves the body to the app's own route.
 */
export function sessionRequestUnderProxyRule(request: Request, trustProxy: boolean): Request {
  if (!carriesForwarded(request, trustProxy)) return request;
  return new Request(request.url, { headers: keepForwardedIfTrusted(new Headers(request.headers), false) });
}

const carriesForwarded = (request: Request, trustProxy: boolean): boolean =>
  !trustProxy && FORWARDED_HEADERS.some((name) => request.headers.has(name));
