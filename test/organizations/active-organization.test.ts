/**
 * The active organization on the session, for JWT sessions, database sessions and database
 * sessions with the cookie cache: switched with one call, restored at the next sign-in, and kept
 * true: a role change, a removal or a deletion reaches the session on its next request. A forged
 * or copied organization claim gives no role, and asking what the role allows costs no call to
 * the store or the adapter beyond reading the session.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import { getSession } from "../../src/index.js";
import { hasPermission } from "../../src/organizations-entry.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { send } from "../core/helpers.js";
import { requestWith } from "../two-factor/harness.js";
import { addPerson, createOrg, orgApp, post, type Strategy, sessionOf, signIn } from "./harness.js";

const STRATEGIES: Strategy[] = ["jwt", "database", "cached"];

describe.each(STRATEGIES)("active organization (%s)", (strategy) => {
  it("is none until set, switched with one call, and back at the next sign-in", async () => {
    const { config } = await orgApp(strategy);
    const alice = await signIn(config, "alice");
    expect((await sessionOf(config, alice))?.activeOrganization).toBeNull();
    const acme = await createOrg(config, alice, "acme");
    const switched = await post(config, alice, "/organization", {
      action: "setActive",
      organizationId: acme,
    });
    expect(switched.body.activeOrganization).toEqual({ id: acme, slug: "acme", role: "owner" });
    expect((await sessionOf(config, alice))?.activeOrganization).toEqual({
      id: acme,
      slug: "acme",
      role: "owner",
    });
    const again = await signIn(config, "alice");
    expect((await sessionOf(config, again))?.activeOrganization).toEqual({
      id: acme,
      slug: "acme",
      role: "owner",
    });
    await post(config, alice, "/organization", { action: "setActive", organizationId: null });
    expect((await sessionOf(config, alice))?.activeOrganization).toBeNull();
  });

  it("refuses to make another organization active", async () => {
    const { config } = await orgApp(strategy);
    const alice = await signIn(config, "alice");
    const bob = await signIn(config, "bob");
    const acme = await createOrg(config, alice, "acme");
    const attempt = await post(config, bob, "/organization", { action: "setActive", organizationId: acme });
    expect(attempt.body.code).toBe("notMember");
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
  });

  it("a removed member's next request carries no role; a demoted one's the new role", async () => {
    const { config } = await orgApp(strategy);
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "admin");
    await addPerson(config, alice, acme, "carol", "admin");
    const bob = await signIn(config, "bob");
    const carol = await signIn(config, "carol");
    for (const jar of [bob, carol])
      await post(config, jar, "/organization", { action: "setActive", organizationId: acme });
    expect((await sessionOf(config, bob))?.activeOrganization?.role).toBe("admin");
    expect(await hasPermission(requestWith(bob), config, { member: ["delete"] })).toBe(true);

    await post(config, alice, "/organization", {
      action: "removeMember",
      organizationId: acme,
      userId: "user-bob",
    });
    await post(config, alice, "/organization", {
      action: "updateMemberRole",
      organizationId: acme,
      userId: "user-carol",
      role: "member",
    });

    expect(await hasPermission(requestWith(bob), config, { member: ["delete"] })).toBe(false);
    expect((await getSession(requestWith(bob), config))?.activeOrganization).toBeNull();
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
    expect((await sessionOf(config, carol))?.activeOrganization?.role).toBe("member");
    expect(await hasPermission(requestWith(carol), config, { member: ["delete"] })).toBe(false);
  });

  it("a deleted organization leaves its members' sessions", async () => {
    const { config } = await orgApp(strategy);
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await addPerson(config, alice, acme, "bob", "member");
    const bob = await signIn(config, "bob");
    await post(config, bob, "/organization", { action: "setActive", organizationId: acme });
    await post(config, alice, "/organization", { action: "delete", organizationId: acme });
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
  });
});

describe.each(["jwt", "database"] as const)(
  "active organization (%s), as the session records it",
  (strategy) => {
    afterEach(() => vi.useRealTimers());

    it("is written to its cookie again only when it moves: no cookie on a read that changes nothing", async () => {
      // Changes are dated to the second: a read in the second of a change may record it again.
      const start = Date.parse("2026-11-01T00:00:00Z");
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      // JWT sessions carry it in the session cookie; database sessions in the marks cookie beside it.
      const { config } = await orgApp(strategy);
      const alice = await signIn(config, "alice");
      const acme = await createOrg(config, alice, "acme");
      await addPerson(config, alice, acme, "bob", "admin");
      const bob = await signIn(config, "bob");
      await post(config, bob, "/organization", { action: "setActive", organizationId: acme });
      const setCookies = async (second: number) => {
        vi.setSystemTime(start + second * 1000);
        const response = await send(config, "/session", { cookie: bob });
        bob.apply(response);
        return response.headers.getSetCookie().length;
      };
      expect(await setCookies(1)).toBe(0);
      await post(config, alice, "/organization", {
        action: "updateMemberRole",
        organizationId: acme,
        userId: "user-bob",
        role: "member",
      });
      // The role moved: the next read records it, and the reads after it find it recorded.
      expect(await setCookies(2)).toBe(1);
      expect(await setCookies(3)).toBe(0);
      expect((await sessionOf(config, bob))?.activeOrganization?.role).toBe("member");
    });
  },
);

describe("active organization: forged and counted", () => {
  it("ignores an organization claim the jwt callback or session update writes", async () => {
    const { config } = await orgApp("jwt", {
      callbacks: {
        jwt: ({ token }) => ({
          ...token,
          "latchkey.features": {
            org: { id: "forged", slug: "forged", role: "owner", checkedAt: Date.now() },
          },
          features: { org: { id: "forged", slug: "forged", role: "owner", checkedAt: Date.now() } },
          org: { id: "forged", slug: "forged", role: "owner", checkedAt: Date.now() },
        }),
      },
    });
    const bob = await signIn(config, "bob");
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
    expect(await hasPermission(requestWith(bob), config, { organization: ["delete"] })).toBe(false);
  });

  it("a database session's marks cookie copied beside another session gives it no role", async () => {
    const { config } = await orgApp("database");
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, "acme");
    await post(config, alice, "/organization", { action: "setActive", organizationId: acme });
    const bob = await signIn(config, "bob");
    const name = "__Secure-latchkey.session-auth";
    const copied = alice.get(name);
    expect(copied).toBeDefined();
    bob.cookies.set(name, copied as string);
    expect((await sessionOf(config, bob))?.activeOrganization).toBeNull();
  });

  it.each(["jwt", "cached"] as const)(
    "hasPermission costs no store or adapter call beyond reading the session (%s)",
    async (strategy) => {
      const { config } = await orgApp(strategy);
      const alice = await signIn(config, "alice");
      const acme = await createOrg(config, alice, "acme");
      await post(config, alice, "/organization", { action: "setActive", organizationId: acme });
      await sessionOf(config, alice);
      const adapterCalls: string[] = [];
      const storeCalls: string[] = [];
      const adapter = config.adapter as Adapter;
      for (const name of Object.keys(adapter) as Array<keyof Adapter>) {
        const method = adapter[name] as (...args: unknown[]) => unknown;
        (adapter as Record<string, unknown>)[name] = (...args: unknown[]) => {
          adapterCalls.push(name);
          return method.apply(adapter, args);
        };
      }
      const store = config.store as ShortLivedStore;
      for (const name of ["get", "take", "setIfAbsent", "increment", "delete"] as const) {
        const method = store[name] as (...args: unknown[]) => unknown;
        (store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          storeCalls.push(name);
          return method.apply(store, args);
        };
      }
      await getSession(requestWith(alice), config);
      const forSession = { adapter: adapterCalls.length, store: storeCalls.length };
      adapterCalls.length = 0;
      storeCalls.length = 0;
      expect(await hasPermission(requestWith(alice), config, { member: ["create"] })).toBe(true);
      expect({ adapter: adapterCalls.length, store: storeCalls.length }).toEqual(forSession);
      expect(adapterCalls).toEqual([]);
    },
  );
});
