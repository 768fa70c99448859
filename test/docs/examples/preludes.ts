/**
 * What each example assumes, keyed like `extract.ts` keys examples (`README.md#use`,
 * `src/node/index.ts#toNodeHandler`; `:2` for a second example under the same anchor).
 *
 * An example may use, without declaring them: the exports of the file whose TSDoc holds it (added
 * as imports automatically) and what its entry here gives. Everything else must be imported in
 * the example itself, so a reader can copy it. To add an example: write it, run
 * `npx vitest run test/docs/examples.test.ts`, and give it an entry if the compiler names a free
 * identifier that a reader would have in their own code (`config`, `request`, …).
 */
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** An organization server function's example: the request, the config, and the ids it names. */
const ORGANIZATION_CALL: Prelude = {
  given: ["config", "request"],
  prelude:
    "declare const organizationId: string;\ndeclare const userId: string;\ndeclare const invitationId: string;",
};

/** A browser organization function's example: `organization` from latchkey/client, and the ids it names. */
const CLIENT_ORGANIZATION_CALL: Prelude = {
  prelude:
    'import { organization } from "latchkey/client";\ndeclare const id: string;\ndeclare const userId: string;\ndeclare const invitationId: string;',
};

/** Declarations shared by many examples; an entry lists the ones its example uses. */
export const GIVEN = {
  config: `declare const config: import("latchkey").AuthConfig;`,
  request: `declare const request: Request;`,
  req: `declare const req: import("node:http").IncomingMessage;`,
  res: `declare const res: import("node:http").ServerResponse;`,
  secret: `declare const secret: string;`,
  providers: `declare const providers: import("latchkey").Provider[];`,
  checkPassword: `declare function checkPassword(email: unknown, password: unknown): Promise<import("latchkey").User | null>;`,
  adapter: `declare const adapter: import("latchkey/adapters").Adapter;`,
  db: `declare const db: import("latchkey/adapters/testing").ConformanceDatabase;`,
  csrfToken: `declare const csrfToken: string;`,
  sessionToken: `declare const sessionToken: string;`,
} as const;

export type GivenName = keyof typeof GIVEN;

export interface Prelude {
  /** Names from {@link GIVEN} the example uses. Each must appear in the example. */
  given?: GivenName[];
  /** TypeScript placed before the example: more declarations, or real values for a running example. */
  prelude?: string;
  /** Modules that exist only in a reader's project, by the relative specifier the example imports. */
  modules?: Record<string, string>;
  /**
   * Also run the example, after it compiles. Its prelude must define real values (no `declare`).
   * A literal in a `//` comment after an expression statement (same line, or alone on the next
   * line) is asserted equal to the expression; a string literal ending in `…` is a prefix.
   */
  run?: boolean;
  /** Code after the example, in its scope, with node's strict `assert` imported: checks the results. */
  after?: string;
  /**
   * For an example that returns (the body of a handler): code that checks the value it returned,
   * given as `returned: unknown`, with `assert` imported.
   */
  returned?: string;
  /** Environment variables set while the example runs (`undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** Names the example defines that its module exports, for tests that use them (the Express test serves `app`). */
  exports?: string[];
}

/** A generated Prisma 7 client of the shipped PostgreSQL schema (made by test/adapters/global-setup.ts). */
const GENERATED_PRISMA_CLIENT = `export { PrismaClient } from ${JSON.stringify(
  `${ROOT}generated/prisma-clients/postgresql/generated/prisma/client.js`,
)};`;

/** A document database driver, as the conformance guide's `db` readers use it: untyped documents. */
const DOCUMENT_CLIENT = `
interface Collection {
  findOne(filter: Record<string, unknown>): Promise<Record<string, unknown> | null>;
}
interface DocumentClient {
  users: Collection;
  accounts: Collection;
  sessions: Collection;
  verificationTokens: Collection;
  authenticators: Collection;
}`;

/**
 * A Prisma 7 client generated from the shipped schema, as `prisma` in a reader's code: the stub
 * module goes in `modules`, the declaration in `prelude`.
 */
