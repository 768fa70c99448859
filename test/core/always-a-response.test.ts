/**
 * `Auth()` always resolves to a Response: whatever an app callback, an adapter or a logger throws
 * (including values that are not Errors and cannot even be turned into strings), the browser gets
 * an answer and the server a log line.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import { locationOf, makeConfig, recordingLogger, send, signInWithCredentials } from "./helpers.js";

const THROWN: Array<[string, () => unknown]> = [
  ["an object without a prototype", () => Object.create(null)],
  ["a string", () => "nope"],
  ["undefined", () => undefined],
  ["a symbol", () => Symbol("nope")],
  [
    "an object whose toString throws",
    () => ({
      toString: () => {
        throw new Error("inner");
      },
    }),
  ],
];

describe("Auth() answers whatever is thrown at it", () => {
  it.each(THROWN)(
    "a signIn callback throwing %s ends on the error page as AccessDenied, logged",
    async (_what, value) => {
      const log = recordingLogger();
      const config = makeConfig({
        logger: log.logger,
        callbacks: {
          signIn: () => {
            throw value();
          },
        },
      });
      const { response } = await signInWithCredentials(config);
      expect(locationOf(response).searchParams.get("error")).toBe("AccessDenied");
      expect(log.errors).toHaveLength(1);
      expect(log.warnings).toEqual(["AccessDenied"]);
    },
  );

  it.each(THROWN)("a session callback throwing %s gives GET /session a 500", async (_what, value) => {
    const config = makeConfig({
      logger: recordingLogger().logger,
      callbacks: {
        session: () => {
          throw value();
        },
      },
    });
    const { jar } = await signInWithCredentials(config);
    const response = await send(config, "/session", { cookie: jar });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: expect.stringContaining("server configuration") });
  });

  it.each(THROWN)("an adapter throwing %s is answered", async (_what, value) => {
    const config: AuthConfig = makeConfig({
      logger: recordingLogger().logger,
      adapter: {
        ...MemoryAdapter(),
        getSessionAndUser: () => {
          throw value();
        },
      },
    });
    const response = await send(config, "/session", {
      cookie: `__Secure-authjs.session-token=${"t".repeat(43)}`,
    });
    expect(response.status).toBe(500);
  });

  it("a logger that throws never turns an answer into a rejection", async () => {
    const exploding = () => {
      throw Object.create(null);
    };
    const config = makeConfig({
      logger: { error: exploding, warn: exploding, debug: exploding },
      debug: true,
      callbacks: {
        signIn: () => {
          throw new Error("refused loudly");
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    expect(locationOf(response).searchParams.get("error")).toBe("AccessDenied");
    const wrong = await signInWithCredentials(config, { username: "alice", password: "wrong" });
    expect(locationOf(wrong.response).searchParams.get("error")).toBe("CredentialsSignin");
  });

  it("a config that is not even an object is answered with the configuration error", async () => {
    const response = await send(null as unknown as AuthConfig, "/session");
    expect(response.status).toBe(500);
  });

  it("a request whose URL does not parse, under a config that does not resolve, gets the error page", async () => {
    // JavaScript callers can pass anything; with no route to read, the answer is the page, not JSON.
    const notARequest = { url: "not a url", method: "GET", headers: new Headers() } as unknown as Request;
    const log = recordingLogger();
    const response = await Auth(notARequest, { basePath: "auth", logger: log.logger, providers: [] });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(log.errors.map((error) => error.name)).toEqual(["InvalidConfig"]);
  });
});
