/**
 * Which address a request is counted under: the origin rule's trust decides whether forwarded
 * headers count, the Node bridge hands over the socket's peer, and IPv6 is grouped by /64.
 */
import { describe, expect, it } from "vitest";
import { attachSocketAddress, clientAddresses } from "../../src/core/origin.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import { addressGroup } from "../../src/rate-limit/address-group.js";
import { aliceCredentials, makeConfig, signInWithCredentials } from "../core/helpers.js";
import { rawRequest, startServer } from "../node/server.js";

describe("addressGroup", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["  203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::1]:4711", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["255.255.255.255", "255.255.255.255"],
    ["249.200.199.100", "249.200.199.100"],
    ["0.9.10.99", "0.9.10.99"],
    ["::", "0:0:0:0::/64"],
    ["1::", "1:0:0:0::/64"],
    ["1:2:3:4:5:6:7::", "1:2:3:4::/64"],
    ["::2:3:4:5:6:7:8", "0:2:3:4::/64"],
    ["[2001:db8::1]", "2001:db8:0:0::/64"],
    ["[::ffff:203.0.113.7]:443", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:0.0.0.1", "0.0.0.1"],
    ["::fffe:203.0.113.7", "0:0:0:0::/64"],
    ["0:0:0:0:1:ffff:203.0.113.7", "0:0:0:0::/64"],
    ["1:2:3:4:5:6:203.0.113.7", "1:2:3:4::/64"],
    ["abcd:ef01:2345:6789:0:0:0:1", "abcd:ef01:2345:6789::/64"],
    [`${" ".repeat(89)}203.0.113.7`, "203.0.113.7"],
  ])("groups %s as %s", (raw, group) => {
    expect(addressGroup(raw)).toBe(group);
  });

  it.each([
    "",
    "unknown",
    "256.1.1.1",
    "1.2.3",
    "01.2.3.4",
    "2001:db8::1::2",
    "2001:db8:1:2:3:4:5:6:7",
    "12345::",
    "_hidden",
    "x".repeat(200),
    `${" ".repeat(90)}203.0.113.7`,
    "1.2.3.4.5",
    "1.2.3.256",
    "2001:db8:::1",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8::",
    "::1:2:3:4:5:6:7:8",
    "2001:db8::g",
    "2001:db8::12345",
    "[2001:db8::1",
    "::ffff:1.2.3",
    "203.0.113.7:",
    "203.0.113.7:80:90",
    "::1.2.3.4:1",
    "x[2001:db8::1]",
    "[2001:db8::1]x",
  ])("refuses %j", (raw) => {
    expect(addressGroup(raw)).toBeUndefined();
  });
});

