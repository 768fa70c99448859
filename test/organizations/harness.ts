/**
 * Organizations through the public handler: an app with a credentials provider that signs in any
 * stored user by username, the MemoryAdapter, a shared store (so membership changes reach sessions
 * through markers), and helpers that post JSON with the browser's CSRF token.
 */
import { expect } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { MemoryStore } from "../../src/store/memory.js";
import { type CookieJar, getCsrf, makeConfig, send } from "../core/helpers.js";

export const PEOPLE = ["alice", "bob", "carol", "dave", "erin"] as const;
export type Person = (typeof PEOPLE)[number];

/** Everyone's address is proven but Erin's. */
export const emailOf = (person: Person) => `${person}@example.test`;

export type Strategy = "jwt" | "database" | "cached";

export interface OrgApp {
  config: AuthConfig;
  adapter: Adapter;
  tables: MemoryTables;
}

export async function orgApp(
  strategy: Strategy = "jwt",
  overrides: Partial<AuthConfig> = {},
): Promise<OrgApp> {
  const tables = createMemoryTables();
  const adapter = MemoryAdapter(tables);
  for (const person of PEOPLE) {
    await adapter.createUser?.({
      id: `user-${person}`,
      name: person,
      email: emailOf(person),
      emailVerified: person === "erin" ? null : new Date(),
    });
  }
  const credentials = Credentials({
    credentials: { username: { label: "Username", type: "text" } },
    authorize: async ({ username }) => {
      const user = await adapter.getUser?.(`user-${String(username)}`);
      return user ? { id: user.id, name: user.name, email: user.email } : null;
    },
  });
  const session =
    strategy === "jwt"
      ? { strategy: "jwt" as const }
      : strategy === "database"
        ? { strategy: "database" as const }
        : { strategy: "database" as const, cookieCache: { maxAge: 300 } };
  const config = makeConfig({
    providers: [credentials],
    adapter,
    session,
    store: new MemoryStore(),
    organizations: {},
    ...overrides,
  });
  return { config, adapter, tables };
}

/** Signs `person` in; returns their browser's cookies. */
export async function signIn(config: AuthConfig, person: Person): Promise<CookieJar> {
  const { token, jar } = await getCsrf(config);
  const response = await send(config, "/callback/credentials", {
    cookie: jar,
    form: { csrfToken: token, username: person },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error=");
  jar.apply(response);
  return jar;
}

/** POSTs `body` as JSON with the browser's CSRF token; the jar takes the answer's cookies. */
export async function post(config: AuthConfig, jar: CookieJar, path: string, body: Record<string, unknown>) {
  const { token } = await getCsrf(config, { cookie: jar });
  const response = await send(config, path, { cookie: jar, json: { csrfToken: token, ...body } });
  jar.apply(response);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** GETs a JSON route. */
export async function get(config: AuthConfig, jar: CookieJar, path: string) {
  const response = await send(config, path, { cookie: jar });
  jar.apply(response);
  return { status: response.status, body: (await response.json()) as unknown };
}

/** GET /session as the browser; the jar takes re-issued cookies. */
export async function sessionOf(config: AuthConfig, jar: CookieJar) {
  const response = await send(config, "/session", { cookie: jar });
  jar.apply(response);
  return (await response.json()) as {
    activeOrganization?: { id: string; slug: string; role: string } | null;
  } | null;
}

/** Creates an organization as the jar's user; returns its id. */
export async function createOrg(config: AuthConfig, jar: CookieJar, slug: string): Promise<string> {
  const created = await post(config, jar, "/organization-create", { name: slug, slug });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as string;
}

/** Adds `person` to the organization with `role`, as the jar's user (an owner or admin). */
export async function addPerson(
  config: AuthConfig,
  jar: CookieJar,
  organizationId: string,
  person: Person,
  role: string,
) {
  const added = await post(config, jar, "/organization", {
    action: "addMember",
    organizationId,
    userId: `user-${person}`,
    role,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}
