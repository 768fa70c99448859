/// <reference types="latchkey/sveltekit" />
/**
 * An `@auth/sveltekit` app's auth code with its imports switched to `latchkey/sveltekit`: the
 * `reference types` line its app.d.ts has, `Session` augmented through the framework's entry as
 * Auth.js's TypeScript page shows, and the other names `@auth/sveltekit` exports.
 */
import type { RequestEvent } from "@sveltejs/kit";
import GitHub from "latchkey/providers/github";
import {
  type Account,
  AuthError,
  CredentialsSignin,
  type DefaultSession,
  type Profile,
  type Session,
  SvelteKitAuth,
  type SvelteKitAuthConfig,
  type User,
} from "latchkey/sveltekit";

declare module "latchkey/sveltekit" {
  interface Session {
    user: { userId: string } & DefaultSession["user"];
  }
}

const config: SvelteKitAuthConfig = {
  trustHost: true,
  providers: [GitHub],
  callbacks: {
    session: async ({ session, token }) => {
      if (token) session.user.userId = token.sub ?? "";
      return session;
    },
  },
};

export const { handle, signIn, signOut } = SvelteKitAuth(config);

export const load = async (event: RequestEvent): Promise<{ userId: string | null }> => {
  const session: Session | null = await event.locals.auth();
  return { userId: session?.user.userId ?? null };
};

export const isAuthError = (error: unknown) =>
  error instanceof AuthError || error instanceof CredentialsSignin;
export type SignInParts = [User, Account | null, Profile | undefined];
