/**
 * With the default logger, a next-auth v4 variable name is reported once per process, however many
 * configurations read it: Next.js resolves the app's configuration once per route bundle, and the
 * same DeprecatedEnv advice printed for each is noise. (An app's own logger hears it once per
 * configuration: test/core/next-auth-v4-env.test.ts.)
 */
import { afterEach, expect, it, vi } from "vitest";
import { aliceCredentials, SECRET, send } from "./helpers.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

it("NEXTAUTH_SECRET read by several configurations is reported once through the default logger", async () => {
  vi.stubEnv("AUTH_SECRET", undefined);
  vi.stubEnv("NEXTAUTH_SECRET", SECRET);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  for (let bundle = 0; bundle < 3; bundle++) {
    // A fresh configuration object each time, as each route bundle of a Next.js app makes its own.
    const config = { providers: [aliceCredentials()], trustHost: true };
    const response = await send(config, "/session", { origin: "http://app.test" });
    expect(response.status).toBe(200);
  }
  const reports = warn.mock.calls.filter(([line]) => String(line).includes("DeprecatedEnv"));
  expect(reports).toEqual([
    [
      "[latchkey][warn] DeprecatedEnv: NEXTAUTH_SECRET is next-auth v4's name for AUTH_SECRET; it is read while AUTH_SECRET is unset. Rename it AUTH_SECRET. See docs/errors.md#deprecatedenv.",
    ],
  ]);
});
