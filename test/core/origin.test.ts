/**
 * The origin rule (core/origin.ts): which origin the app's URLs are built on, when a request's host
 * is trusted, and which address a request is counted under, with forwarded headers honoured only
 * behind a trusted host.
 */
import { describe, expect, it } from "vitest";
import {
  appOrigin,
  attachSocketAddress,
  clientAddresses,
  firstForwardedValue,
  forwardedOrigin,
} from "../../src/core/origin.js";
import { Auth } from "../../src/index.js";
import { makeConfig } from "./helpers.js";

const request = (headers: Record<string, string> = {}, url = "http://internal:3000/auth/csrf") =>
  new Request(url, { headers });

describe("appOrigin", () => {
  it("is AUTH_URL's origin whatever Host and forwarded headers the request carries", () => {
    const proxied = request({ "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" });
    expect(appOrigin({ authUrl: new URL("https://app.example/base/auth"), trustHost: false }, proxied)).toBe(
      "https://app.example",
    );
    expect(appOrigin({ authUrl: new URL("https://app.example/"), trustHost: true }, proxied)).toBe(
      "https://app.example",
    );
  });

  it("refuses an untrusted host without AUTH_URL, naming the host and both fixes", () => {
    expect(() => appOrigin({ authUrl: undefined, trustHost: false }, request())).toThrow(
      "Host internal:3000 is not trusted. Set AUTH_URL to the app's URL, or AUTH_TRUST_HOST=true (trustHost: true) behind a proxy you control.",
    );
  });

  it("behind a trusted host, is the origin the browser saw through the proxy's headers", () => {
    const settings = { authUrl: undefined, trustHost: true };
    expect(appOrigin(settings, request())).toBe("http://internal:3000");
    expect(
      appOrigin(
        settings,
        request({ "x-forwarded-host": "app.example, internal", "x-forwarded-proto": "https" }),
      ),
    ).toBe("https://app.example");
  });

  it("keeps the request's own origin when the forwarded host is not a host at all", () => {
    const settings = { authUrl: undefined, trustHost: true };
    expect(appOrigin(settings, request({ "x-forwarded-host": "a b:xx" }))).toBe("http://internal:3000");
  });

  it("decides the origin of the URLs Auth() answers with", async () => {
    const config = makeConfig({ trustHost: true });
    const response = await Auth(
      request(
        { "x-forwarded-host": "app.example", "x-forwarded-proto": "https" },
        "http://internal:3000/auth/providers",
      ),
      config,
    );
    const providers = (await response.json()) as Record<string, { signinUrl: string }>;
    expect(providers.credentials?.signinUrl).toBe("https://app.example/auth/signin/credentials");
  });
});

describe("forwarded headers", () => {
  it("firstForwardedValue has nothing to give for a missing or empty header", () => {
    expect(firstForwardedValue(null)).toBeUndefined();
    expect(firstForwardedValue(undefined)).toBeUndefined();
    expect(firstForwardedValue("")).toBeUndefined();
    expect(firstForwardedValue(",later")).toBeUndefined();
  });

  it("forwardedOrigin takes the first forwarded host and an https or http scheme in any case", () => {
    const headers = new Headers({
      "x-forwarded-host": "app.example, proxy.internal",
      "x-forwarded-proto": "HTTPS, http",
    });
    expect(forwardedOrigin(headers, "http:", "internal:3000")).toBe("https://app.example");
    expect(forwardedOrigin(new Headers(), "http:", "internal:3000")).toBe("http://internal:3000");
    expect(forwardedOrigin(new Headers({ "x-forwarded-proto": "https" }), "http:", "internal:3000")).toBe(
      "https://internal:3000",
    );
  });
});

describe("clientAddresses", () => {
  const trusted = { trustForwardedFor: true };

  it("falls back to the socket address when the proxy's X-Forwarded-For has no last entry", () => {
    for (const value of ["", "  ", "198.51.100.1, "]) {
      const proxied = attachSocketAddress(request({ "x-forwarded-for": value }), "192.0.2.10");
      expect(clientAddresses(trusted, proxied)).toEqual(["192.0.2.10"]);
    }
  });

  it("reads only X-Forwarded-For when a request carries both it and Forwarded", () => {
    const both = request({ "x-forwarded-for": "203.0.113.7", forwarded: "for=198.51.100.1" });
    expect(clientAddresses(trusted, both)).toEqual(["203.0.113.7"]);
  });

  it("reads the for= pair of the last Forwarded element, however it is cased, spaced or quoted", () => {
    const cases: Array<[string, string]> = [
      ["for=198.51.100.1", "198.51.100.1"],
      ["proto=https; For=203.0.113.7 ;by=10.0.0.1", "203.0.113.7"],
      ['for=198.51.100.1, proto=http;FOR="203.0.113.9"', "203.0.113.9"],
      ['for="[2001:db8::17]"', "[2001:db8::17]"],
      ["for=192.0.2.1, for=198.51.100.1, for=203.0.113.5", "203.0.113.5"],
      ['for="_hidden"x"', '_hidden"x'],
    ];
    for (const [forwarded, address] of cases) {
      expect(clientAddresses(trusted, request({ forwarded }))).toEqual([address]);
    }
  });

  it("falls back to the socket address when the last Forwarded element names no client", () => {
    for (const forwarded of [
      "for=198.51.100.1, proto=https",
      "for=",
      'for=""',
      "by=10.0.0.1;host=app.test",
    ]) {
      const proxied = attachSocketAddress(request({ forwarded }), "192.0.2.10");
      expect(clientAddresses(trusted, proxied)).toEqual(["192.0.2.10"]);
    }
    expect(clientAddresses(trusted, request({ forwarded: "proto=https" }))).toEqual([]);
  });

  it("is unknown without a trusted proxy's header or a recorded socket", () => {
    expect(clientAddresses(trusted, request())).toEqual([]);
    expect(clientAddresses({ trustForwardedFor: false }, request())).toEqual([]);
  });
});

describe("attachSocketAddress", () => {
  it("records a socket address on the Request itself, where no header and no copy of its fields reaches", () => {
    const recorded = attachSocketAddress(request(), "192.0.2.10");
    expect(clientAddresses({ trustForwardedFor: false }, recorded)).toEqual(["192.0.2.10"]);
    // Not enumerable: a copy of the Request's fields (a log line, a spread) does not carry it along.
    expect(clientAddresses({ trustForwardedFor: false }, { ...recorded } as Request)).toEqual([]);
    expect([...recorded.headers.keys()]).toEqual([]);
  });

  it("records nothing for a socket that has no address", () => {
    expect(clientAddresses({ trustForwardedFor: false }, attachSocketAddress(request(), undefined))).toEqual(
      [],
    );
    expect(clientAddresses({ trustForwardedFor: false }, attachSocketAddress(request(), ""))).toEqual([]);
  });

  it("leaves a Request without an address free to have one recorded later", () => {
    const later = attachSocketAddress(attachSocketAddress(request(), undefined), "");
    expect(clientAddresses({ trustForwardedFor: false }, attachSocketAddress(later, "192.0.2.10"))).toEqual([
      "192.0.2.10",
    ]);
  });
});
