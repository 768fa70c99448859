/**
 * `requirePermission` of latchkey/express (on Express 5 and 4), latchkey/hono and latchkey/fastify,
 * each in a real app over HTTP: signed out it answers 401; signed in with no active organization,
 * or with a role there that lacks the statements, 403 with the reason as JSON, and the route does
 * not run; it runs once the active organization's role allows it. The organization is switched
 * through the handler's own route, as a browser would.
 */
import { serve as serveHono } from "@hono/node-server";
import express from "express";
import express4 from "express4";
import Fastify from "fastify";
import { type Context, Hono } from "hono";
import { describe, expect, test } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import {
  type ExpressMiddleware,
  requirePermission as expressPermission,
  LatchkeyExpress,
} from "../../src/express/index.js";
import { requirePermission as fastifyPermission, latchkeyFastify } from "../../src/fastify/index.js";
import { authHandler, requirePermission as honoPermission, initAuthConfig } from "../../src/hono/index.js";
import type { AuthConfig, OrganizationStatements, Session } from "../../src/index.js";
import {
  type Browser,
  browser,
  closeAfterTest,
  credentialsConfig,
  serve,
  signInThroughThePage,
} from "../support/framework-http.js";

/** Reading projects is the member role's; managing members and invitations is not. */
const READ_PROJECTS = { project: ["read"] } as const satisfies OrganizationStatements;
const MANAGE_MEMBERS = {
  member: ["update", "delete"],
  invitation: ["cancel"],
} as const satisfies OrganizationStatements;

/** Ada is a plain member of Grace's Acme, and owner of her own Lab. */
async function organizationsConfig(): Promise<{ config: AuthConfig; acme: string; lab: string }> {
  const adapter: Adapter = MemoryAdapter();
  for (const [id, name] of [
    ["user-ada", "Ada Lovelace"],
    ["user-grace", "Grace Hopper"],
  ] as const) {
    await adapter.createUser?.({ id, name, email: `${id}@example.test`, emailVerified: new Date() });
  }
  const createdAt = new Date();
  const organization = async (id: string, ownerId: string) => {
    await adapter.createOrganization?.(
      { id, name: id, slug: id, logo: null, metadata: null, createdAt },
      {
        id: `${id}-${ownerId}`,
        organizationId: id,
        userId: ownerId,
        role: "owner",
        createdAt,
        lastActiveAt: null,
      },
    );
    return id;
  };
  const acme = await organization("acme", "user-grace");
  const lab = await organization("lab", "user-ada");
  await adapter.addMember?.({
    id: "acme-ada",
    organizationId: acme,
    userId: "user-ada",
    role: "member",
    createdAt,
    lastActiveAt: null,
  });
  const config = credentialsConfig({
    basePath: "/api/auth",
    adapter,
    organizations: { roles: { member: READ_PROJECTS } },
  });
  return { config, acme, lab };
}

async function setActive(send: Browser, csrfToken: string, organizationId: string) {
  const answer = await send("/api/auth/organization", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrfToken, action: "setActive", organizationId }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** An Express app on `express` (5, or 4 with the same API): as `apps` describes. */
function expressApp(
  express: typeof import("express"),
): (config: AuthConfig, ran: string[]) => Promise<string> {
  return async (config, ran) => {
    const app = express();
    app.use("/api/auth", LatchkeyExpress(config));
    const answer: ExpressMiddleware = async (req, res) => {
      ran.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      const session = res.locals.session as Session | null | undefined;
      res.end(JSON.stringify({ organization: session?.activeOrganization?.slug }));
    };
    app.get("/projects", expressPermission(config, READ_PROJECTS), answer);
    app.get("/members", expressPermission(config, MANAGE_MEMBERS), answer);
    return serve(app);
  };
}

/**
 * Every framework's app: `/projects` needs project:read, `/members` needs MANAGE_MEMBERS; each
 * route adds its path to `ran` when it runs.
 */
const apps: Record<string, (config: AuthConfig, ran: string[]) => Promise<string>> = {
  "Express 5": expressApp(express),
  "Express 4": expressApp(express4 as unknown as typeof express),
  hono: async (config, ran) => {
    const app = new Hono();
    app.use("*", initAuthConfig(config));
    app.use("/api/auth/*", authHandler());
    const answer = (c: Context) => {
      ran.push(c.req.path);
      return c.json({ organization: c.get("session")?.activeOrganization?.slug });
    };
    app.get("/projects", honoPermission(READ_PROJECTS), answer);
    app.get("/members", honoPermission(MANAGE_MEMBERS), answer);
    return new Promise<string>((resolve) => {
      const server = serveHono({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      closeAfterTest(() => new Promise<void>((done) => server.close(() => done())));
    });
  },
  fastify: async (config, ran) => {
    const app = Fastify();
    await app.register(latchkeyFastify, { prefix: "/api/auth", ...config });
    const answer = async (request: {
      url: string;
      auth?: { activeOrganization?: { slug: string } | null } | null;
    }) => {
      ran.push(request.url);
      return { organization: request.auth?.activeOrganization?.slug };
    };
    app.get("/projects", { preHandler: fastifyPermission(config, READ_PROJECTS) }, answer);
    app.get("/members", { preHandler: fastifyPermission(config, MANAGE_MEMBERS) }, answer);
    closeAfterTest(() => app.close());
    return app.listen({ port: 0, host: "127.0.0.1" });
  },
};

describe.each(Object.keys(apps))("requirePermission on %s", (framework) => {
  test("401 signed out; 403 with the reason without an active organization or with a role that lacks it, and the route does not run; runs when the role allows", async () => {
    const { config, acme, lab } = await organizationsConfig();
    const ran: string[] = [];
    const app = apps[framework] as (config: AuthConfig, ran: string[]) => Promise<string>;
    const send = browser(await app(config, ran));
    const api = { headers: { accept: "application/json" } };

    expect((await send("/projects", api)).status).toBe(401);

    const { csrfToken } = await signInThroughThePage(send, "/api/auth");
    const none = await send("/projects", api);
    expect(none.status).toBe(403);
    expect(none.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await none.json()).toEqual({
      error: "OrganizationRefused",
      code: "notMember",
      message: "No organization is active on this session: switch to one first.",
    });

    await setActive(send, csrfToken, acme);
    const allowed = await send("/projects", api);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ organization: "acme" });
    const refused = await send("/members", api);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      error: "OrganizationRefused",
      code: "forbidden",
      message: "Your role (member) in acme does not allow member: update, delete; invitation: cancel.",
    });
    expect(ran).toEqual(["/projects"]);

    await setActive(send, csrfToken, lab);
    expect(await (await send("/members", api)).json()).toEqual({ organization: "lab" });
    expect(ran).toEqual(["/projects", "/members"]);
  });
});
