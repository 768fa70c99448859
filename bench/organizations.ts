/**
 * GET /session with an active organization vs without, both strategies, in process: the same app
 * (organizations on, a shared store for the membership-change markers, as docs/organizations.md
 * recommends), one session with no active organization and one with one. The mark rides in the
 * JWT or the sealed cookie beside a database session, so the difference should be reading it and
 * one store lookup for its marker (docs/organizations.md, "The active organization on the session").
 */
import { Auth, type AuthConfig } from "latchkey";
import { MemoryAdapter } from "latchkey/adapters";
import { encode } from "latchkey/jwt";
import { createOrganization, setActiveOrganization } from "latchkey/organizations";
import { MemoryStore } from "latchkey/rate-limit";
import type { BenchGroup } from "./harness.js";
import { origin, oauthProvider as provider, secret, user } from "./session.js";

const request = (cookie: string) => new Request(`${origin}/auth/session`, { headers: { cookie } });

/** The cookie header a browser sends after `cookies` were set on top of `cookie`. */
function withCookies(cookie: string, cookies: Array<{ name: string; value: string }>): string {
  const jar = new Map(cookie.split("; ").map((pair) => pair.split("=", 2) as [string, string]));
  for (const { name, value } of cookies) jar.set(name, value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** An app with organizations, a signed-in cookie without one active, and the same user's cookie with one. */
async function sessions(strategy: "jwt" | "database") {
  const adapter = MemoryAdapter();
  await adapter.createUser(user);
  const config: AuthConfig = {
    secret,
    trustHost: true,
    providers: [provider],
    adapter,
    store: new MemoryStore(),
    session: { strategy },
    organizations: {},
  };
  let plain: string;
  if (strategy === "jwt") {
    const token = await encode({
      token: { name: user.name, email: user.email, sub: user.id },
      secret,
      salt: "authjs.session-token",
    });
    plain = `authjs.session-token=${token}`;
  } else {
    const sessionToken = "b4c2e0f7d1a94c3e8f6b2a1d0c9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e";
    await adapter.createSession({
      sessionToken,
      userId: user.id,
      expires: new Date(Date.now() + 864e5 * 30),
    });
    plain = `authjs.session-token=${sessionToken}`;
  }
  const organization = await createOrganization(request(plain), config, { name: "Acme", slug: "acme" });
  // Creating writes the user's membership-change marker; a mark read in the same millisecond counts
  // as older than it (fail closed) and would be read again on every request. A browser switches later.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { cookies } = await setActiveOrganization(request(plain), config, organization.id);
  const active = withCookies(plain, cookies);
  // Without one, as a session signed in through the handler is: its marks (how the user signed in)
  // ride beside it as well, a sealed cookie for a database session; switching to none writes them.
  const none = withCookies(plain, (await setActiveOrganization(request(plain), config, null)).cookies);
  for (const [name, cookie, expected] of [
    ["none active", none, null],
    ["active", active, "acme"],
  ] as const) {
    const body = (await (await Auth(request(cookie), config)).json()) as {
      user?: { email?: string };
      activeOrganization?: { slug: string } | null;
    } | null;
    if (body?.user?.email !== user.email || (body.activeOrganization?.slug ?? null) !== expected) {
      throw new Error(`${strategy}, ${name}: GET /session did not return the expected session`);
    }
  }
  return { config, none, active };
}

export async function organizationGroups(): Promise<BenchGroup[]> {
  const groups: BenchGroup[] = [];
  for (const strategy of ["jwt", "database"] as const) {
    const { config, none, active } = await sessions(strategy);
    groups.push({
      title: `GET /session (${strategy}, organizations on): an active organization vs none`,
      tasks: [
        { name: "no active organization", fn: () => Auth(request(none), config) },
        { name: "an active organization", fn: () => Auth(request(active), config) },
      ],
      ratios: [["an active organization", "no active organization"]],
    });
  }
  return groups;
}
