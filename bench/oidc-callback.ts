/**
 * GET /auth/callback/:id of an OpenID Connect provider, the second half of the code flow: latchkey
 * vs @auth/core against the same real OpenID Provider (`oidc-provider`, plain http on 127.0.0.1,
 * in this process).
 *
 * Each side starts one sign-in (`POST /auth/signin/op`), which fixes its check cookies and its
 * authorization URL. The OP's login form is filled in once; with that OP session, each further visit
 * to a side's authorization URL returns a fresh, single-use authorization code for it at once. Codes
 * are minted in batches before each timed slice (the harness's `prepare`), so what is timed is the
 * callback request alone: check cookies, the discovery document (@auth/core fetches it on every
 * callback, latchkey caches it), the token request and the OP's answer to it (code lookup, client
 * authentication, an ID token signed with RS256), ID-token validation (latchkey also verifies its
 * signature against the OP's JWKS), the user, and the session JWT. The OP's share of the work runs
 * in the same process and counts for both sides alike. A third task, the floor, sends the token
 * request alone (fresh code, client authentication, JSON parsed): what any client must pay at least.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth as authjsAuth } from "@auth/core";
import { exportJWK, generateKeyPair } from "jose";
import { Auth } from "latchkey";
import Provider, { type Adapter, type AdapterConstructor, type AdapterPayload } from "oidc-provider";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const origin = "http://app.test";
const clientId = "bench-client";
const clientSecret = "bench-client-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const account = { sub: "ada", email: "ada@example.test", email_verified: true, name: "Ada Lovelace" };

/**
 * The OP's storage: plain Maps for this one OP. oidc-provider's own development store is an LRU of
 * 1,000 entries, which would evict codes minted ahead; this one keeps everything until the OP closes.
 */
function mapStorage(): AdapterConstructor {
  const models = new Map<string, Map<string, AdapterPayload>>();
  return class MapAdapter implements Adapter {
    private readonly rows: Map<string, AdapterPayload>;
    constructor(model: string) {
      const rows = models.get(model) ?? new Map<string, AdapterPayload>();
      models.set(model, rows);
      this.rows = rows;
    }
    async upsert(id: string, payload: AdapterPayload) {
      this.rows.set(id, payload);
    }
    async find(id: string) {
      return this.rows.get(id);
    }
    async findByUid(uid: string) {
      for (const row of this.rows.values()) if (row.uid === uid) return row;
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const row of this.rows.values()) if (row.userCode === userCode) return row;
      return undefined;
    }
    async consume(id: string) {
      const row = this.rows.get(id);
      if (row) row.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      this.rows.delete(id);
    }
    async revokeByGrantId(grantId: string) {
      for (const [id, row] of this.rows) if (row.grantId === grantId) this.rows.delete(id);
    }
  };
}