describe("clientAddresses", () => {
  const request = (headers: Record<string, string>) => new Request("https://app.test/auth/csrf", { headers });

  it("takes the nearest X-Forwarded-For entry when trustForwardedFor is on", () => {
    const forwarded = request({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" });
    expect(clientAddresses({ trustForwardedFor: true }, forwarded)).toEqual(["203.0.113.7"]);
  });

  it("reads RFC 7239 Forwarded when there is no X-Forwarded-For", () => {
    const forwarded = request({ forwarded: 'for=198.51.100.1, for="[2001:db8::17]:4711";proto=https' });
    expect(clientAddresses({ trustForwardedFor: true }, forwarded)).toEqual(["[2001:db8::17]:4711"]);
  });

  it("ignores forwarded headers unless trustForwardedFor is on, and uses the recorded socket address", () => {
    const forwarded = attachSocketAddress(request({ "x-forwarded-for": "198.51.100.1" }), "192.0.2.10");
    expect(clientAddresses({ trustForwardedFor: false }, forwarded)).toEqual(["192.0.2.10"]);
    expect(
      clientAddresses({ trustForwardedFor: false }, request({ "x-forwarded-for": "198.51.100.1" })),
    ).toEqual([]);
  });

  it("is not something a header can set: the socket address lives on the Request object only", () => {
    const spoofed = request({
      "latchkey.socket-address": "192.0.2.1",
      "x-latchkey-socket-address": "192.0.2.1",
    });
    expect(clientAddresses({ trustForwardedFor: false }, spoofed)).toEqual([]);
  });
});

describe("through the Node bridge", () => {
  async function postCredentials(port: number, headers: Record<string, string>, username: string) {
    const csrf = await rawRequest(port, { path: "/auth/csrf", headers });
    const cookie = String(csrf.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const body = new URLSearchParams({ csrfToken, username, password: "wrong" }).toString();
    return rawRequest(port, {
      method: "POST",
      path: "/auth/callback/credentials",
      headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  }

  it("counts a client by its socket, whatever X-Forwarded-For it sends, unless trustProxy is on", async () => {
    const config = makeConfig({
      providers: [aliceCredentials()],
      rateLimit: { rules: { signInAttempt: { perIp: 3 } } },
    });
    const server = await startServer((request) => Auth(request, config));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // A different made-up address and account each time: only the socket (127.0.0.1) ties them together.
        const response = await postCredentials(
          server.port,
          { "x-forwarded-for": `198.51.100.${i}` },
          `user${i}`,
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
    } finally {
      await server.close();
    }
  });

  it("with trustProxy and rateLimit.trustForwardedFor, counts the address the proxy reports", async () => {
    const config = makeConfig({
      providers: [aliceCredentials()],
      rateLimit: { trustForwardedFor: true, rules: { signInAttempt: { perIp: 1 } } },
    });
    const server = await startServer((request) => Auth(request, config), { trustProxy: true });
    try {
      const first = await postCredentials(server.port, { "x-forwarded-for": "198.51.100.1" }, "user1");
      const other = await postCredentials(server.port, { "x-forwarded-for": "198.51.100.2" }, "user2");
      const again = await postCredentials(server.port, { "x-forwarded-for": "198.51.100.1" }, "user3");
      expect([first.status, other.status, again.status]).toEqual([302, 302, 429]);
    } finally {
      await server.close();
    }
  });

  it("counts a proxy's X-Forwarded-For that is not an address under the socket, never under no address", async () => {
    const config = makeConfig({
      providers: [aliceCredentials()],
      rateLimit: { trustForwardedFor: true, rules: { signInAttempt: { perIp: 2 } } },
    });
    const server = await startServer((request) => Auth(request, config), { trustProxy: true });
    try {
      const statuses: number[] = [];
      for (const [i, value] of ["unknown", "_hidden", "unknown"].entries()) {
        const response = await postCredentials(server.port, { "x-forwarded-for": value }, `user${i}`);
        statuses.push(response.status);
      }
      expect(statuses).toEqual([302, 302, 429]);
    } finally {
      await server.close();
    }
  });

  it("does not count by X-Forwarded-For because the host is trusted: AUTH_URL alone trusts the host", async () => {
    const config = makeConfig({
      trustHost: true,
      providers: [aliceCredentials()],
      rateLimit: { rules: { signInAttempt: { perIp: 2 } } },
    });
    const server = await startServer((request) => Auth(request, config), { trustProxy: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await postCredentials(
          server.port,
          { "x-forwarded-for": `198.51.100.${i}` },
          `user${i}`,
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([302, 302, 429]);
    } finally {
      await server.close();
    }
  });
});

describe("without a socket address", () => {
  async function postDirect(config: AuthConfig, forwardedFor: string, username: string) {
    const { response } = await signInWithCredentials(
      config,
      { username, password: "wrong" },
      { headers: { "x-forwarded-for": forwardedFor } },
    );
    return response.status;
  }

  it("counts every request without a usable address in one shared bucket, not in none", async () => {
    // A runtime with no socket (an edge function) and no trusted proxy: rotating the header gains nothing.
    const config = makeConfig({ rateLimit: { rules: { signInAttempt: { perIp: 2 } } } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await postDirect(config, `198.51.100.${i}`, `user${i}`));
    expect(statuses).toEqual([302, 302, 429]);
  });

  it("with trustForwardedFor, counts each forwarded address on its own, and `unknown` in the shared bucket", async () => {
    const config = makeConfig({
      rateLimit: { trustForwardedFor: true, rules: { signInAttempt: { perIp: 1 } } },
    });
    expect(await postDirect(config, "198.51.100.1", "user1")).toBe(302);
    expect(await postDirect(config, "198.51.100.2", "user2")).toBe(302);
    expect(await postDirect(config, "unknown", "user3")).toBe(302);
    expect(await postDirect(config, "not-an-address", "user4")).toBe(429);
  });
});
