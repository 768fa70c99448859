/**
 * Two-factor sign-in on an edge runtime, where `#auth-features` is `built-in-features.edge.ts` and
 * `Auth` brings no feature: a plain `twoFactor` object fails at startup naming `TwoFactor()`, which
 * carries the feature's code, and with it sign-in is held for the second factor as on Node.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { TwoFactor } from "../../src/index.js";
import { locationOf, makeConfig, recordingLogger, send, signInWithCredentials } from "../core/helpers.js";
import { setsSession, twoFactorApp } from "./harness.js";

vi.mock("#auth-flows", () => import("../../src/flows/auth-registry.edge.js"));
vi.mock("#auth-features", () => import("../../src/pipeline/built-in-features.edge.js"));

describe("two-factor sign-in on an edge runtime", () => {
  it("a plain twoFactor object fails at startup, naming TwoFactor()", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      adapter: MemoryAdapter(),
      twoFactor: { methods: ["totp"] },
      logger: log.logger,
    });
    expect((await send(config, "/session")).status).toBe(500);
    expect(log.text()).toMatch(
      /twoFactor: TwoFactor\(\{ methods: \["totp"\] \}\) with TwoFactor from "latchkey"/,
    );
  });

  it("TwoFactor() brings the feature: its routes answer and a required second factor holds the sign-in", async () => {
    const { config } = await twoFactorApp({
      twoFactor: TwoFactor({ methods: ["totp"], required: "always" }),
    });
    const { response, jar } = await signInWithCredentials(config);
    expect(locationOf(response).pathname).toBe("/auth/two-factor-setup");
    expect(setsSession(response)).toBe(false);
    expect((await send(config, "/two-factor-setup", { cookie: jar })).status).toBe(200);
  });
});