const PRISMA = {
  modules: { "./generated/prisma/client.js": GENERATED_PRISMA_CLIENT },
  prelude: `import type { PrismaClient } from "./generated/prisma/client.js";\ndeclare const prisma: PrismaClient;`,
};

/** A request that came through a proxy, which named the host and scheme the browser used. */
const PROXIED_REQUEST = `const request = new Request("http://internal:3000/auth/session", {
  headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
});`;

const MY_ADAPTER_MODULE = `export declare function MyAdapter(client: unknown): import("latchkey/adapters").Adapter;`;

/** A credentials config that really signs in (`ada` / `correct horse`), for examples that run. */
const RUNNABLE_CONFIG = `
import Credentials from "latchkey/providers/credentials";
const config: import("latchkey").AuthConfig = {
  secret: "docs-example-secret-0123456789abcdef",
  trustHost: true,
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) =>
        password === "correct horse" ? { id: "user-ada", name: String(username), email: "ada@example.test" } : null,
    }),
  ],
};`;

/** The app a framework example adds routes to. */
const EXPRESS_APP = `import express from "express";\nconst app = express();`;
const FASTIFY_APP = `import Fastify from "fastify";\nconst app = Fastify();`;
const HONO_APP = `import { Hono } from "hono";\nconst app = new Hono();`;

/** A quick-start server from README.md: runs with a real config on a port the OS picks. */
const QUICK_START = (exports: string[]): Prelude => ({
  prelude: RUNNABLE_CONFIG,
  run: true,
  env: { PORT: "0" },
  exports,
});

const SECRETS = `
const newSecret = "docs-example-new-secret-0123456789abcdef";
const oldSecret = "docs-example-old-secret-0123456789abcdef";`;

