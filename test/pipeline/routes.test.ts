import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { Auth, isAuthAction } from "../../src/index.js";
import { DECLARED_ROUTE_NAMES, ROUTES, routeTable } from "../../src/pipeline/routes.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import { makeConfig, send } from "../core/helpers.js";

const routesCarriedBy = (built: object) => {
  const provider = built as Record<symbol, { routes?: object }>;
  const flow = provider[Symbol.for("latchkey.flow")];
  return flow?.routes ?? {};
};
const passkeyRoutes = () => routesCarriedBy(Passkey());
const emailRoutes = () => routesCarriedBy(Email({ sendVerificationRequest: () => undefined }));

describe("routes declared by flows", () => {
  it("the passkey flow declares Auth.js's webauthn-options and latchkey's webauthn-script", () => {
    expect(Object.keys(passkeyRoutes()).sort()).toEqual(["webauthn-options", "webauthn-script"]);
  });

  it("the e-mail flow declares Auth.js's verify-request page", () => {
    expect(Object.keys(emailRoutes())).toEqual(["verify-request"]);
  });

  it("isAuthAction knows every built-in and declared route name, and nothing else", () => {
    for (const name of [...Object.keys(ROUTES), ...DECLARED_ROUTE_NAMES])
      expect(isAuthAction(name)).toBe(true);
    for (const name of [...Object.keys(passkeyRoutes()), ...Object.keys(emailRoutes())])
      expect(DECLARED_ROUTE_NAMES).toContain(name);
    expect(isAuthAction("constructor")).toBe(false);
    expect(isAuthAction("dashboard")).toBe(false);
  });

  it("a declared route that takes a built-in name is refused at startup, naming its owner", () => {
    const route = ROUTES.csrf as NonNullable<(typeof ROUTES)["csrf"]>;
    expect(() => routeTable([{ owner: 'Provider "x"', routes: { signin: { ...route } } }])).toThrow(
      /Provider "x" declares the route "signin", which is built in/,
    );
    expect(() =>
      routeTable([
        { owner: "a", routes: { extra: { ...route } } },
        { owner: "b", routes: { extra: { ...route } } },
      ]),
    ).toThrow(/b declares the route "extra", which a declares too/);
  });

  it("two providers of one type declare one route, served once", async () => {
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [Credentials({ authorize: () => null }), Passkey(), Passkey({ id: "second" })],
    });
    const response = await send(config, "/webauthn-script");
    expect(response.status).toBe(200);
  });

  it("an app without the flow answers its routes 404, as any unknown route", async () => {
    const response = await Auth(new Request("https://app.test/auth/webauthn-script"), makeConfig());
    expect(response.status).toBe(404);
  });
});
