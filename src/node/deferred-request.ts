/**
 * A `Request` whose construction waits until something needs more of it than its URL, method and
 * headers. Building a fetch `Request` costs about as much as latchkey's whole answer to `GET
 * /session` from its token cache (it copies the headers once more and makes an abort signal), and
 * the routes without a body never read anything else: every part of latchkey parses the URL string
 * with `new URL()` and reads the header fields. Anything else (the body, `signal`, `clone()`, or
 * the request handed to an app's own code) builds the real `Request` once and reads it from there.
 */

/** What the real request is built from, when something needs it. */
export interface DeferredRequestParts {
  url: string;
  method: string;
  headers: Headers;
  build: () => Request;
}

/**
 * A stand-in that answers `url`, `method` and `headers` itself and is a `Request` for everything
 * else (`instanceof Request` holds, and properties and methods come from the real one, built on
 * first use).
 */
export function deferredRequest({ url, method, headers, build }: DeferredRequestParts): Request {
  let built: Request | undefined;
  const real = () => {
    built ??= build();
    return built;
  };
  return new Proxy(Object.create(Request.prototype) as Request, {
    get(target, key) {
      if (key === "url") return url;
      if (key === "method") return method;
      if (key === "headers") return headers;
      if (key === "constructor") return Request;
      // What was defined on the stand-in itself (the socket address, core/origin.ts) stays on it.
      if (Object.hasOwn(target, key)) return Reflect.get(target, key);
      const request = real();
      const value: unknown = Reflect.get(request, key, request);
      // Methods and getters check that `this` is a real Request: call them on it, not on this proxy.
      return typeof value === "function" ? value.bind(request) : value;
    },
    has: (target, key) => Object.hasOwn(target, key) || key in real(),
  });
}