export const PRELUDES: Record<string, Prelude> = {
  "README.md#use": { given: ["checkPassword"] },
  "README.md#organizations": { given: ["providers"] },
  "docs/organizations.md#organizations": { given: ["providers"] },
  "README.md#e-mail-sign-in-rate-limiting-and-passwords": PRISMA,
  "README.md#e-mail-sign-in-rate-limiting-and-passwords:2": { given: ["providers"] },
  "README.md#e-mail-sign-in-rate-limiting-and-passwords:3": {
    prelude: `declare const users: {
  findByEmail(email: string): Promise<{ id: string; email: string; passwordHash: string } | null>;
  setPasswordHash(id: string, hash: string): Promise<void>;
};`,
  },
  // The quick start's servers listen on PORT: 0 lets the OS choose; readme-quick-start.test.ts drives them.
  "README.md#nodehttp": QUICK_START(["server"]),
  "README.md#express": QUICK_START(["server"]),
  "README.md#hono": QUICK_START(["server"]),
  "README.md#fastify": QUICK_START(["app"]),
  // It exports what SvelteKit reads from these files; sveltekit.test.ts checks the fixture app runs these lines.
  "README.md#sveltekit": { prelude: RUNNABLE_CONFIG, run: true },
  // The route handler it sets up answers at /api/auth; test/next/ runs the same files in Next.js.
  "README.md#nextjs": {
    run: true,
    env: {
      AUTH_SECRET: "docs-example-secret-0123456789abcdef",
      AUTH_GITHUB_ID: "github-client-id",
      AUTH_GITHUB_SECRET: "github-client-secret",
    },
    after: `const { NextRequest } = await import("next/server.js");
const providers = await handlers.GET(new NextRequest("http://localhost:3000/api/auth/providers"));
assert.equal(((await providers.json()) as { github: { signinUrl: string } }).github.signinUrl, "http://localhost:3000/api/auth/signin/github");`,
  },
  "README.md#sessions-a-user-can-manage-a-your-devices-page": { given: ["config"] },
  "README.md#two-factor-sign-in": { given: ["providers", "adapter"] },
  "README.md#two-factor-sign-in:3": { given: ["config"] },
  "README.md#passkeys-webauthn:2": { given: ["config", "request"] },
  "README.md#session-tokens-in-middleware-latchkeyjwt": {
    prelude: `${SECRETS}\nconst request = new Request("https://app.example.com/dashboard");`,
    env: { AUTH_SECRET: "docs-example-new-secret-0123456789abcdef" },
    run: true,
    after: `assert.deepEqual([claims?.sub, claims?.name], ["user-1", "Ada"]);\nassert.equal(token, null);`,
  },
  "README.md#session-tokens-in-middleware-latchkeyjwt:2": { given: ["config", "request"] },

  "docs/next.md#authts": { given: ["checkPassword"] },

  "docs/adapter-conformance.md#adapter-conformance-kit": { given: ["adapter", "db"] },
  "docs/adapter-conformance.md#running-it": {
    prelude: `${DOCUMENT_CLIENT}\ndeclare function connectToTestDatabase(): Promise<DocumentClient>;`,
    modules: { "../src/index.js": MY_ADAPTER_MODULE },
  },
  "docs/adapter-conformance.md#running-it:2": {
    given: ["adapter", "db"],
    prelude: `import { adapterConformance } from "latchkey/adapters/testing";`,
  },
  "docs/adapter-conformance.md#running-it:3": {
    given: ["adapter", "db"],
    prelude: `import { adapterConformance } from "latchkey/adapters/testing";`,
  },
  "docs/express.md#latchkey-on-express": { given: ["config"] },
  "docs/fastify.md#latchkey-on-fastify": { given: ["config"] },
  "docs/hono.md#latchkey-on-hono": { given: ["config"] },
  "docs/hono.md#what-each-piece-does": { given: ["config"] },
  "docs/sveltekit.md#latchkey-on-sveltekit:2": {
    modules: { "../../auth.js": `export declare const signIn: import("@sveltejs/kit").Action;` },
  },
  "prisma/README.md#prisma-schemas-for-latchkeyadaptersprisma": {
    modules: { "./generated/prisma/client.js": GENERATED_PRISMA_CLIENT },
  },

  "src/adapters/organization-methods.ts#missingOrganizationMethods": { given: ["adapter"] },
  "src/adapters/organization-methods.ts#missingOrganizationMethodsMessage": { run: true },
  "src/config.ts#AuthConfig.organizations": { given: ["providers"] },
  "src/client/organization.ts#accept": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#cancelInvitation": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#deleteOrganization": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#get": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#invite": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#leave": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#list": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#listInvitations": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#reject": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#removeMember": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#resendInvitation": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#setActive": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#update": CLIENT_ORGANIZATION_CALL,
  "src/client/organization.ts#updateMemberRole": CLIENT_ORGANIZATION_CALL,
  "src/organizations-entry.ts#createOrganization": { given: ["config", "request"] },
  "src/organizations-entry.ts#updateOrganization": ORGANIZATION_CALL,
  "src/organizations-entry.ts#deleteOrganization": ORGANIZATION_CALL,
  "src/organizations-entry.ts#listOrganizations": { given: ["config", "request"] },
  "src/organizations-entry.ts#getOrganization": ORGANIZATION_CALL,
  "src/organizations-entry.ts#inviteMember": ORGANIZATION_CALL,
  "src/organizations-entry.ts#resendInvitation": ORGANIZATION_CALL,
  "src/organizations-entry.ts#cancelInvitation": ORGANIZATION_CALL,
  "src/organizations-entry.ts#rejectInvitation": ORGANIZATION_CALL,
  "src/organizations-entry.ts#acceptInvitation": ORGANIZATION_CALL,
  "src/organizations-entry.ts#listInvitations": ORGANIZATION_CALL,
  "src/organizations-entry.ts#listUserInvitations": { given: ["config", "request"] },
  "src/organizations-entry.ts#addMember": ORGANIZATION_CALL,
  "src/organizations-entry.ts#removeMember": ORGANIZATION_CALL,
  "src/organizations-entry.ts#updateMemberRole": ORGANIZATION_CALL,
  "src/organizations-entry.ts#leaveOrganization": ORGANIZATION_CALL,
  "src/organizations-entry.ts#setActiveOrganization": ORGANIZATION_CALL,
  "src/organizations-entry.ts#hasPermission": { given: ["config", "request"] },
  "src/organizations-entry.ts#requireRole": { given: ["config", "request"] },
  "src/organizations-entry.ts#roleHasPermission": {
    given: ["config"],
    prelude: "declare const session: { activeOrganization: { id: string; slug: string; role: string } };",
  },
  "src/adapters/capabilities.ts#missingExtensions": PRISMA,
  "src/adapters/two-factor-methods.ts#missingTwoFactorMethods": { given: ["adapter"] },
  "src/adapters/two-factor-methods.ts#missingTwoFactorMethodsMessage": { run: true },
  "src/adapters/memory.ts#MemoryAdapter": { given: ["request", "providers", "secret"] },
  "src/adapters/prisma/adapter.ts#PrismaAdapter": {
    given: ["providers", "secret"],
    modules: { "./generated/prisma/client.js": GENERATED_PRISMA_CLIENT },
  },
  "src/adapters/testing/conformance.ts#adapterConformance": {
    prelude: `${DOCUMENT_CLIENT.replace("verificationTokens", "tokens")}\ndeclare const client: DocumentClient;\n${MY_ADAPTER_MODULE.replace("export ", "")}`,
  },
  "src/adapters/testing/report.ts#runAdapterConformance": { given: ["adapter", "db"] },
  "src/adapters/testing/steps.ts#describeError": {
    // node-postgres names its errors "error" and puts the SQLSTATE in `code`.
    prelude: `const pgError = Object.assign(new Error("value too long for type character varying(255)"), { name: "error", code: "22001" });`,
    run: true,
  },
  "src/auth-error.ts#AuthError": { given: ["config"] },
  "src/config.ts#AuthConfig.adapter": { given: ["providers"], ...PRISMA },
  "src/config.ts#AuthConfig.events": {
    given: ["providers"],
    prelude: `declare const audit: { log(action: string, userId: string | undefined): void };`,
  },
  "src/config.ts#AuthConfig.pages": { given: ["providers"] },
  "src/config.ts#AuthConfig.cookies": { given: ["providers"] },
  "src/config.ts#AuthConfig.theme": { given: ["providers"] },
  "src/config.ts#AuthConfig.locales": { given: ["providers"] },
  "src/config.ts#AuthConfig.messages": { given: ["providers"] },
  "src/config.ts#AuthConfig.logger": {
    given: ["providers"],
    prelude: `declare function reportToSentry(error: Error): void;`,
  },
  "src/cookie/chunks.ts#carriesChunkedCookie": {
    prelude: `import type { CookieOptions, CookieToSet } from "latchkey";
const name = "authjs.session-token";
// Chunks 0 and 2 without 1: a set the reader refuses.
const cookies = { [\`\${name}.0\`]: "first", [\`\${name}.2\`]: "third" };
const options: CookieOptions = { path: "/", httpOnly: true, sameSite: "lax" };
const setCookies: CookieToSet[] = [];`,
    run: true,
    after: `assert.deepEqual(
  setCookies.map(({ name, value, options }) => [name, value, options.maxAge]),
  [["authjs.session-token.0", "", 0], ["authjs.session-token.2", "", 0]],
);`,
  },
  "src/carried-code.ts#carrying": { run: true },
  "src/carried-code.ts#carriedCode": { run: true },
  "src/core/errors.ts#CredentialsSignin": { given: ["checkPassword"] },
  "src/core/error-traits.ts#errorPageStatus": { run: true },
  "src/core/origin.ts#forwardedOrigin": { prelude: PROXIED_REQUEST, run: true },
  "src/core/origin.ts#appOrigin": { prelude: PROXIED_REQUEST, run: true },
  "src/core/origin.ts#unforwardedOrigin": {
    prelude: `const request = new Request("https://preview.app.test/auth/signin/github", {
  headers: { "x-forwarded-host": "evil.example" },
});`,
    run: true,
  },
  "src/config.ts#AuthConfig.redirectProxyAllowedOrigins": { given: ["providers"] },
  "src/index.ts#module": { given: ["checkPassword"] },
  "src/index.ts#Auth": { given: ["config"] },
  "src/pipeline/check-config.ts#checkConfig": { given: ["config"] },
  "src/index.ts#getSession": {
    prelude: `${RUNNABLE_CONFIG}\nconst request = new Request("https://app.example.com/dashboard");`,
    run: true,
    returned: `assert.ok(returned instanceof Response);\nassert.equal(returned.headers.get("location"), "https://app.example.com/auth/signin");`,
  },
  "src/index.ts#getSessionToken": {
    prelude: `${RUNNABLE_CONFIG}\nconst request = new Request("https://app.example.com/dashboard");`,
    run: true,
    returned: `assert.ok(returned instanceof Response);\nassert.equal(returned.headers.get("location"), "https://app.example.com/auth/signin");`,
  },
  "src/index.ts#createActionURL": {
    prelude: `const request = new Request("https://app.example.com/dashboard", { headers: { host: "app.example.com" } });`,
    env: { AUTH_URL: undefined },
    run: true,
    after: `assert.equal(url.href, "https://app.example.com/auth/signin");`,
  },
  "src/index.ts#getAccessToken": { given: ["config", "request"] },
  "src/index.ts#listSessions": { given: ["config", "request"] },
  "src/config.ts#AuthConfig.twoFactor": { given: ["providers"] },
  "src/index.ts#TwoFactor": { given: ["providers", "adapter"] },
  "src/index.ts#twoFactorStatus": { given: ["config", "request"] },
  "src/index.ts#enrollTotp": { given: ["config", "request"] },
  "src/index.ts#confirmTotp": { given: ["config", "request"], prelude: "declare const code: string;" },
  "src/index.ts#regenerateRecoveryCodes": { given: ["config", "request"] },
  "src/index.ts#disableTwoFactor": { given: ["config", "request"] },
  "src/index.ts#requireRecentAuth": { given: ["config", "request"] },
  "src/pages/two-factor.ts#renderTwoFactorChallengePage": { given: ["csrfToken"] },
  "src/pages/two-factor.ts#renderTwoFactorSetupPage": {
    given: ["csrfToken"],
    prelude: "declare const qrSvg: string;",
  },
  "src/index.ts#revokeSession": { given: ["config", "request"] },
  "src/index.ts#revokeOtherSessions": { given: ["config", "request"] },
  "src/index.ts#listUserSessions": { given: ["config"] },
  "src/index.ts#revokeUserSession": { given: ["config"], prelude: `declare const sessionId: string;` },
  "src/index.ts#listAuthenticators": { given: ["config", "request"] },
  "src/index.ts#deleteAuthenticator": { given: ["config", "request"] },
  "src/index.ts#revokeUserSessions": {
    given: ["config"],
    prelude: `declare const currentSessionId: string;`,
  },
  "src/jwt/index.ts#module": {
    prelude: `const request = new Request("https://app.example.com/dashboard");`,
    env: { AUTH_SECRET: "docs-example-new-secret-0123456789abcdef" },
    run: true,
    after: `assert.equal(claims?.sub, "user-1");\nassert.equal(fromRequest, null);`,
  },
  "src/jwt/index.ts#encode": {
    prelude: `const secret = "docs-example-new-secret-0123456789abcdef";`,
    run: true,
    // Compact JWE with direct encryption: header, empty key, iv, ciphertext, tag.
    after: `assert.match(jwt, /^[\\w-]+\\.\\.[\\w-]+\\.[\\w-]+\\.[\\w-]+$/);`,
  },
  "src/jwt/index.ts#decode": {
    prelude: `import { encode } from "latchkey/jwt";${SECRETS}
const jwt = await encode({ token: { sub: "user-1" }, secret: oldSecret, salt: "authjs.session-token" });
const unauthorized = () => new Response(null, { status: 401 });`,
    run: true,
    after: `assert.equal(claims.sub, "user-1");`,
  },
  "src/jwt/index.ts#getToken": {
    prelude: `import { encode } from "latchkey/jwt";
const jwt = await encode({ token: { sub: "user-1" }, secret: "docs-example-new-secret-0123456789abcdef", salt: "__Secure-authjs.session-token" });
const request = new Request("https://app.example.com/", { headers: { cookie: \`__Secure-authjs.session-token=\${jwt}\` } });`,
    env: { AUTH_SECRET: "docs-example-new-secret-0123456789abcdef" },
    run: true,
    after: `assert.equal(token?.sub, "user-1");`,
  },

  "src/node/bridge.ts#toWebRequest": { given: ["config"] },
  "src/node/bridge.ts#sendWebResponse": { given: ["res"] },
  "src/node/bridge.ts#createNodeHandler": { given: ["config"] },
  "src/node/index.ts#toNodeHandler": { prelude: RUNNABLE_CONFIG, run: true, exports: ["app"] },
  "src/node/parsed-body.ts#serializeParsedBody": { run: true },
  "src/node/request-body.ts#requestBodyStream": {
    given: ["req"],
    prelude: `declare const url: URL;`,
  },
  "src/node/request-headers.ts#toWebHeaders": {
    prelude: `import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
const req = new IncomingMessage(new Socket());
req.rawHeaders = ["Host", "localhost:3000", "Accept", "text/html"];`,
    run: true,
  },
  "src/node/request-url.ts#requestUrl": {
    prelude: `import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
const req = new IncomingMessage(new Socket());
req.url = "/auth/session";
req.headers = { host: "localhost:3000" };`,
    run: true,
  },

  "src/express/index.ts#module": { given: ["config"] },
  "src/express/index.ts#LatchkeyExpress": { given: ["config"] },
  "src/express/index.ts#getSession": { given: ["config"], prelude: EXPRESS_APP },
  "src/express/index.ts#authSession": { given: ["config"], prelude: EXPRESS_APP },
  "src/express/index.ts#requireAuth": { given: ["config"], prelude: EXPRESS_APP },
  "src/express/index.ts#requirePermission": { given: ["config"], prelude: EXPRESS_APP },
  "src/fastify/index.ts#module": { given: ["config"] },
  "src/fastify/index.ts#latchkeyFastify": { given: ["config"], prelude: `import Fastify from "fastify";` },
  "src/fastify/index.ts#getSession": { given: ["config"], prelude: FASTIFY_APP },
  "src/fastify/index.ts#requireAuth": { given: ["config"], prelude: FASTIFY_APP },
  "src/fastify/index.ts#requirePermission": { given: ["config"], prelude: FASTIFY_APP },
  "src/hono/index.ts#module": { given: ["config"] },
  "src/hono/index.ts#initAuthConfig": { given: ["providers"], prelude: `import { Hono } from "hono";` },
  "src/hono/index.ts#authHandler": { given: ["config"], prelude: HONO_APP },
  "src/hono/index.ts#getSession": { prelude: HONO_APP },
  "src/hono/index.ts#authSession": { prelude: HONO_APP },
  "src/hono/index.ts#verifyAuth": { prelude: HONO_APP },
  "src/hono/index.ts#requirePermission": { prelude: HONO_APP },
  "src/sveltekit/components/index.ts#module": {
    modules: { "../../auth.js": `export declare const signIn: import("@sveltejs/kit").Action;` },
  },
  "src/sveltekit/index.ts#module": { given: ["checkPassword"] },
  "src/sveltekit/index.ts#SvelteKitAuth": {
    modules: { "../../auth.js": `export declare const signIn: import("@sveltejs/kit").Action;` },
  },
  "src/pages/email-confirm.ts#renderEmailConfirmPage": {
    prelude: `const token = "a-verification-token";\nconst csrfToken = "a-csrf-token";`,
    run: true,
  },
  "src/pages/error-copy.ts#errorCopy": { run: true },
  "src/pages/error.ts#renderErrorPage": { run: true },
  "src/pages/escape.ts#escapeHtml": { run: true },
  "src/pages/layout.ts#renderDocument": { run: true },
  "src/pages/signin.ts#renderSignInPage": { prelude: `const csrfToken = "a-csrf-token";`, run: true },
  "src/pages/signout.ts#renderSignOutPage": { prelude: `const csrfToken = "a-csrf-token";`, run: true },
  "src/pages/theme.ts#sanitizeColor": { run: true },
  "src/pages/theme.ts#sanitizeLogoUrl": { run: true },
  "src/pages/theme.ts#resolveTheme": { run: true },
  "src/pages/verify-request.ts#renderVerifyRequestPage": { run: true },
  "src/pipeline/env-defaults.ts#setEnvDefaults": {
    env: {
      AUTH_SECRET: "docs-example-new-secret-0123456789abcdef",
      AUTH_SECRET_1: undefined,
      AUTH_SECRET_2: undefined,
      AUTH_SECRET_3: undefined,
      AUTH_URL: "https://app.example.com/api/auth",
      AUTH_TRUST_HOST: undefined,
    },
    run: true,
    after: `assert.deepEqual(
  [config.secret, config.trustHost, config.basePath],
  [["docs-example-new-secret-0123456789abcdef"], true, "/api/auth"],
);`,
  },
  "src/providers/credentials.ts#Credentials": { given: ["checkPassword"] },
  "src/config.ts#AuthConfig.rateLimit": { given: ["providers"] },
  "src/config.ts#AuthConfig.migrate": { given: ["providers"] },
  "src/config.ts#MigrateOptions.nextAuthV4": { given: ["providers"] },
  "src/core/origin.ts#attachSocketAddress": { given: ["request", "req"] },
  "src/core/origin.ts#clientAddresses": { given: ["request"] },
  "src/password/index.ts#module": {
    prelude: "declare const attempt: string;\ndeclare function saveHash(hash: string): Promise<void>;",
  },
  "src/password/index.ts#verifyPassword": {
    prelude: "declare const user: { passwordHash: string };\ndeclare const submitted: string;",
  },
  "src/password/index.ts#needsRehash": {
    prelude:
      "declare const user: { id: string; passwordHash: string };\ndeclare const submitted: string;\ndeclare const users: { update(id: string, changes: { passwordHash: string }): Promise<void> };",
  },
  "src/providers/email.ts#Email": {
    prelude:
      "declare const mailApi: { send(mail: { to: string; subject: string; text: string }): Promise<void> };",
  },
  "src/rate-limit/index.ts#module": { given: ["providers"] },
  "src/rate-limit/limiter.ts#createRateLimiter": {
    prelude: 'import { DEFAULT_RATE_LIMIT_RULES, MemoryStore } from "latchkey/rate-limit";',
  },
  "src/rate-limit/rules.ts#RateLimitConfig": { given: ["providers"] },
  "src/store/bounded.ts#boundedStore": {
    prelude:
      'import { RedisStore } from "latchkey/rate-limit";\ndeclare const redis: import("ioredis").Redis;',
  },
  "src/store/errors.ts#StoreUnavailable": { given: ["config", "request"] },
  "src/store/errors.ts#LockTimeout": { given: ["config", "request"] },
  "src/store/errors.ts#StoreFull": { given: ["config"], prelude: `declare const userId: string;` },
  "src/store/redis.ts#RedisStore": { given: ["providers"] },
  "src/store/single-flight.ts#createSingleFlight": {
    prelude: `import type { AdapterAccount } from "latchkey/adapters";
import type { ShortLivedStore } from "latchkey/rate-limit";
declare const store: ShortLivedStore;
declare const account: AdapterAccount;
/** The account as stored now: another process may have refreshed it while this one waited. */
declare function loadAccount(provider: string, providerAccountId: string): Promise<AdapterAccount>;
declare function isExpired(account: AdapterAccount): boolean;
/** Redeems the refresh token at the provider and stores the new tokens. */
declare function refreshAndSave(account: AdapterAccount): Promise<AdapterAccount>;`,
  },
  "src/store/types.ts#ShortLivedStore": {
    prelude: `const challenge = "a-webauthn-challenge";`,
    run: true,
    after: `assert.equal(once, "a-webauthn-challenge");\nassert.equal(await store.take("challenge:abc"), undefined);`,
  },
  "src/two-factor/base32.ts#base32Encode": { run: true },
  "src/two-factor/recovery-codes.ts#normalizeRecoveryCode": { run: true },
  "src/two-factor/totp.ts#totpStep": { run: true },
  "src/two-factor/totp.ts#otpauthUri": { run: true },
  "src/two-factor/qr-svg.ts#qrCodeSvg": { run: true },
};
