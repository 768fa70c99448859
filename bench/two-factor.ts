/**
 * Two-factor sign-in's cost: POST /callback/credentials for a user without a second factor, against
 * the same password followed by POST /two-factor with a TOTP code (JWT sessions, memory adapter and
 * store, rate limiter off). Codes come from `otpauth`, as an authenticator app would make them.
 *
 * Each TOTP step counts once per user (RFC 6238 §5.2), so the TOTP task moves this process's clock
 * (`Date.now`) on by one 30-second step per sign-in; the group runs alone, and the clock is put
 * back by `close()`.
 */
import { Auth, type AuthConfig, confirmTotp, enrollTotp } from "latchkey";
import { MemoryAdapter } from "latchkey/adapters";
import Credentials from "latchkey/providers/credentials";
import * as OTPAuth from "otpauth";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const origin = "http://app.test";
const USERS = { ada: "user-ada", bea: "user-bea" } as const;

function config(twoFactor: boolean): AuthConfig {
  const adapter = MemoryAdapter();
  for (const [name, id] of Object.entries(USERS)) {
    void adapter.createUser?.({ id, name, email: `${name}@example.test`, emailVerified: null });
  }
  return {
    secret,
    trustHost: true,
    rateLimit: false,
    adapter,
    session: { strategy: "jwt" },
    ...(twoFactor ? { twoFactor: { methods: ["totp"] as const } } : {}),
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username }) => {
          const id = USERS[username as keyof typeof USERS];
          return id ? { id, name: String(username), email: `${String(username)}@example.test` } : null;
        },
      }),
    ],
  };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));

export async function twoFactorGroups(): Promise<{ groups: BenchGroup[]; close(): Promise<void> }> {
  const realNow = Date.now;
  let skew = 0;
  Date.now = () => realNow() + skew;

  const plain = config(false);
  const withTwoFactor = config(true);
  // One CSRF cookie and token pair, reused: the double-submit check is stateless.
  const csrf = await Auth(new Request(`${origin}/auth/csrf`), plain);
  const csrfCookie = cookiesOf(csrf)[0] ?? "";
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const post = (auth: AuthConfig, path: string, cookie: string, fields: Record<string, string>) =>
    Auth(
      new Request(`${origin}/auth/${path}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, ...fields }).toString(),
      }),
      auth,
    );
  const password = (auth: AuthConfig, username: string) =>
    post(auth, "callback/credentials", csrfCookie, { username, password: "any" });

  // Bea enrols an authenticator app through the public API, signed in with her password.
  const session = cookiesOf(await password(withTwoFactor, "bea")).join("; ");
  const signedIn = () => new Request(`${origin}/settings`, { headers: { cookie: session } });
  const enrolment = await enrollTotp(signedIn(), withTwoFactor);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolment.secret) });
  if ((await confirmTotp(signedIn(), withTwoFactor, totp.generate())) === null) {
    throw new Error("two-factor bench: enrolment was not confirmed");
  }

  const passwordAlone = async () => {
    const response = await password(plain, "ada");
    if (!response.headers.get("location")?.endsWith("/")) throw new Error("password alone did not sign in");
  };
  const passwordThenCode = async () => {
    skew += 30_000;
    const held = await password(withTwoFactor, "bea");
    const cookie = [csrfCookie, ...cookiesOf(held)].join("; ");
    const response = await post(withTwoFactor, "two-factor", cookie, { code: totp.generate() });
    if (!response.headers.get("location")?.endsWith("/")) {
      throw new Error(`password + TOTP did not sign in (${response.headers.get("location")})`);
    }
  };
  await passwordAlone();
  await passwordThenCode();

  return {
    groups: [
      {
        title: "credentials sign-in (jwt, memory adapter): password + TOTP vs password alone",
        tasks: [
          { name: "password alone", fn: passwordAlone },
          { name: "password + TOTP", fn: passwordThenCode },
        ],
        ratios: [["password + TOTP", "password alone"]],
        notes: [
          "password + TOTP is two requests: the callback (pending cookie) and POST /two-factor (one read of the two-factor record, one conditional write of the TOTP step, one store write spending the pending cookie; test/two-factor/round-trips.test.ts counts them); authorize hashes no password here, so the ratio is the second step against the cheapest first factor",
        ],
      },
    ],
    async close() {
      Date.now = realNow;
    },
  };
}
