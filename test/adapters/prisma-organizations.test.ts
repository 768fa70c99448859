/**
 * Organizations through the public handler on PrismaAdapter, on each database: the two races the
 * adapter must decide, attacked as a browser would. Twenty parallel acceptances of one invitation
 * add one member; the last two owners leaving at once leave one owner. An invitation is bound to
 * one address, so here one user races: the unique membership index and the conditional status
 * write both stand in the way (the kit's race with different users pins the write alone).
 */
import { afterAll, describe, expect, it } from "vitest";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import type { AuthConfig, OrganizationInvitationMail } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { MemoryStore } from "../../src/store/memory.js";
import { makeConfig } from "../core/helpers.js";
import { createOrg, type Person, post, signIn } from "../organizations/harness.js";
import {
  type FreshDatabase,
  freshMariaDbDatabase,
  freshPostgresSchema,
  freshSqliteDatabase,
} from "./support/databases.js";
import type { SchemaFlavor } from "./support/prisma-clients.js";
import { openPrismaClient } from "./support/prisma-suite.js";

const DATABASES: Array<[string, SchemaFlavor, () => Promise<FreshDatabase>]> = [
  ["PostgreSQL", "postgresql", () => freshPostgresSchema()],
  ["MariaDB", "mysql", () => freshMariaDbDatabase()],
  ["SQLite", "sqlite", () => freshSqliteDatabase()],
];

describe.each(DATABASES)("organizations on PrismaAdapter on %s", (_name, flavor, fresh) => {
  const opened = (async () => {
    const database = await fresh();
    const client = await openPrismaClient(flavor, database);
    return { database, client };
  })();
  afterAll(async () => {
    const { database, client } = await opened;
    await client.prisma.$disconnect();
    await database.drop();
  });

  interface PrismaOrgApp {
    config: AuthConfig;
    mails: OrganizationInvitationMail[];
    userId: (person: Person) => string;
    email: (person: Person) => string;
    members: (organizationId: string) => Promise<Array<{ userId: string; role: string }>>;
  }

  /** Alice, Bob and Dave, with proven addresses unique to this app, signing in by name. */
  async function app(): Promise<PrismaOrgApp> {
    const { client } = await opened;
    const adapter = PrismaAdapter(client.prisma);
    const mails: OrganizationInvitationMail[] = [];
    const run = crypto.randomUUID().slice(0, 8);
    const email = (person: Person) => `${run}-${person}@example.test`;
    const ids = new Map<string, string>();
    for (const person of ["alice", "bob", "dave"] as const) {
      ids.set(
        person,
        (await adapter.createUser({ id: "", email: email(person), emailVerified: new Date() })).id,
      );
    }
    const config = makeConfig({
      providers: [
        Credentials({
          credentials: { username: { label: "Username", type: "text" } },
          authorize: async ({ username }) => {
            const user = await adapter.getUser(ids.get(String(username)) ?? "");
            return user ? { id: user.id, name: user.name, email: user.email } : null;
          },
        }),
      ],
      adapter,
      session: { strategy: "jwt" },
      store: new MemoryStore(),
      organizations: { sendInvitation: (mail: OrganizationInvitationMail) => void mails.push(mail) },
    });
    return {
      config,
      mails,
      email,
      userId: (person) => ids.get(person) as string,
      // Read straight from the table, not through the adapter under test.
      members: async (organizationId) =>
        (await client.prisma.member?.findMany({ where: { organizationId } })) as Array<{
          userId: string;
          role: string;
        }>,
    };
  }

  it("of 20 parallel acceptances of one invitation, one answers 200 and one member is stored", async () => {
    const { config, mails, email, userId, members } = await app();
    const alice = await signIn(config, "alice");
    const acme = await createOrg(config, alice, `acme-${crypto.randomUUID()}`);
    const invited = await post(config, alice, "/organization-invite", {
      organizationId: acme,
      email: email("dave"),
      role: "admin",
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const id = new URL(String(mails[0]?.url)).searchParams.get("id") as string;
    const dave = await signIn(config, "dave");

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(config, dave, "/organization", { action: "acceptInvitation", invitationId: id }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const stored = (await members(acme)).filter((member) => member.userId === userId("dave"));
    expect(stored.map((member) => member.role)).toEqual(["admin"]);
  });

  it("of the last two owners leaving at once, one leaves and the other is refused as the last owner", async () => {
    const { config, userId, members } = await app();
    const alice = await signIn(config, "alice");
    const bob = await signIn(config, "bob");
    for (let round = 0; round < 3; round++) {
      const acme = await createOrg(config, alice, `acme-${crypto.randomUUID()}`);
      const added = await post(config, alice, "/organization", {
        action: "addMember",
        organizationId: acme,
        userId: userId("bob"),
        role: "owner",
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);

      const answers = await Promise.all(
        [alice, bob].map((jar) =>
          post(config, jar, "/organization", { action: "leave", organizationId: acme }),
        ),
      );
      expect(answers.map((answer) => answer.body.left ?? answer.body.code).sort()).toEqual(
        ["lastOwner", true].sort(),
      );
      expect((await members(acme)).filter((member) => member.role === "owner")).toHaveLength(1);
    }
  });
});
