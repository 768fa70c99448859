/**
 * What is logged and answered when something other than the request fails: an adapter method that
 * is missing at run time, an event handler that throws, a thrown value that is not an Error, and a
 * failure while the error page itself is being answered.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { MissingAdapterMethods } from "../../src/core/errors.js";
import { listUserSessions } from "../../src/index.js";
import { APP, locationOf, makeConfig, recordingLogger, send, signInWithCredentials } from "./helpers.js";

describe("adapter methods", () => {
  it("a method latchkey needs only now, and the adapter lacks, is named", async () => {
    const { listSessionsByUserId: _omitted, ...adapter } = MemoryAdapter();
    const config = makeConfig({ adapter: adapter as Adapter });
    await expect(listUserSessions(config, "user-1")).rejects.toThrow(
      new MissingAdapterMethods(
        "This operation needs the adapter method listSessionsByUserId, which the adapter lacks.",
      ),
    );
  });

  it("a MissingAdapterMethods thrown from inside an adapter call is passed on as itself", async () => {
    const adapter: Adapter = {
      ...MemoryAdapter(),
      listSessionsByUserId: () => {
        throw new MissingAdapterMethods("a wrapped adapter lacks listSessionsByUserId");
      },
    };
    await expect(listUserSessions(makeConfig({ adapter }), "user-1")).rejects.toMatchObject({
      name: "MissingAdapterMethods",
      message: "a wrapped adapter lacks listSessionsByUserId",
    });
  });
});

describe("events", () => {
  it("a throwing event handler is logged as an EventError naming the event, with the cause", async () => {
    const log = recordingLogger();
    const cause = new Error("analytics down");
    const config = makeConfig({
      logger: log.logger,
      events: {
        signIn: () => {
          throw cause;
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    expect(locationOf(response).href).toBe(`${APP}/`);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatchObject({ name: "EventError", message: "events.signIn threw", cause });
  });
});

describe("thrown values", () => {
  it("a thrown string is logged as an Error that quotes it", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      callbacks: {
        signIn: () => {
          throw "the policy service said no";
        },
      },
    });
    await signInWithCredentials(config);
    expect(log.errors.map((error) => error.message)).toEqual([
      "A non-Error value was thrown: the policy service said no",
    ]);
  });
});

describe("error pages", () => {
  it("an error of the error kind goes to pages.error when the app has one", async () => {
    const config = makeConfig({
      pages: { error: "/oops" },
      logger: recordingLogger().logger,
      callbacks: {
        session: () => ({ expires: "" }),
        jwt: () => {
          throw new Error("boom");
        },
      },
    });
    const location = locationOf((await signInWithCredentials(config)).response);
    expect(location.pathname).toBe("/oops");
    expect(location.searchParams.get("error")).toBe("Configuration");
  });

  it("a failure while answering /error is rendered there, not redirected back to it", async () => {
    const config = makeConfig({
      pages: { error: "/oops" },
      logger: recordingLogger().logger,
      callbacks: {
        redirect: () => {
          throw new Error("redirect callback broke");
        },
      },
    });
    const response = await send(config, "/error?error=AccessDenied");
    expect(response.status).toBe(500);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Sign-in is unavailable");
    expect(html).toContain(`href="${APP}/auth/signin"`);
  });

  it("the page for a configuration that does not resolve links to the site root", async () => {
    const response = await send(makeConfig({ secret: "" }), "/signin");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('href="/"');
  });
});
