/**
 * The example app: latchkey with database sessions on SQLite, a local OpenID Provider, e-mail links
 * and codes delivered to a local mailbox, a password user and passkeys, two-factor sign-in (an
 * authenticator app, with passkeys and e-mailed codes as alternatives), organizations (create one,
 * invite by e-mail, accept, switch, and a page only admins see), served by node:http.
 * `startExample()` is what `npm run example` runs, and what the test suite starts on free ports.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AuthConfig,
  deleteAuthenticator,
  disableTwoFactor,
  getSession,
  listAuthenticators,
  listSessions,
  regenerateRecoveryCodes,
  requireRecentAuth,
  revokeOtherSessions,
  revokeSession,
  twoFactorStatus,
} from "latchkey";
import { PrismaAdapter } from "latchkey/adapters/prisma";
import { toNodeHandler, toWebRequest } from "latchkey/node";
import { listOrganizations, OrganizationRefused, Organizations, requireRole } from "latchkey/organizations";
import { hashPassword, verifyPassword } from "latchkey/password";
import Credentials from "latchkey/providers/credentials";
import Email from "latchkey/providers/email";
import OIDC from "latchkey/providers/oidc";
import Passkey from "latchkey/providers/passkey";
import { MemoryStore } from "latchkey/rate-limit";
import { openDatabase } from "./database.js";
import { Mailbox } from "./mailbox.js";
import { CLIENT_ID, CLIENT_SECRET, startOpenIdProvider } from "./openid-provider.js";
import {
  devicesPage,
  homePage,
  mailboxPage,
  organizationAdminPage,
  organizationsPage,
  PAGE_SCRIPT,
  passkeysPage,
  protectedPage,
  securityPage,
} from "./pages.js";
import { bundlePageScript } from "./scripts.js";

export const DEMO_USER = { email: "demo@example.test", password: "correct horse battery staple" };

export interface ExampleOptions {
  /** The app's port; 0 picks a free one. */
  port: number;
  /** The local OpenID Provider's port; 0 picks a free one. */
  opPort: number;
  /** The SQLite file; default `examples/app/generated/example.db`. */
  databaseFile?: string;
  /** Sign-in limits; default latchkey's (10 attempts per account in 15 minutes). */
  rateLimit?: AuthConfig["rateLimit"];
}

export interface RunningExample {
  url: string;
  issuer: string;
  mailbox: Mailbox;
  config: AuthConfig;
  close(): Promise<void>;
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return (server.address() as AddressInfo).port;
}