/** The OP, with one confidential client whose redirect URI is the app's callback for provider `op`. */
async function startOP() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), kid: "bench-key", alg: "RS256", use: "sig" };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    adapter: mapStorage(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${origin}/auth/callback/op`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [signingJwk] },
    async findAccount(_ctx, id) {
      return id === account.sub ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The profile claims go into the ID token, which both libraries read the user from.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // Codes are minted ahead of the slices that use them; the whole run takes a few minutes.
    ttl: { AuthorizationCode: 900, AccessToken: 3600, IdToken: 3600, Session: 3600, Grant: 3600 },
    cookies: { keys: ["bench-op-cookie-key-0123456789"] },
  });
  provider.on("server_error", (_ctx, error) => console.error("[bench OP]", error));
  const exchanges = { succeeded: 0, failed: 0 };
  provider.on("grant.success", () => exchanges.succeeded++);
  provider.on("grant.error", () => exchanges.failed++);
  server.on("request", provider.callback());
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { issuer, exchanges, close };
}

/** The browser's cookies at the OP, kept across visits (its login session, once signed in). */
class OPCookies {
  private readonly cookies = new Map<string, string>();
  apply(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0] as string;
      const name = pair.slice(0, pair.indexOf("="));
      this.cookies.set(name, pair);
    }
  }
  header(): string {
    return [...this.cookies.values()].join("; ");
  }
}

/**
 * Visits `authorizationUrl` at the OP until it redirects back to the app, filling in the OP's
 * login and consent forms if it shows them; returns the app's callback URL, code included.
 */
async function authorize(authorizationUrl: string, jar: OPCookies): Promise<string> {
  let next = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    if (next.startsWith(origin)) return next;
    const response = await fetch(next, { headers: { cookie: jar.header() }, redirect: "manual" });
    jar.apply(response);
    if (response.status === 200 && next.includes("/interaction/")) {
      const html = await response.text();
      const form: Record<string, string> = html.includes('name="login"')
        ? { prompt: "login", login: account.sub, password: "any" }
        : { prompt: "consent" };
      const submitted = await fetch(new URL(next).href, {
        method: "POST",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      });
      jar.apply(submitted);
      next = new URL(submitted.headers.get("location") as string, next).href;
      continue;
    }
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (!location) throw new Error(`the OP answered ${response.status} at ${next}`);
    next = new URL(location, next).href;
  }
  throw new Error("the OP did not redirect back to the app within 10 steps");
}

type Handler = (request: Request) => Promise<Response>;

/**
 * Callback URLs for one authorization URL, each with a fresh code, minted from the OP in batches
 * before each slice so that the slice itself only takes them.
 */
function codeSupply(authorizationUrl: string, jar: OPCookies) {
  const urls: string[] = [];
  let usedSinceRefill = 0;
  let mostUsedInASlice = 0;
  let mintedWhileTimed = 0;
  const mint = async (count: number) => {
    // A few visits in flight at once: the OP's work overlaps the loopback round trips.
    const lanes = 8;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let i = lane; i < count; i += lanes) urls.push(await authorize(authorizationUrl, jar));
      }),
    );
  };
  return {
    /** A callback URL whose code no request has used yet, minted now (for the checks before timing). */
    fresh: () => authorize(authorizationUrl, jar),
    /** A callback URL whose code no request has used yet, from the supply. */
    next(): string | Promise<string> {
      usedSinceRefill++;
      const url = urls.pop();
      if (url) return url;
      mintedWhileTimed++;
      return authorize(authorizationUrl, jar);
    },
    /** Tops the supply up to half again the most a slice has used so far (a warm-up slice is twice as long). */
    async prepare() {
      mostUsedInASlice = Math.max(mostUsedInASlice, usedSinceRefill);
      usedSinceRefill = 0;
      const wanted = Math.max(256, Math.ceil(mostUsedInASlice * 1.5) + 32);
      if (urls.length < wanted) await mint(wanted - urls.length);
    },
    /** Codes a slice had to mint inside its timed part because the supply ran out. */
    mintedWhileTimed: () => mintedWhileTimed,
  };
}

/** One side's sign-in, started once: its authorization URL at the OP and its check cookies. */
async function startSignIn(
  name: string,
  auth: Handler,
): Promise<{ authorizationUrl: string; cookie: string }> {
  const csrf = await auth(new Request(`${origin}/auth/csrf`));
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signin = await auth(
    new Request(`${origin}/auth/signin/op`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/` }).toString(),
    }),
  );
  const authorizationUrl = signin.headers.get("location") ?? "";
  if (!authorizationUrl.startsWith("http://127.0.0.1"))
    throw new Error(`${name}: POST /signin/op did not redirect to the OP: ${authorizationUrl}`);
  const cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { authorizationUrl, cookie };
}

/**
 * The floor: the token request alone, as a client with nothing else to do would send it (client
 * authentication, the code, the JSON answer parsed), with none of a library's checks around it.
 */
function tokenRequest(issuer: string, callbackUrl: string): Promise<unknown> {
  const code = new URL(callbackUrl).searchParams.get("code") ?? "";
  return fetch(`${issuer}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${origin}/auth/callback/op`,
    }).toString(),
  }).then((response) => response.json());
}

/** The signed-in user as the side's own GET /session reports it. */
async function sessionUser(auth: Handler, response: Response): Promise<unknown> {
  const location = response.headers.get("location") ?? "";
  const sessionCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => c.startsWith("authjs.session-token"))
    .join("; ");
  if (location !== `${origin}/` || !sessionCookie) return { location };
  const session = await auth(new Request(`${origin}/auth/session`, { headers: { cookie: sessionCookie } }));
  return ((await session.json()) as { user?: unknown } | null)?.user;
}

