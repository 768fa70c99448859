/**
 * The client's address the rate limiter counts, through the Node bridge: a client that talks to the
 * server directly sends a new `X-Forwarded-For` (or `Forwarded: for=`) with each attempt to be
 * counted as someone new. Even when the app's config trusts forwarded-for addresses
 * (`rateLimit.trustForwardedFor`), the bridge drops them unless `trustProxy` says a proxy set them,
 * so the limiter counts the socket's address and the client's budget holds.
 */
import { describe, expect, test } from "vitest";
import { type NodeHandlerOptions, toNodeHandler } from "../../src/node/index.js";
import { browser, credentialsConfig, serve, signInThroughThePage } from "../support/framework-http.js";

/** Two sign-in attempts per address a minute; addresses from X-Forwarded-For when trusted. */
async function limitedServer(options?: NodeHandlerOptions): Promise<string> {
  const config = credentialsConfig({
    rateLimit: {
      trustForwardedFor: true,
      rules: { signInAttempt: { perIp: 2, perAccount: 100, windowSeconds: 60 } },
    },
  });
  return serve(toNodeHandler(config, options));
}

/** A wrong-password attempt claiming to come from `forwardedFor`; resolves to its status. */
async function attemptFrom(origin: string, headers: Record<string, string>): Promise<number> {
  const send = browser(origin);
  const withClaim: typeof send = Object.assign(
    (path: string, init: RequestInit = {}) =>
      send(path, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...headers } }),
    { jar: send.jar, origin },
  );
  return (await signInThroughThePage(withClaim, "/auth", "guess")).signIn.status;
}

describe("the Node bridge and a client's X-Forwarded-For", () => {
  test("without trustProxy, a new X-Forwarded-For per attempt does not reset the per-address limit", async () => {
    const origin = await limitedServer();
    const statuses = [];
    for (const claimed of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      statuses.push(await attemptFrom(origin, { "x-forwarded-for": claimed }));
    }
    expect(statuses).toEqual([302, 302, 429]);
    expect(await attemptFrom(origin, { forwarded: "for=198.51.100.4" })).toBe(429);
  });

  test("with trustProxy, the proxy's X-Forwarded-For is the client's address", async () => {
    const origin = await limitedServer({ trustProxy: true });
    const statuses = [];
    for (const claimed of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      statuses.push(await attemptFrom(origin, { "x-forwarded-for": claimed }));
    }
    expect(statuses).toEqual([302, 302, 302]);
  });
});