export async function startExample(options: ExampleOptions): Promise<RunningExample> {
  const { prisma } = await openDatabase(options.databaseFile);
  const mailbox = new Mailbox();
  const demoHash = await hashPassword(DEMO_USER.password);

  const pageScript = await bundlePageScript();
  const server = createServer();
  const port = await listen(server, options.port);
  const url = `http://localhost:${port}`;
  const op = await startOpenIdProvider(options.opPort, `${url}/auth/callback/local-op`);

  const config: AuthConfig = {
    // A development secret, so the example starts with no setup; set AUTH_SECRET to use your own.
    secret: process.env.AUTH_SECRET ?? "latchkey-example-development-secret-0123456789",
    adapter: PrismaAdapter(prisma),
    // Database sessions answered from a 5-minute cookie cache; revocations reach cached browsers
    // through the markers `store` keeps (one instance here; Redis when there are several).
    session: { strategy: "database", cookieCache: { maxAge: 300 } },
    store: new MemoryStore(),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    // Links and redirects use this origin whatever Host a request carries.
    trustHost: true,
    providers: [
      OIDC({
        id: "local-op",
        name: "Local OP",
        issuer: op.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      }),
      Email({ sendVerificationRequest: mailbox.send, otp: true }),
      Credentials({
        name: "Password",
        credentials: {
          email: { label: "Email", type: "email", autocomplete: "username" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: async ({ email, password }) =>
          email === DEMO_USER.email && password !== undefined && (await verifyPassword(demoHash, password))
            ? { id: "demo-user", name: "Demo User", email }
            : null,
      }),
      Passkey(),
    ],
    // Users who enrol an authenticator app are asked for it after their first factor; a passkey
    // or a code mailed to them also does, and "trust this device" skips it for 30 days.
    twoFactor: {
      methods: ["totp", "passkey", "email"],
      issuer: "latchkey example",
      trustDevice: { maxAge: 30 },
    },
    // Invitations are mailed through the e-mail provider (so they show at /mail); their link lands
    // a signed-in user on /organizations?invitation=<id>, where the page offers to accept it.
    organizations: Organizations({ invitationPage: "/organizations" }),
  };

  const authHandler = toNodeHandler(config);
  server.on("request", async (req, res) => {
    const path = new URL(req.url ?? "/", url).pathname;
    if (path.startsWith("/auth/")) return authHandler(req, res);
    const html = (body: string) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(body);
    };
    if (path === "/") {
      const request = new Request(`${url}/`, { headers: { cookie: req.headers.cookie ?? "" } });
      return html(homePage(await getSession(request, config), DEMO_USER));
    }
    if (path === "/mail") return html(mailboxPage(mailbox.mails));
    if (path === PAGE_SCRIPT) {
      res.setHeader("content-type", "text/javascript; charset=utf-8");
      return res.end(pageScript);
    }
    if (path === "/protected" || path.startsWith("/account/")) return accountRoute(req, res, path);
    if (path === "/organizations" || path === "/organizations/admin")
      return organizationRoute(req, res, path);
    res.statusCode = 404;
    res.end("Not found");
  });

  /** The signed-in user's own pages; the POSTs come only from this origin (OWASP: verifying origin). */
  async function accountRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const request = toWebRequest(req);
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (req.method === "POST") {
      if (request.headers.get("origin") !== url) {
        res.statusCode = 403;
        return void res.end("Cross-origin form refused");
      }
      const form = await request.formData();
      if (path === "/account/devices/revoke") await revokeSession(request, config, String(form.get("id")));
      if (path === "/account/devices/revoke-others") await revokeOtherSessions(request, config);
      if (path === "/account/passkeys/remove") {
        await deleteAuthenticator(request, config, String(form.get("credentialID")));
        return redirect("/account/passkeys");
      }
      if (path === "/account/security/regenerate" || path === "/account/security/disable") {
        // A second factor within 5 minutes, or latchkey's step-up page first (it returns here).
        const recent = await requireRecentAuth(request, config, {
          maxAge: 300,
          factors: ["mfa"],
          callbackUrl: "/account/security",
        });
        if (!recent.ok) return redirect(recent.stepUpUrl);
        if (path === "/account/security/disable") {
          await disableTwoFactor(request, config);
          return redirect("/account/security");
        }
        const codes = await regenerateRecoveryCodes(request, config);
        const status = await twoFactorStatus(request, config);
        res.setHeader("content-type", "text/html; charset=utf-8");
        // Shown once, and never cached.
        res.setHeader("cache-control", "no-store");
        if (status) return void res.end(securityPage(status, codes));
      }
      return redirect("/account/devices");
    }
    const session = await getSession(request, config);
    if (!session) return redirect(`/auth/signin?callbackUrl=${encodeURIComponent(path)}`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (path === "/protected") return void res.end(protectedPage(session));
    if (path === "/account/devices")
      return void res.end(devicesPage((await listSessions(request, config)) ?? []));
    if (path === "/account/passkeys")
      return void res.end(passkeysPage((await listAuthenticators(request, config)) ?? []));
    if (path === "/account/security") {
      const status = await twoFactorStatus(request, config);
      if (status) return void res.end(securityPage(status));
    }
    res.statusCode = 404;
    res.end("Not found");
  }

  /** The organizations page (the changes go through latchkey's routes, from the page script), and the admins' page. */
  async function organizationRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const request = toWebRequest(req);
    const session = await getSession(request, config);
    if (!session) {
      res.writeHead(303, { location: `/auth/signin?callbackUrl=${encodeURIComponent(req.url ?? path)}` });
      return void res.end();
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (path === "/organizations") {
      const invitation = new URL(req.url ?? "/", url).searchParams.get("invitation");
      const organizations = await listOrganizations(request, config);
      return void res.end(organizationsPage(session, organizations, invitation));
    }
    try {
      const active = await requireRole(request, config, ["owner", "admin"]);
      res.end(organizationAdminPage(active));
    } catch (error) {
      if (!(error instanceof OrganizationRefused)) throw error;
      res.statusCode = 403;
      res.end(organizationAdminPage(null));
    }
  }

  return {
    url,
    issuer: op.issuer,
    mailbox,
    config,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await op.close();
      await prisma.$disconnect();
    },
  };
}
