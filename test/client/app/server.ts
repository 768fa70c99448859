/**
 * The app the client tests drive in Chromium: latchkey's real handler at `/api/auth` (the client's
 * default base path) through `toNodeHandler` on node:http, a few HTML pages, and the two browser
 * bundles esbuild makes from the sources (the plain client as `window.latchkey`, and a React app).
 * It signs in with a password, e-mail codes, a real OpenID Provider and passkeys, on JWT sessions
 * over the memory adapter (two-factor sign-in for users who enrol), and records what the `jwt` callback saw on `trigger: "update"`.
 * Organizations are on; their invitation mails land in `invitationLinks`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { createMemoryTables, MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import { toNodeHandler } from "../../../src/node/index.js";
import Credentials from "../../../src/providers/credentials.js";
import Passkey from "../../../src/providers/passkey.js";
import { providerAt, startOP, type TestOP } from "../../e2e/oidc/op.js";
import { type Outbox, outboxProvider } from "../../flows/email/helpers.js";

const SECRET = "client-e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz";
export const PASSWORD = "correct horse";

/** Bundles both browser entries from the sources, as an app's bundler would. */
async function bundles(): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: {
      client: fileURLToPath(new URL("./page-client.ts", import.meta.url)),
      "react-app": fileURLToPath(new URL("./react-app.ts", import.meta.url)),
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    outdir: "/bundles",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return new Map(result.outputFiles.map((file) => [file.path.replace("/bundles", ""), file.text]));
}

const page = (title: string, body: string, script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="module" src="${script}"></script></head><body>${body}</body></html>`;

const PAGES: Record<string, string> = {
  "/": page("Home", `<h1>Home</h1><input aria-label="Email" autocomplete="username webauthn">`, "/client.js"),
  "/landing": page("Landing", "<h1>Landing</h1>", "/client.js"),
  "/react": page("React", `<div id="root"></div>`, "/react-app.js"),
};

export interface ClientApp {
  origin: string;
  op: TestOP;
  outbox: Outbox;
  adapter: Adapter;
  /** What the `jwt` callback was given as `session` on each `trigger: "update"`. */
  updates: unknown[];
  /** The link of every invitation mail, in order. */
  invitationLinks: string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

export async function startClientApp(): Promise<ClientApp> {
  const scripts = await bundles();
  const server = createServer();
  const port = await listen(server);
  // WebAuthn needs a domain as RP ID: Chromium maps localhost to 127.0.0.1 (test/e2e/support/chromium.ts).
  const origin = `http://localhost:${port}`;
  const op = await startOP({ extraRedirectUris: [`${origin}/api/auth/callback/op`] });
  const outbox = outboxProvider({ otp: true });
  const adapter = MemoryAdapter(createMemoryTables());
  const updates: unknown[] = [];
  const invitationLinks: string[] = [];

  const config: AuthConfig = {
    secret: SECRET,
    basePath: "/api/auth",
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    rateLimit: false,
    // Asked only of users who enrolled an authenticator app (the two-factor client test's).
    twoFactor: { methods: ["totp", "passkey"] },
    organizations: {
      sendInvitation: ({ url }) => {
        invitationLinks.push(url);
      },
    },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          password === PASSWORD ? { id: `user-${username}`, name: String(username) } : null,
      }),
      outbox.provider,
      providerAt(op),
      Passkey({ timeout: 20_000 }),
    ],
    callbacks: {
      jwt({ token, trigger, session }) {
        if (trigger !== "update") return token;
        updates.push(session);
        const name = (session as { name?: unknown } | undefined)?.name;
        return typeof name === "string" ? { ...token, name } : token;
      },
    },
  };

  const auth = toNodeHandler(config);
  server.on("request", (req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    if (path.startsWith("/api/auth/")) return void auth(req, res);
    const script = scripts.get(path);
    const html = PAGES[path];
    if (script !== undefined) {
      res.setHeader("content-type", "text/javascript; charset=utf-8");
      res.end(script);
    } else if (html !== undefined) {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(html);
    } else {
      res.statusCode = 404;
      res.end("Not found");
    }
  });

  return {
    origin,
    op,
    outbox,
    adapter,
    updates,
    invitationLinks,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await op.close();
    },
  };
}
