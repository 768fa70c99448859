/**
 * Node apps on Express, Fastify and SvelteKit: their entries compile with Node's types and the
 * framework's own (`@types/express` for Express, as Express apps in TypeScript have), and their
 * augmentations type `res.locals.session`, `request.auth` and `event.locals.auth()`; the props of
 * latchkey/sveltekit/components' `<SignIn>` and `<SignOut>` are those `@auth/sveltekit/components` takes.
 */
import type { Handle, RequestEvent } from "@sveltejs/kit";
import express from "express";
import Fastify from "fastify";
import type { AuthConfig, Session } from "latchkey";
import { authSession, getSession, LatchkeyExpress, requireAuth } from "latchkey/express";
import {
  getSession as getFastifySession,
  type LatchkeyFastifyConfig,
  latchkeyFastify,
  requireAuth as requireFastifyAuth,
} from "latchkey/fastify";
import { SvelteKitAuth } from "latchkey/sveltekit";
import type { SignIn, SignOut } from "latchkey/sveltekit/components";
import type { ComponentProps } from "svelte";

declare const config: AuthConfig;

export const expressApp = express();
expressApp.use("/auth", LatchkeyExpress(config));
expressApp.use(authSession(config));
expressApp.get("/me", requireAuth(config), async (req, res) => {
  const fromLocals: Session | null | undefined = res.locals.session;
  const read: Session | null = await getSession(req, config);
  res.json({ fromLocals, read });
});

const fastifyConfig: LatchkeyFastifyConfig = { ...config, trustProxy: false };
export const fastifyApp = Fastify();
await fastifyApp.register(latchkeyFastify, { prefix: "/auth", ...fastifyConfig });
fastifyApp.get("/me", { preHandler: requireFastifyAuth(fastifyConfig) }, async (request) => {
  const fromHook: Session | null | undefined = request.auth;
  return { fromHook, read: await getFastifySession(request, fastifyConfig) };
});

export const { handle, signIn, signOut } = SvelteKitAuth((event: RequestEvent) => ({
  ...config,
  trustHost: event.url.protocol === "https:",
}));
export const hook: Handle = handle;
export const load = async (event: RequestEvent): Promise<{ session: Session | null }> => ({
  session: await event.locals.auth(),
});

export const signInProps: ComponentProps<typeof SignIn> = {
  provider: "github",
  signInPage: "login",
  options: { redirectTo: "/dashboard", redirect: true },
  authorizationParams: { prompt: "login" },
  className: "primary",
  id: "sign-in",
};
export const signOutProps: ComponentProps<typeof SignOut> = {
  signOutPage: "logout",
  options: { redirectTo: "/" },
};
// @ts-expect-error: redirectTo is a path or URL
export const wrongRedirect: ComponentProps<typeof SignOut> = { options: { redirectTo: 42 } };
// @ts-expect-error: <SignOut> has no provider (the props are checked, not Svelte's any-props `*.svelte`)
export const notASignOutProp: ComponentProps<typeof SignOut> = { provider: "github" };
