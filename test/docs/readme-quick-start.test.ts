/**
 * README.md's quick start, run: each server snippet starts on a port the OS picks and is driven over
 * HTTP (a visitor is refused, a credentials sign-in through latchkey's page, then the protected
 * route answers with the session). The SvelteKit snippet's lines are the fixture app's, which
 * test/sveltekit/sveltekit.test.ts builds and drives.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { browser, closeAfterTest, signInThroughThePage } from "../support/framework-http.js";
import { runExampleByKey } from "./examples/run.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function originOf(server: Server): string {
  closeAfterTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Runs the snippet under `heading` and returns the origin its server listens on. */
async function start(heading: string): Promise<{ origin: string; protectedPath: string }> {
  const module = await runExampleByKey(ROOT, `README.md#${heading}`);
  if (heading === "fastify") {
    const app = module.app as { server: Server; close(): Promise<void> };
    closeAfterTest(() => app.close());
    return {
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      protectedPath: "/api/me",
    };
  }
  const server = module.server as Server;
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  return { origin: originOf(server), protectedPath: heading === "nodehttp" ? "/" : "/api/me" };
}

describe("README quick start", () => {
  test.each(["nodehttp", "express", "hono", "fastify"])(
    "the %s server signs in and guards its route",
    async (heading) => {
      const { origin, protectedPath } = await start(heading);
      const visitor = await fetch(`${origin}${protectedPath}`);
      expect(visitor.status).toBe(401);

      const send = browser(origin);
      const { signIn } = await signInThroughThePage(send, "/auth");
      expect(signIn.status).toBe(302);
      const member = await send(protectedPath);
      expect(member.status).toBe(200);
      expect(await member.json()).toMatchObject({ user: { name: "ada", email: "ada@example.test" } });
    },
  );

  test("the SvelteKit snippet loads and gives SvelteKit a handle hook, the form actions and a load function", async () => {
    const module = await runExampleByKey(ROOT, "README.md#sveltekit");
    for (const name of ["handle", "signIn", "signOut", "load"])
      expect(module[name], name).toBeTypeOf("function");
  });
});