export async function oidcCallbackGroups(): Promise<{ groups: BenchGroup[]; close(): Promise<void> }> {
  const op = await startOP();
  const provider = {
    id: "op",
    name: "Local OP",
    type: "oidc" as const,
    issuer: op.issuer,
    clientId,
    clientSecret,
  };
  const latchkeyConfig = { secret, trustHost: true, providers: [provider] };
  const authjsConfig = { secret, trustHost: true, basePath: "/auth", providers: [{ ...provider }] } as never;
  const latchkey: Handler = (request) => Auth(request, latchkeyConfig);
  const authjs: Handler = (request) => authjsAuth(request, authjsConfig) as Promise<Response>;

  // One OP login serves every side: the first authorization fills in the login and consent forms.
  const jar = new OPCookies();
  const sides: Array<{ name: string; auth: Handler; cookie: string; codes: ReturnType<typeof codeSupply> }> =
    [];
  for (const [name, auth] of [
    ["latchkey", latchkey],
    ["@auth/core", authjs],
  ] as const) {
    const { authorizationUrl, cookie } = await startSignIn(name, auth);
    sides.push({ name, auth, cookie, codes: codeSupply(authorizationUrl, jar) });
  }
  const floorAuthorization = new URL(`${op.issuer}/auth`);
  floorAuthorization.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: "openid profile email",
    redirect_uri: `${origin}/auth/callback/op`,
  }).toString();
  const floorCodes = codeSupply(floorAuthorization.href, jar);

  // Both must complete the exchange and sign the same user in before anything is measured.
  const users: string[] = [];
  for (const { name, auth, cookie, codes } of sides) {
    const before = op.exchanges.succeeded;
    const callback = new Request(await codes.fresh(), { headers: { cookie } });
    const user = await sessionUser(auth, await auth(callback));
    if (op.exchanges.succeeded !== before + 1)
      throw new Error(`${name}: the callback did not exchange its code at the OP`);
    const { name: userName, email } = (user ?? {}) as { name?: unknown; email?: unknown };
    if (email !== account.email || userName !== account.name)
      throw new Error(`${name}'s OIDC callback did not sign ${account.email} in: ${JSON.stringify(user)}`);
    users.push(JSON.stringify({ name: userName, email }));
  }
  if (users[0] !== users[1])
    throw new Error(`the two sides signed different users in: ${users.join(" vs ")}`);
  const floorAnswer = (await tokenRequest(op.issuer, await floorCodes.fresh())) as { id_token?: unknown };
  if (typeof floorAnswer.id_token !== "string") throw new Error("the floor's token request got no ID token");

  const notes: string[] = [];
  const exchangesBefore = { ...op.exchanges };
  let exchangesTimed = 0;
  const tasks = [
    ...sides.map(({ name, auth, cookie, codes }) => ({
      name,
      async fn() {
        exchangesTimed++;
        return auth(new Request(await codes.next(), { headers: { cookie } }));
      },
      prepare: codes.prepare,
    })),
    {
      name: "floor (token request alone)",
      async fn() {
        exchangesTimed++;
        return tokenRequest(op.issuer, await floorCodes.next());
      },
      prepare: floorCodes.prepare,
    },
  ];

  return {
    groups: [
      {
        title: "GET /callback (OIDC code flow, local oidc-provider)",
        tasks,
        ratios: [
          ["latchkey", "@auth/core"],
          ["latchkey", "floor (token request alone)"],
          ["@auth/core", "floor (token request alone)"],
        ],
        notes,
      },
    ],
    async close() {
      const succeeded = op.exchanges.succeeded - exchangesBefore.succeeded;
      const failed = op.exchanges.failed - exchangesBefore.failed;
      const minted = [...sides.map((side) => side.codes), floorCodes].reduce(
        (sum, codes) => sum + codes.mintedWhileTimed(),
        0,
      );
      notes.push(
        `code exchanges at the OP: ${succeeded} succeeded, ${failed} failed, for ${exchangesTimed} requests`,
      );
      notes.push(`codes minted inside a slice (supply ran out; warm-up included): ${minted}`);
      await op.close();
    },
  };
}
