/**
 * An `@auth/express` app's auth code with its imports switched to `latchkey/express`: the config
 * typed `ExpressAuthConfig`, `Session` augmented through the framework's entry as Auth.js's
 * TypeScript page shows, and the other names `@auth/express` exports, imported from the same place.
 */
import express, { type NextFunction, type Request, type Response } from "express";
import {
  type Account,
  AuthError,
  CredentialsSignin,
  customFetch,
  type DefaultSession,
  type ExpressAuthConfig,
  type GetSessionResult,
  getSession,
  LatchkeyExpress,
  type Profile,
  type Session,
  type User,
} from "latchkey/express";
import GitHub from "latchkey/providers/github";

declare module "latchkey/express" {
  interface Session {
    user: { id: string };
  }
}

export const authConfig: ExpressAuthConfig = {
  trustHost: true,
  providers: [GitHub({ [customFetch]: fetch })],
  callbacks: {
    async session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
};

export async function currentSession(req: Request, res: Response, next: NextFunction) {
  const session: Session | undefined = (await getSession(req, authConfig)) ?? undefined;
  res.locals.session = session;
  next();
}

export const readSession = (req: Request): GetSessionResult => getSession(req, authConfig);

export const app = express();
app.use("/auth", LatchkeyExpress(authConfig));
app.use(currentSession);
app.get("/me", (_req, res) => {
  const session = res.locals.session as Session | undefined;
  res.json({ id: session?.user.id ?? null });
});

export const isAuthError = (error: unknown) =>
  error instanceof AuthError || error instanceof CredentialsSignin;
export type SignInParts = [User, Account | null, Profile | undefined, DefaultSession["expires"]];
