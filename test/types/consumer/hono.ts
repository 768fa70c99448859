/**
 * A Hono app on an edge runtime: `latchkey/hono` compiles without Node's types, and its
 * ContextVariableMap entries type `c.get("session")`. consumer.test.ts compiles it.
 */
import { Hono } from "hono";
import type { AuthConfig, Session } from "latchkey";
import { authHandler, authSession, getSession, initAuthConfig, verifyAuth } from "latchkey/hono";

declare const config: AuthConfig;
type Bindings = { AUTH_SECRET: string };

export const app = new Hono<{ Bindings: Bindings }>();
app.use(
  "*",
  initAuthConfig((c) => ({ ...config, secret: c.env.AUTH_SECRET })),
);
app.use("/auth/*", authHandler());
app.use("*", authSession());
app.get("/api/me", verifyAuth(), (c) => {
  const session: Session | null = c.get("session");
  return c.json({ name: session?.user?.name ?? null });
});
app.get("/", async (c) => c.text((await getSession(c))?.user?.email ?? "stranger"));
