/**
 * A Next.js app's `auth.ts`, proxy, route handler and server actions on `latchkey/next`, compiled
 * by test/types/next.test.ts against the built package as a Next.js project compiles it.
 */
import NextAuth, {
  AccessDenied,
  type Account,
  AuthError,
  CredentialsSignin,
  type DefaultSession,
  type NextAuthConfig,
  type NextAuthRequest,
  type NextAuthResult,
  type Profile,
  type Session,
  type User,
} from "latchkey/next";
import withAuth, { type NextRequestWithAuth } from "latchkey/next/middleware";
import PagesNextAuth, { getServerSession, type NextAuthOptions } from "latchkey/next/pages";
import Credentials from "latchkey/providers/credentials";
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next";
import { NextResponse } from "next/server.js";

export const config: NextAuthConfig = {
  providers: [Credentials({ authorize: ({ username }) => (username ? { id: String(username) } : null) })],
  callbacks: {
    authorized: ({ auth, request }) =>
      request.nextUrl.pathname === "/" ||
      Boolean(auth) ||
      NextResponse.redirect(new URL("/login", request.url)),
    signIn: ({ account, profile }: { account?: Account | null; profile?: Profile }) =>
      account?.provider !== "blocked" && profile?.email !== "blocked@example.com",
  },
};

export const result: NextAuthResult = NextAuth(config);
export const { handlers, auth, signIn, signOut, unstable_update } = result;
export const { GET, POST } = handlers;
export const lazy: NextAuthResult = NextAuth(async (request) => ({
  ...config,
  basePath: request ? "/api/auth" : undefined,
}));

// proxy.ts, both ways
export { auth as proxy };
export const wrapped = auth((req: NextAuthRequest) => {
  if (!req.auth) return NextResponse.redirect(new URL("/login", req.nextUrl));
});
export const route = auth(async (req, context: { params: Promise<{ id: string }> }) =>
  Response.json({ id: (await context.params).id, user: req.auth?.user ?? null }),
);

export async function page(): Promise<string> {
  const session: Session | null = await auth();
  const user: User | undefined = session?.user;
  const expires: DefaultSession["expires"] | undefined = session?.expires;
  return `${user?.name ?? "nobody"} until ${expires ?? "never"}`;
}

export async function logIn(formData: FormData): Promise<string | undefined> {
  try {
    await signIn("credentials", formData);
  } catch (error) {
    if (error instanceof CredentialsSignin) return error.code;
    if (error instanceof AccessDenied || error instanceof AuthError) return error.type;
    throw error;
  }
}

export async function urls(): Promise<[string, string, Session | null]> {
  const url: string = await signIn(
    "github",
    { redirectTo: "/dashboard", redirect: false },
    { prompt: "login" },
  );
  const { redirect } = await signOut({ redirect: false });
  return [url, redirect, await unstable_update({ user: { name: "Ada" } })];
}

// The Pages Router, next-auth v4's way: pages/api/auth/[...nextauth].ts, getServerSession, middleware.
export const authOptions: NextAuthOptions = {
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: async (credentials) => (credentials?.username ? { id: credentials.username } : null),
    }),
  ],
  migrate: { nextAuthV4: true },
};
export const pagesHandler = PagesNextAuth(authOptions);
export async function pagesApiRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const session: Session | null = await getServerSession(req, res, authOptions);
  if (!session) return PagesNextAuth(req, res, authOptions);
  res.json({ email: session.user?.email ?? null, v5: (await auth(req, res))?.user ?? null });
}
export async function getServerSideProps(context: GetServerSidePropsContext) {
  const session = (await getServerSession(context.req, context.res, authOptions)) ?? (await auth(context));
  return { props: { email: session?.user?.email ?? null } };
}
export const middleware = withAuth(
  (req: NextRequestWithAuth) => {
    if (req.nextauth.token?.email === "blocked@example.com")
      return NextResponse.redirect(new URL("/", req.url));
  },
  { callbacks: { authorized: ({ token }) => Boolean(token) }, pages: { signIn: "/login" } },
);
export { default as defaultMiddleware } from "latchkey/next/middleware";
