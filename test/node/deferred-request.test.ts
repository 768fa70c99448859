/**
 * The stand-in `toNodeHandler` gives latchkey for a request without a body: its URL, method and
 * headers cost no `Request`, and anything else builds the real one once and answers from it, so
 * code that needs a full `Request` (an app's own, a body reader) sees no difference.
 */
import { describe, expect, it } from "vitest";
import { attachSocketAddress, clientAddresses } from "../../src/core/origin.js";
import { deferredRequest } from "../../src/node/deferred-request.js";

function counted(url = "http://app.test/auth/session?x=1", init: RequestInit = {}) {
  const headers = new Headers({ cookie: "a=1", "user-agent": "test" });
  const builds = { count: 0 };
  const request = deferredRequest({
    url,
    method: "GET",
    headers,
    build: () => {
      builds.count++;
      return new Request(url, { method: "GET", headers, ...init });
    },
  });
  return { request, headers, builds };
}

describe("a deferred request", () => {
  it("answers url, method and headers without building the Request", () => {
    const { request, headers, builds } = counted();
    expect(request.url).toBe("http://app.test/auth/session?x=1");
    expect(request.method).toBe("GET");
    expect(request.headers).toBe(headers);
    expect(request.headers.get("cookie")).toBe("a=1");
    expect(request instanceof Request).toBe(true);
    expect(builds.count).toBe(0);
  });

  it("builds the real Request once for anything else, and answers from it", async () => {
    const { request, builds } = counted();
    expect(request.signal.aborted).toBe(false);
    expect(request.body).toBeNull();
    expect(await request.text()).toBe("");
    expect(request.clone().url).toBe("http://app.test/auth/session?x=1");
    expect("signal" in request).toBe(true);
    // Feature checks (`"duplex" in request`) get the real Request's answer, a "no" included.
    expect("notARequestField" in request).toBe(false);
    expect(request.constructor).toBe(Request);
    expect(builds.count).toBe(1);
  });

  it("can be passed where a Request is taken: new Request(request) copies it", () => {
    const { request } = counted();
    const copy = new Request(request);
    expect(copy.url).toBe("http://app.test/auth/session?x=1");
    expect(copy.headers.get("user-agent")).toBe("test");
  });

  it("carries the socket address attached to it, as a real Request does", () => {
    const { request, builds } = counted();
    attachSocketAddress(request, "203.0.113.7");
    expect(clientAddresses({ trustForwardedFor: false }, request)).toEqual(["203.0.113.7"]);
    expect(builds.count).toBe(0);
  });
});
