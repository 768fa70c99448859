/**
 * `latchkey/client`'s `organization` functions and `latchkey/react`'s organization hooks in Chromium,
 * against the real handler over HTTP: Ada creates an organization and invites Bob, whose browser
 * accepts, creates one of his own and switches between them, while `useActiveOrganization` on his
 * page follows each change, from the session alone.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Devices, launchChromiumDevices, watchPageProblems } from "../e2e/support/chromium.js";
import { type ClientApp, PASSWORD, startClientApp } from "./app/server.js";

let devices: Devices;
let app: ClientApp;

beforeAll(async () => {
  [devices, app] = await Promise.all([launchChromiumDevices(), startClientApp()]);
  // Stored users: organizations belong to them, and Bob's address is proven, as accepting needs.
  for (const name of ["ada", "bob"]) {
    await app.adapter.createUser?.({
      id: `user-${name}`,
      name,
      email: `${name}@example.test`,
      emailVerified: new Date(),
    });
  }
});
afterAll(async () => {
  await devices?.close();
  await app?.close();
});

async function signedIn(name: string, path: string): Promise<Page> {
  const context = await devices.device(`${name}'s browser`);
  const page = await context.newPage();
  await page.goto(`${app.origin}${path}`);
  await page.waitForFunction(() => window.latchkey !== undefined);
  const result = await page.evaluate(
    ([username, password]) => window.latchkey.signIn("credentials", { username, password, redirect: false }),
    [name, PASSWORD] as const,
  );
  expect(result).toMatchObject({ ok: true });
  return page;
}

const shown = (page: Page, testId: string) => page.getByTestId(testId);

it("creates, invites, accepts and switches; useActiveOrganization shows each active organization", async () => {
  const ada = await signedIn("ada", "/");
  const created = await ada.evaluate(() =>
    window.latchkey.organization.create({ name: "Acme", slug: "acme" }),
  );
  expect(created).toMatchObject({ ok: true, status: 200, data: { slug: "acme", name: "Acme" } });
  const acmeId = created.data?.id as string;

  // A refusal is a result with its code, not a throw.
  const taken = await ada.evaluate(() =>
    window.latchkey.organization.create({ name: "Acme 2", slug: "acme" }),
  );
  expect(taken).toMatchObject({ ok: false, status: 403, error: "OrganizationRefused", code: "slugTaken" });

  const invited = await ada.evaluate(
    (id) => window.latchkey.organization.invite(id, { email: "bob@example.test", role: "admin" }),
    acmeId,
  );
  expect(invited).toMatchObject({
    ok: true,
    data: { invitation: { email: "bob@example.test", role: "admin" } },
  });
  const invitationId = invited.data?.invitation.id as string;
  expect(app.invitationLinks.at(-1)).toContain(`id=${invitationId}`);
  const sent = await ada.evaluate((id) => window.latchkey.organization.listInvitations(id), acmeId);
  expect(sent.data?.map((invitation) => invitation.status)).toEqual(["pending"]);

  const bob = await signedIn("bob", "/react?organizations=1");
  const problems = watchPageProblems(bob);
  await expect.poll(() => shown(bob, "active-organization").textContent()).toBe("none");
  const mine = await bob.evaluate(() => window.latchkey.organization.listInvitations());
  expect(mine.data?.map((invitation) => invitation.id)).toEqual([invitationId]);

  const accepted = await bob.evaluate((id) => window.latchkey.organization.accept(id), invitationId);
  expect(accepted).toMatchObject({
    ok: true,
    data: { activeOrganization: { id: acmeId, slug: "acme", role: "admin" } },
  });
  await expect.poll(() => shown(bob, "active-organization").textContent()).toBe("acme:admin");
  const again = await bob.evaluate((id) => window.latchkey.organization.accept(id), invitationId);
  expect(again).toMatchObject({ ok: false, error: "OrganizationRefused" });

  const own = await bob.evaluate(() => window.latchkey.organization.create({ name: "Bob's", slug: "bobs" }));
  const bobsId = own.data?.id as string;
  await bob.evaluate((id) => window.latchkey.organization.setActive(id), bobsId);
  await expect.poll(() => shown(bob, "active-organization").textContent()).toBe("bobs:owner");
  await expect.poll(() => shown(bob, "organizations").textContent()).toBe("acme,bobs");
  // The server agrees: the session itself carries it.
  expect((await bob.evaluate(() => window.latchkey.getSession()))?.activeOrganization).toEqual({
    id: bobsId,
    slug: "bobs",
    role: "owner",
  });

  // Bob is an admin of Acme, not its owner: he cannot delete it; Ada can see him as a member.
  const refused = await bob.evaluate((id) => window.latchkey.organization.delete(id), acmeId);
  expect(refused).toMatchObject({ ok: false, status: 403, code: "forbidden" });
  const acme = await ada.evaluate((id) => window.latchkey.organization.get(id), acmeId);
  expect(acme.data?.members.map((member) => [member.userId, member.role]).sort()).toEqual([
    ["user-ada", "owner"],
    ["user-bob", "admin"],
  ]);

  await bob.evaluate(() => window.latchkey.organization.setActive(null));
  await expect.poll(() => shown(bob, "active-organization").textContent()).toBe("none");
  expect(problems).toEqual([]);
  await ada.context().close();
  await bob.context().close();
});
